import { data } from "react-router";
import { requireRole } from "~/auth/session.server";
import type { Role } from "~/db/schema";
import { isTwoFactorIntent } from "~/features/accounts/two-factor";
import { changeTwoFactor } from "~/features/accounts/two-factor.server";

/** The action of a settings page with the two-factor section, for users holding one of `roles`. */
export async function twoFactorAction(request: Request, roles: readonly Role[]) {
  const user = await requireRole(request, roles);
  const form = await request.formData();
  const intent = form.get("intent");
  if (!isTwoFactorIntent(intent)) throw data("Unknown action", { status: 400 });
  const { result, setCookies } = await changeTwoFactor({ request, userId: user.id, intent, form });
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return data(result, { headers, status: result.ok ? 200 : 400 });
}
