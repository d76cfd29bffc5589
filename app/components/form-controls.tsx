import type { FieldMetadata } from "@conform-to/react";
import { useValidationMessage } from "~/i18n/react";
import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";

// Labelled form controls for the signed-in areas (dark mode included). Every
// field has a visible label; an error is tied to its field and announced.

export const labelClass = "block text-sm font-medium text-slate-800 dark:text-slate-100";
export const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus-visible:border-teal-700 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-teal-600 aria-invalid:border-red-600 dark:border-slate-600 dark:bg-slate-800 dark:text-white";
export const fieldErrorClass = "mt-1 text-sm font-medium text-red-700 dark:text-red-300";
export const linkClass = "font-semibold text-teal-800 underline-offset-2 hover:underline dark:text-teal-300";

type FieldProps = { label: string; name?: string; error?: string; hint?: ReactNode; field?: SchemaField };

/** A field of a form built with useSchemaForm (docs/architecture.md, "How a form is built"). */
export type SchemaField = Pick<
  FieldMetadata<unknown>,
  "name" | "defaultValue" | "errors" | "required" | "minLength" | "maxLength" | "min" | "max" | "step" | "pattern"
>;

/**
 * The props given a value, so that `defaultValue={undefined}` leaves the schema's in place; a
 * controlled control (`value` given) drops the schema's default value.
 */
export function definedOnly<T extends object>(props: T): T & { defaultValue?: undefined } {
  const given = Object.fromEntries(Object.entries(props).filter(([, value]) => value !== undefined));
  return ("value" in given ? { defaultValue: undefined, ...given } : given) as T & { defaultValue?: undefined };
}

/**
 * What a schema's field gives its control: name, constraints and value (props given beside
 * `field` win), and its first error translated; a plain `name` and `error` pass through.
 */
export function useSchemaField({ field, name, error }: Pick<FieldProps, "field" | "name" | "error">) {
  const translate = useValidationMessage();
  if (!field) return { error, control: { name } };
  return {
    error: error ?? translate(field.errors?.[0]),
    control: {
      name: field.name,
      defaultValue: field.defaultValue,
      required: field.required,
      minLength: field.minLength,
      maxLength: field.maxLength,
      min: field.min,
      max: field.max,
      step: field.step,
      pattern: field.pattern,
    },
  };
}

/** Ids tying a control to its label, hint and error. */
function useFieldIds(hint: ReactNode, error: string | undefined, note?: ReactNode) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const noteId = note ? `${id}-note` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return {
    hintId,
    noteId,
    errorId,
    control: {
      id,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": [hintId, noteId, errorId].filter(Boolean).join(" ") || undefined,
    },
  };
}

type FieldFrameProps = Omit<FieldProps, "name"> & {
  ids: ReturnType<typeof useFieldIds>;
  className?: string;
  /** A line under the control that describes it (when it was last saved, by whom). */
  note?: ReactNode;
  children: ReactNode;
};

function FieldFrame({ ids, label, error, hint, note, className, children }: FieldFrameProps) {
  return (
    <div className={className}>
      <label htmlFor={ids.control.id} className={labelClass}>
        {label}
      </label>
      {hint && (
        <p id={ids.hintId} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {hint}
        </p>
      )}
      {children}
      {note && (
        <p id={ids.noteId} className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          {note}
        </p>
      )}
      {error && <FieldError id={ids.errorId}>{error}</FieldError>}
    </div>
  );
}

/**
 * What is wrong with one field, said as it is shown: tie it to the control with `id` in the
 * control's aria-describedby (the fields above do it themselves; groups of checkboxes and
 * radios, and controls of their own, name it).
 */
export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className={fieldErrorClass}>
      {children}
    </p>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & FieldProps;

