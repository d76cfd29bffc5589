import { passwordStrength, type PasswordStrength } from "~/features/accounts/accounts.schema";
import { useT } from "~/i18n/react";

const BAR_COLOURS: Record<PasswordStrength, string> = {
  "Too Short": "bg-red-600",
  Good: "bg-amber-500",
  Strong: "bg-teal-600",
  "Very Strong": "bg-green-700",
};

/**
 * The strength meter (docs/product-rules.md, "Accounts and sign-in"): Too Short under 8 characters, then Good, Strong or
 * Very Strong by how many of the five criteria are met. Upper case, lower
 * case, numbers and symbols are suggestions, never requirements.
 */
export function PasswordStrengthMeter({ id, password }: { id: string; password: string }) {
  const { label, criteriaMet } = passwordStrength(password);
  const { t } = useT("auth");
  return (
    <div id={id} className="mt-2" aria-live="polite">
      <div className="flex gap-1" aria-hidden="true">
        {[1, 2, 3, 4, 5].map((step) => (
          <span
            key={step}
            className={`h-1.5 flex-1 rounded-full ${
              password && step <= criteriaMet ? BAR_COLOURS[label] : "bg-slate-200 dark:bg-slate-700"
            }`}
          />
        ))}
      </div>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-200">
        {t("password.strength")}{" "}
        <span className="font-semibold">{t(`password.levels.${password ? label : "Too Short"}`)}</span>
      </p>
      <p className="text-xs text-slate-600 dark:text-slate-300">{t("password.strengthHint")}</p>
    </div>
  );
}
