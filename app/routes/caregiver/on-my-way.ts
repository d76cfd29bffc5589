import { data } from "react-router";
import { actorAs } from "~/platform/auth/actor";
import { currentUserContext } from "~/platform/auth/guards.server";
import { sayOnMyWay } from "~/features/visits/on-my-way.server";
import { OnMyWaySchema } from "~/features/visits/on-my-way";
import { getServerT } from "~/i18n/i18n.server";
import { refusalData } from "~/i18n/refusal-response";
import { parseForm } from "~/utils/form-data.server";
import type { Route } from "./+types/on-my-way";

// POST /caregiver/visits/:visitId/on-my-way: "On my way" with an estimate or a typed arrival time
// (docs/product-rules.md, "On my way"). Answers JSON: { ok: true, arrivesAt } once the family is told,
// or { ok: false, reason, message } with the refusal's status.

export type OnMyWayAnswer = { ok: true; arrivesAt: string } | { ok: false; reason: string; message: string };

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = context.get(currentUserContext);
  const { locale, t } = getServerT(request, "visits", user.locale);
  const submission = await parseForm(request, OnMyWaySchema);
  if (submission.status !== "success") {
    return data<OnMyWayAnswer>({ ok: false, reason: "invalid", message: t("onMyWay.timeNeeded") }, { status: 400 });
  }
  try {
    const result = await sayOnMyWay({
      actor: actorAs(user, "caregiver"),
      visitId: params.visitId,
      arrival: submission.value,
    });
    return data<OnMyWayAnswer>({ ok: true, arrivesAt: result.arrivesAt.toISOString() });
  } catch (error) {
    return refusalData<OnMyWayAnswer>(error, locale, (refusal) => ({
      ok: false,
      reason: refusal.reason ?? refusal.code,
      message: refusal.text,
    }));
  }
}