export function TextField({ label, name, error, hint, field, className, ...input }: TextFieldProps) {
  const schema = useSchemaField({ field, name, error });
  const ids = useFieldIds(hint, schema.error);
  return (
    <FieldFrame ids={ids} label={label} error={schema.error} hint={hint} className={className}>
      <input {...ids.control} {...schema.control} className={inputClass} {...definedOnly(input)} />
    </FieldFrame>
  );
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> & FieldProps & { children: ReactNode };

export function SelectField({ label, name, error, hint, field, className, children, ...select }: SelectFieldProps) {
  const schema = useSchemaField({ field, name, error });
  const {
    minLength: _minLength,
    maxLength: _maxLength,
    min: _min,
    max: _max,
    step: _step,
    pattern: _pattern,
    ...control
  } = schema.control;
  const ids = useFieldIds(hint, schema.error);
  return (
    <FieldFrame ids={ids} label={label} error={schema.error} hint={hint} className={className}>
      <select {...ids.control} {...control} className={inputClass} {...definedOnly(select)}>
        {children}
      </select>
    </FieldFrame>
  );
}

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> &
  FieldProps & { ref?: Ref<HTMLTextAreaElement>; note?: ReactNode };

export function TextAreaField({ label, name, error, hint, note, field, className, ...textarea }: TextAreaFieldProps) {
  const schema = useSchemaField({ field, name, error });
  const { min: _min, max: _max, step: _step, pattern: _pattern, ...control } = schema.control;
  const ids = useFieldIds(hint, schema.error, note);
  return (
    <FieldFrame ids={ids} label={label} error={schema.error} hint={hint} note={note} className={className}>
      <textarea {...ids.control} {...control} className={inputClass} {...definedOnly(textarea)} />
    </FieldFrame>
  );
}

type FileFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type"> &
  Omit<FieldProps, "field"> & {
    /** A control beside the file input (an Upload button), on its line from the small breakpoint up. */
    beside?: ReactNode;
  };

const fileInputClass = `${inputClass} file:mr-3 file:rounded-md file:border-0 file:bg-teal-50 file:px-3 file:py-2 file:font-semibold file:text-teal-900`;

/** A file to upload: its label, what it may be, and what is wrong with the one chosen. */
export function FileField({ label, name, error, hint, beside, className, ...input }: FileFieldProps) {
  const ids = useFieldIds(hint, error);
  const control = <input {...ids.control} type="file" name={name} className={fileInputClass} {...definedOnly(input)} />;
  return (
    <FieldFrame ids={ids} label={label} error={error} hint={hint} className={className}>
      {beside ? (
        <div className="mt-1 flex flex-col gap-2 sm:flex-row sm:items-center">
          {control}
          {beside}
        </div>
      ) : (
        control
      )}
    </FieldFrame>
  );
}

type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type"> &
  Omit<FieldProps, "label" | "hint"> & { label: ReactNode };

/**
 * One checkbox with its label beside it (a consent, the terms): checked by a click on either, its
 * error under it. With a schema's `field`, the box starts checked when the value sent back was "on".
 */
export function CheckboxField({ label, name, error, field, className, ...input }: CheckboxFieldProps) {
  const schema = useSchemaField({ field, name, error });
  const ids = useFieldIds(undefined, schema.error);
  const { defaultValue, ...control } = schema.control;
  return (
    <div className={className}>
      <label className="flex min-h-11 cursor-pointer items-start gap-3 text-slate-900 dark:text-white">
        <input
          {...ids.control}
          {...control}
          type="checkbox"
          defaultChecked={input.checked !== undefined || defaultValue === undefined ? undefined : defaultValue === "on"}
          className="mt-1 size-5 shrink-0 accent-teal-700"
          {...definedOnly(input)}
        />
        <span>{label}</span>
      </label>
      {schema.error && <FieldError id={ids.errorId}>{schema.error}</FieldError>}
    </div>
  );
}

/** A card holding one section of a signed-in page. */
export const sectionClass =
  "rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-700 dark:bg-slate-900";

export const primaryButtonClass =
  "inline-flex min-h-11 items-center justify-center rounded-lg bg-teal-700 px-5 py-2.5 font-semibold text-white hover:bg-teal-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600 disabled:cursor-progress disabled:bg-slate-600";

export const secondaryButtonClass =
  "inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600 disabled:cursor-progress disabled:opacity-80 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700";

export function SubmitButton({
  isPending,
  pendingLabel,
  children,
  variant = "primary",
  name,
  value,
  className,
}: {
  isPending: boolean;
  pendingLabel: string;
  children: ReactNode;
  variant?: "primary" | "secondary";
  name?: string;
  value?: string;
  /** Added to the variant's classes (a width, say). */
  className?: string;
}) {
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={isPending}
      aria-busy={isPending || undefined}
      className={[variant === "primary" ? primaryButtonClass : secondaryButtonClass, className]
        .filter(Boolean)
        .join(" ")}
    >
      {isPending ? pendingLabel : children}
    </button>
  );
}

const NOTICE_STYLES = {
  error: "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100",
  success: "border-teal-300 bg-teal-50 text-teal-900 dark:border-teal-800 dark:bg-teal-950/50 dark:text-teal-50",
  warning: "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-50",
} as const;

/**
 * A message about a whole form: errors are alerts, other notices polite status updates unless
 * `isUrgent` (a refusal such as a rate limit, which interrupts).
 */
export function FormNotice({
  id,
  tone,
  isUrgent = false,
  className,
  children,
}: {
  /** The form's error id (`form.errorId`) for a notice of a schema form's own errors: the form names it. */
  id?: string;
  tone: keyof typeof NOTICE_STYLES;
  isUrgent?: boolean;
  /** Added to the notice's classes (a margin, say). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      id={id}
      role={tone === "error" || isUrgent ? "alert" : "status"}
      className={[`rounded-lg border px-4 py-3 text-sm font-medium ${NOTICE_STYLES[tone]}`, className]
        .filter(Boolean)
        .join(" ")}
    >
      {children}
    </div>
  );
}

/** Field errors of a zod issue list, first message per field. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? "");
    errors[key] ??= issue.message;
  }
  return errors;
}
