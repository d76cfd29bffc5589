import { useState } from "react";
import { useT } from "~/i18n/react";
import { PasswordInput } from "./password-input";
import { PasswordStrengthMeter } from "./password-strength-meter";

/**
 * A new password with its strength meter (docs/product-rules.md, "Accounts and sign-in") and its confirmation, as
 * the account-creating forms ask for them. Ids start with `idPrefix`.
 */
export function NewPasswordFields({
  idPrefix,
  errors,
  className,
}: {
  idPrefix: string;
  errors: { password?: string; confirmPassword?: string };
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
          label={t("signInForm.password")}
          autoComplete="new-password"
          error={errors.password}
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
          label={t("password.confirmPassword")}
          autoComplete="new-password"
          error={errors.confirmPassword}
        />
      </div>
    </>
  );
}
