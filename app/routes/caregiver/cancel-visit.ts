import { redirect } from "react-router";
import { requireRole } from "~/platform/auth/session.server";
import { getServerT } from "~/i18n/i18n.server";
import type { Route } from "./+types/cancel-visit";
import { cancelVisitAction } from "./cancel-visit.server";

// POST only: the caregiver cannot make one of their visits (cancel-visit-control.tsx).

export function loader() {
  throw redirect("/caregiver/schedule");
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireRole(request, ["caregiver"]);
  const { locale } = getServerT(request, "alerts", user.locale);
  return cancelVisitAction(user, params.visitId, request, locale);
}
