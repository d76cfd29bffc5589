import { data } from "react-router";
import { requireRole } from "~/platform/auth/session.server";
import type { Role } from "~/utils/roles";
import { isTwoFactorIntent, type TwoFactorActionResult } from "~/features/accounts/two-factor";
import { changeTwoFactor, twoFactorSetupFromForm } from "~/features/accounts/two-factor.server";
import { getServerT } from "~/i18n/i18n.server";
import { refusalData } from "~/i18n/refusal-response";
import { readForm } from "~/utils/form-data.server";

/** The action of a settings page with the two-factor section, for users holding one of `roles`. */
export async function twoFactorAction(request: Request, roles: readonly Role[]) {
  const user = await requireRole(request, roles);
  const { locale, t } = getServerT(request, "account", user.locale);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (!isTwoFactorIntent(intent)) throw data(t("twoFactor.unknownAction"), { status: 400 });
  try {
    const { result, setCookies } = await changeTwoFactor({ request, userId: user.id, intent, form });
    const headers = new Headers();
    for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
    return data<TwoFactorActionResult>(result, { headers });
  } catch (error) {
    // A mistyped code can be tried again: the setup goes back with the error.
    const setup = intent === "2fa-verify" ? twoFactorSetupFromForm(form) : undefined;
    return refusalData<TwoFactorActionResult>(error, locale, ({ field = "password", text }) => ({
      intent,
      ok: false,
      // The feature's refusal (or the schema's message), worded in the person's language.
      fieldErrors: { [field]: text },
      ...(setup ? { setup } : {}),
    }));
  }
}
