import { useEffect, useRef, type ReactNode } from "react";
import { Link } from "react-router";
import { ConnectionNotice } from "~/components/connection-notice";
import { primaryButtonClass, secondaryButtonClass, SelectField, FieldError } from "~/components/form-controls";
import { APPLICATION_STEPS, stepPath, type StepId } from "~/features/caregiver-onboarding/application";
import { labelKey } from "~/i18n/keys";
import { LOCALES, type Locale } from "~/i18n/config";
import { useLocale, useT, type Translate } from "~/i18n/react";

// Pieces shared by the steps of the caregiver application.

export function StepHeading({ step, children }: { step: StepId; children?: ReactNode }) {
  const { t } = useT("onboarding");
  const index = APPLICATION_STEPS.findIndex((entry) => entry.id === step);
  return (
    <header className="mb-6">
      <p className="text-sm font-semibold text-teal-800 dark:text-teal-300">
        {t("stepParts.stepOf", { number: index + 1, total: APPLICATION_STEPS.length })}
      </p>
      <h1 className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">{t(`steps.${step}`)}</h1>
      {children && <div className="mt-2 text-slate-700 dark:text-slate-300">{children}</div>}
    </header>
  );
}

export function StepActions({
  back,
  isSubmitting,
  label,
  pendingLabel,
}: {
  back?: StepId;
  isSubmitting: boolean;
  /** "Save and continue" unless told otherwise. */
  label?: string;
  /** "Saving..." unless told otherwise. */
  pendingLabel?: string;
}) {
  const { t } = useT("onboarding");
  return (
    <>
      <ConnectionNotice className="mt-8" />
      <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        {back ? (
          <Link to={stepPath(back)} className={secondaryButtonClass}>
            {t("stepParts.back")}
          </Link>
        ) : (
          <span />
        )}
        <button
          type="submit"
          disabled={isSubmitting}
          aria-busy={isSubmitting || undefined}
          className={primaryButtonClass}
        >
          {isSubmitting ? (pendingLabel ?? t("stepParts.saving")) : (label ?? t("stepParts.saveAndContinue"))}
        </button>
      </div>
    </>
  );
}

/**
 * A choice of "How you know them" (REFERENCE_RELATIONSHIPS, kept in English in
 * the answers) in the active language; an answer in other words stays as written.
 */
export function relationshipName(t: Translate, relationship: string): string {
  const key = labelKey(relationship);
  return key ? t(`background.relationships.${key}`, { defaultValue: relationship }) : relationship;
}

export function CheckboxGroup({
  legend,
  name,
  options,
  defaultValues,
  error,
  columns = 2,
}: {
  legend: string;
  name: string;
  options: readonly { value: string; label: string }[];
  defaultValues: readonly string[];
  error?: string;
  columns?: 1 | 2 | 3;
}) {
  const errorId = `${name}-error`;
  const grid = columns === 3 ? "sm:grid-cols-3" : columns === 2 ? "sm:grid-cols-2" : "";
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-100">{legend}</legend>
      <div className={`mt-2 grid gap-2 ${grid}`}>
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-slate-800 has-checked:border-teal-600 has-checked:bg-teal-50 dark:border-slate-700 dark:text-slate-100 dark:has-checked:bg-teal-950/40"
          >
            <input
              type="checkbox"
              name={name}
              value={option.value}
              defaultChecked={defaultValues.includes(option.value)}
              className="size-5 accent-teal-700"
            />
            {option.label}
          </label>
        ))}
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </fieldset>
  );
}

/**
 * The language the bio ("About you") is written in, offered as the page's language until the
 * caregiver has said; the public profile marks a bio in the reader's other language
 * (docs/product-rules.md, "Languages").
 */
export function BioLanguageField({ defaultValue, error }: { defaultValue?: Locale | null; error?: string }) {
  const { t } = useT("onboarding");
  const pageLocale = useLocale();
  return (
    <SelectField
      label={t("experience.bioLanguage")}
      name="bioLanguage"
      hint={t("experience.bioLanguageHint")}
      defaultValue={defaultValue ?? pageLocale}
      error={error}
      className="max-w-xs"
    >
      {LOCALES.map((locale) => (
        <option key={locale} value={locale}>
          {t(`experience.bioLanguages.${locale}`)}
        </option>
      ))}
    </SelectField>
  );
}

const STORAGE_PREFIX = "tendly-caregiver-application:";

/**
 * Keeps what is typed into a step's form in browser storage until the server
 * has it (the caregiver registration draft lives in browser storage),
 * so a reload, a refused submission or a lost connection loses nothing.
 * Passwords and files are never kept. Reaching a step means the steps before
 * it were saved: their copies are dropped then. Returns the form's ref.
 */
export function useBrowserDraft(step: StepId) {
  const formRef = useRef<HTMLFormElement>(null);
  const key = STORAGE_PREFIX + step;

  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    try {
      const index = APPLICATION_STEPS.findIndex((entry) => entry.id === step);
      for (const entry of APPLICATION_STEPS.slice(0, index)) window.localStorage.removeItem(STORAGE_PREFIX + entry.id);
      const saved = JSON.parse(window.localStorage.getItem(key) ?? "null") as Record<string, string[]> | null;
      if (saved) restore(form, saved);
    } catch {
      // Storage blocked or its content unreadable: the form keeps the server's answers.
    }
    const save = () => {
      try {
        window.localStorage.setItem(key, JSON.stringify(snapshot(form)));
      } catch {
        // Storage full or blocked: the form still works, only the draft is not kept.
      }
    };
    form.addEventListener("input", save);
    form.addEventListener("change", save);
    return () => {
      form.removeEventListener("input", save);
      form.removeEventListener("change", save);
    };
  }, [key, step]);

  return formRef;
}

/** Forgets every step kept in browser storage (after the application is submitted). */
export function clearBrowserDrafts() {
  try {
    for (const entry of APPLICATION_STEPS) window.localStorage.removeItem(STORAGE_PREFIX + entry.id);
  } catch {
    // nothing kept
  }
}

// A password field shown in clear is a text field: known by its name too.
const SECRET_NAMES = new Set(["password", "confirmPassword"]);

function keptControls(form: HTMLFormElement) {
  return Array.from(form.elements).filter(
    (element): element is HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement =>
      (element instanceof HTMLInputElement ||
        element instanceof HTMLTextAreaElement ||
        element instanceof HTMLSelectElement) &&
      !!element.name &&
      !SECRET_NAMES.has(element.name) &&
      !(element instanceof HTMLInputElement && ["password", "file", "hidden", "submit"].includes(element.type)),
  );
}

function snapshot(form: HTMLFormElement): Record<string, string[]> {
  const values: Record<string, string[]> = {};
  for (const control of keptControls(form)) {
    values[control.name] ??= [];
    if (control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio")) {
      if (control.checked) values[control.name]!.push(control.value);
    } else {
      values[control.name]!.push(control.value);
    }
  }
  return values;
}

function restore(form: HTMLFormElement, saved: Record<string, string[]>) {
  for (const control of keptControls(form)) {
    const values = saved[control.name];
    if (!values) continue;
    if (control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio")) {
      control.checked = values.includes(control.value);
    } else {
      control.value = values[0] ?? "";
    }
  }
}
