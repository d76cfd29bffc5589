import type { ReactNode } from "react";
import { labelClass, FieldError } from "~/components/form-controls";

// A group of checkboxes or radio buttons with a legend, as large touch targets.

export const choiceClass =
  "flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-4 py-3 has-checked:border-teal-700 has-checked:bg-teal-50 dark:border-slate-600 dark:has-checked:bg-teal-950";

export function ChoiceGroup<Value extends string>({
  legend,
  name,
  type,
  options,
  isChecked,
  onToggle,
  error,
  hint,
}: {
  legend: string;
  name: string;
  type: "checkbox" | "radio";
  options: readonly { value: Value; label: ReactNode }[];
  isChecked: (value: Value) => boolean;
  onToggle: (value: Value, checked: boolean) => void;
  error?: string;
  hint?: string;
}) {
  const errorId = `${name}-error`;
  const hintId = `${name}-hint`;
  return (
    <fieldset
      aria-describedby={[hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ") || undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className={labelClass}>{legend}</legend>
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {hint}
        </p>
      )}
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        {options.map((option) => (
          <label key={option.value} className={choiceClass}>
            <input
              type={type}
              name={name}
              value={option.value}
              checked={isChecked(option.value)}
              onChange={(event) => onToggle(option.value, event.target.checked)}
              className="size-5 shrink-0 accent-teal-700"
            />
            <span className="font-medium text-slate-900 dark:text-white">{option.label}</span>
          </label>
        ))}
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </fieldset>
  );
}
