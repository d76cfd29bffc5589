import { Eye, EyeOff } from "lucide-react";
import { useState, type InputHTMLAttributes } from "react";
import { useT } from "~/i18n/react";
import { definedOnly, FieldError, inputClass, labelClass, useSchemaField, type SchemaField } from "./form-controls";

type PasswordInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "type"> & {
  id: string;
  name?: string;
  label: string;
  error?: string;
  /** A schema's field (docs/architecture.md, "How a form is built"), in place of `name` and `error`. */
  field?: SchemaField;
  /** Ids of further descriptions, such as a strength meter. */
  describedBy?: string;
};

/** A labelled password input with a Show / Hide toggle. */
export function PasswordInput({
  id,
  name,
  label,
  error: givenError,
  describedBy,
  field,
  ...input
}: PasswordInputProps) {
  const { error, control } = useSchemaField({ field, name, error: givenError });
  const { min: _min, max: _max, step: _step, ...constraints } = control;
  const [isVisible, setIsVisible] = useState(false);
  const { t } = useT("auth");
  const descriptions = [describedBy, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          {...constraints}
          type={isVisible ? "text" : "password"}
          aria-invalid={error ? true : undefined}
          aria-describedby={descriptions || undefined}
          className={`${inputClass} pr-12`}
          {...definedOnly(input)}
        />
        <button
          type="button"
          onClick={() => setIsVisible((visible) => !visible)}
          aria-label={t(isVisible ? "password.hide" : "password.show", { label: label.toLowerCase() })}
          aria-pressed={isVisible}
          aria-controls={id}
          className="absolute inset-y-0 right-0 mt-1 flex w-11 items-center justify-center rounded-r-lg text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
        >
          {isVisible ? <EyeOff aria-hidden="true" className="size-5" /> : <Eye aria-hidden="true" className="size-5" />}
        </button>
      </div>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}
