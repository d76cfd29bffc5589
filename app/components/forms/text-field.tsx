import type { InputHTMLAttributes } from "react";
import { fieldErrorClass, inputClass, labelClass } from "./styles";

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name"> & {
  id: string;
  name: string;
  label: string;
  error?: string;
  hint?: string;
};

/** A labelled input whose error is announced and tied to it (aria-describedby). */
export function TextField({ id, name, label, error, hint, ...input }: TextFieldProps) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={inputClass}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className={fieldErrorClass}>
          {error}
        </p>
      )}
    </div>
  );
}
