import { useState } from "react";
import { PasswordInput } from "./password-input";
import { PasswordStrengthMeter } from "./password-strength-meter";

/**
 * A new password with its strength meter (spec 5) and its confirmation, as
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
  return (
    <>
      <div className={className}>
        <PasswordInput
          id={`${idPrefix}-password`}
          name="password"
          label="Password"
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
          label="Confirm password"
          autoComplete="new-password"
          error={errors.confirmPassword}
        />
      </div>
    </>
  );
}
