import { data } from "react-router";
import type { CurrentUser } from "~/platform/auth/session.server";
import type { MoveResult } from "~/components/orders/visit-move-controls";
import {
  acceptVisitMove,
  declineVisitMove,
  requestVisitMove,
  withdrawVisitMove,
} from "~/features/visits/visit-moves.server";
import { AnswerMoveSchema, MoveVisitSchema, WithdrawMoveSchema } from "~/features/visits/visit-moves";
import { validationText } from "~/i18n/i18n.server";
import type { Locale } from "~/i18n/config";
import { refusalData } from "~/i18n/refusal-response";
import { z } from "zod";
import { parseForm } from "~/utils/form-data.server";

// The order page's server half: the move posts (docs/product-rules.md, "Moving a visit"), the family's "Move" and
// "Withdraw" on the order page (routes/client/order.tsx), and the caregiver's Accept and Decline on the schedule (routes/caregiver/schedule.tsx).
// Refusals come back in the person's language, tied to their field where they have one.

type FieldErrors = NonNullable<MoveResult["fieldErrors"]>;
const FIELDS = ["date", "startTime", "durationMinutes", "reason"] as const;

const IntentSchema = z.object({ intent: z.string().optional() });

/** The form's intent, read from a copy of the request so that the form itself can still be parsed. */
export async function moveIntentOf(request: Request): Promise<string | null> {
  const submission = await parseForm(request.clone(), IntentSchema);
  return submission.status === "success" ? (submission.value.intent ?? null) : null;
}

function invalid(
  intent: MoveResult["intent"],
  error: Record<string, string[] | null> | null | undefined,
  locale: Locale,
) {
  const fieldErrors: FieldErrors = {};
  for (const field of FIELDS) {
    const message = error?.[field]?.[0];
    if (message) fieldErrors[field] = validationText(locale, message);
  }
  const message = Object.keys(fieldErrors).length === 0 ? validationText(locale, "validation:fieldInvalid") : undefined;
  return data<MoveResult>({ ok: false, intent, fieldErrors, message }, 400);
}

function refused(intent: MoveResult["intent"], error: unknown, locale: Locale) {
  return refusalData<MoveResult>(error, locale, ({ text, field }) =>
    field === "date" ? { ok: false, intent, fieldErrors: { date: text } } : { ok: false, intent, message: text },
  );
}

/** The family: "move" (new times) or "withdraw-move". */
export async function familyMoveAction(user: CurrentUser, intent: string, request: Request, locale: Locale) {
  if (intent === "move") {
    const submission = await parseForm(request, MoveVisitSchema);
    if (submission.status !== "success") return invalid("move", submission.error, locale);
    try {
      await requestVisitMove({ actor: user, input: submission.value });
      return data<MoveResult>({ ok: true, intent: "move" });
    } catch (error) {
      return refused("move", error, locale);
    }
  }
  const submission = await parseForm(request, WithdrawMoveSchema);
  if (submission.status !== "success") return invalid("withdraw-move", submission.error, locale);
  try {
    await withdrawVisitMove({ actor: user, moveId: submission.value.moveId });
    return data<MoveResult>({ ok: true, intent: "withdraw-move" });
  } catch (error) {
    return refused("withdraw-move", error, locale);
  }
}

/** The caregiver: "accept-move" or "decline-move" (a reason optional). */
export async function caregiverMoveAction(user: CurrentUser, request: Request, locale: Locale) {
  const submission = await parseForm(request, AnswerMoveSchema);
  if (submission.status !== "success") return invalid("decline-move", submission.error, locale);
  const { intent, moveId, reason } = submission.value;
  try {
    if (intent === "accept-move") await acceptVisitMove({ actor: user, moveId });
    else await declineVisitMove({ actor: user, moveId, reason });
    return data<MoveResult>({ ok: true, intent });
  } catch (error) {
    return refused(intent, error, locale);
  }
}
