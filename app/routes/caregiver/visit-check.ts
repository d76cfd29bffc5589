import { data } from "react-router";
import { actorAs } from "~/platform/auth/actor";
import { currentUserContext } from "~/platform/auth/guards.server";
import { recordCheck } from "~/features/visits/check-in.server";
import { CheckPostSchema } from "~/features/visits/visits.schema";
import { getServerT } from "~/i18n/i18n.server";
import { refusalData } from "~/i18n/refusal-response";
import { parseForm } from "~/utils/form-data.server";
import type { Route } from "./+types/visit-check";

// POST /caregiver/visits/:visitId/check: one check-in or check-out, sent by
// the page at the press or later by the phone's outbox (check-outbox.ts).
// Answers JSON: { ok: true, ... } once recorded (also for a repeat of an
// event already recorded), or { ok: false, reason, message } with the status
// of the refusal; the outbox keeps the event only on a 5xx or no answer.

export type CheckAnswer =
  | { ok: true; kind: string; occurredAt: string; isLateSync: boolean; isRepeat: boolean; visitStatus: string }
  | { ok: false; reason: string; message: string };

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = context.get(currentUserContext);
  const { locale, t } = getServerT(request, "visits", user.locale);
  // The outbox's wire format stays as it is: the event as JSON in one field, refused as a whole.
  const submission = await parseForm(request, CheckPostSchema);
  if (submission.status !== "success") {
    return data<CheckAnswer>({ ok: false, reason: "invalid", message: t("refusal.invalid") }, { status: 400 });
  }
  const { kind, clientEventId, occurredAt, verification, shortReason } = submission.value.event;
  try {
    const result = await recordCheck({
      actor: actorAs(user, "caregiver"),
      visitId: params.visitId,
      kind,
      clientEventId,
      occurredAt: new Date(occurredAt),
      verification,
      shortReason,
    });
    return data<CheckAnswer>({
      ok: true,
      kind: result.kind,
      occurredAt: result.occurredAt.toISOString(),
      isLateSync: result.isLateSync,
      isRepeat: result.isRepeat,
      visitStatus: result.visitStatus,
    });
  } catch (error) {
    return refusalData<CheckAnswer>(error, locale, (refusal) => ({
      ok: false,
      reason: refusal.reason ?? refusal.code,
      message: refusal.text,
    }));
  }
}
