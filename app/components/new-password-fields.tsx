import { useState } from "react";
import { useT } from "~/i18n/react";
import type { SchemaField } from "./form-controls";
import { PasswordInput } from "./password-input";
import { PasswordStrengthMeter } from "./password-strength-meter";

/**
 * A new password with its strength meter (docs/product-rules.md, "Accounts and sign-in") and its confirmation, as
 * the account-creating forms ask for them. Ids start with `idPrefix`.
 */
export function NewPasswordFields({
  idPrefix,
  fields,
  errors = {},
  className,
}: {
  idPrefix: string;
  /** The form's schema fields (docs/architecture.md, "How a form is built"). */
  fields?: { password: SchemaField; confirmPassword: SchemaField };
  /** The errors shown, translated, where the form has no schema fields. */
  errors?: { password?: string; confirmPassword?: string };
  className?: string;
}) {
  const [password, setPassword] = useState("");
  const { t } = useT("auth");
  return (
    <>
      <div className={className}>
        <PasswordInput
          id={`${idPrefix}-password`}
          name="password"
          field={fields?.password}
          error={errors.password}
          label={t("signInForm.password")}
          autoComplete="new-password"
          describedBy={`${idPrefix}-password-strength`}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <PasswordStrengthMeter id={`${idPrefix}-password-strength`} password={password} />
      </div>
      <div className={className}>
        <PasswordInput
          id={`${idPrefix}-confirm-password`}
          name="confirmPassword"
          field={fields?.confirmPassword}
          error={errors.confirmPassword}
          label={t("password.confirmPassword")}
          autoComplete="new-password"
        />
      </div>
    </>
  );
}
