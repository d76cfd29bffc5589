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
import type { ScheduleChangeResult } from "~/components/orders/schedule-change-controls";
import {
  acceptScheduleChange,
  declineScheduleChange,
  requestScheduleChange,
  withdrawScheduleChange,
} from "~/features/visits/schedule-changes.server";
import {
  AnswerScheduleChangeSchema,
  ChangeScheduleSchema,
  WithdrawScheduleChangeSchema,
} from "~/features/visits/schedule-changes";
import { validationText } from "~/i18n/i18n.server";
import type { Locale } from "~/i18n/config";
import { refusalData } from "~/i18n/refusal-response";
import { z } from "zod";
import { parseForm } from "~/utils/form-data.server";

// The order page's server half: the move and schedule-change posts (docs/product-rules.md, "Moving a visit"), the
// family's "Move", "Change the schedule" and "Withdraw" on the order page (routes/client/order.tsx), and the
// caregiver's Accept and Decline on the schedule (routes/caregiver/schedule.tsx).
// Refusals come back in the person's language, tied to their field where they have one.

type AnswerResult = MoveResult | ScheduleChangeResult;
const MOVE_FIELDS = ["date", "startTime", "durationMinutes", "reason"] as const;
const CHANGE_FIELDS = ["fromDate", "days", "startTime", "endTime", "reason"] as const;

const IntentSchema = z.object({ intent: z.string().optional() });

/**
 * The caregiver's answer to a family's request, wherever it is shown (their home and their schedule): accept or
 * decline a move of one visit, or a change of a weekly order's schedule.
 */
export async function caregiverAnswerAction(user: CurrentUser, request: Request, locale: Locale) {
  const intent = await moveIntentOf(request);
  if (intent === "accept-schedule-change" || intent === "decline-schedule-change")
    return caregiverScheduleChangeAction(user, request, locale);
  return caregiverMoveAction(user, request, locale);
}

/** The form's intent, read from a copy of the request so that the form itself can still be parsed. */
export async function moveIntentOf(request: Request): Promise<string | null> {
  const submission = await parseForm(request.clone(), IntentSchema);
  return submission.status === "success" ? (submission.value.intent ?? null) : null;
}

function invalid<R extends AnswerResult>(
  intent: R["intent"],
  error: Record<string, string[] | null> | null | undefined,
  locale: Locale,
  fields: readonly string[] = MOVE_FIELDS,
) {
  const fieldErrors: Record<string, string> = {};
  for (const field of fields) {
    const message = error?.[field]?.[0];
    if (message) fieldErrors[field] = validationText(locale, message);
  }
  const message = Object.keys(fieldErrors).length === 0 ? validationText(locale, "validation:fieldInvalid") : undefined;
  return data({ ok: false, intent, fieldErrors, message } as R, 400);
}

function refused<R extends AnswerResult>(intent: R["intent"], error: unknown, locale: Locale) {
  return refusalData<R>(
    error,
    locale,
    ({ text, field }) =>
      (field && field !== "reason"
        ? { ok: false, intent, fieldErrors: { [field]: text } }
        : { ok: false, intent, message: text }) as R,
  );
}

/** The family: "move" (new times) or "withdraw-move". */
export async function familyMoveAction(user: CurrentUser, intent: string, request: Request, locale: Locale) {
  if (intent === "move") {
    const submission = await parseForm(request, MoveVisitSchema);
    if (submission.status !== "success") return invalid<MoveResult>("move", submission.error, locale);
    try {
      await requestVisitMove({ actor: user, input: submission.value });
      return data<MoveResult>({ ok: true, intent: "move" });
    } catch (error) {
      return refused<MoveResult>("move", error, locale);
    }
  }
  const submission = await parseForm(request, WithdrawMoveSchema);
  if (submission.status !== "success") return invalid<MoveResult>("withdraw-move", submission.error, locale);
  try {
    await withdrawVisitMove({ actor: user, moveId: submission.value.moveId });
    return data<MoveResult>({ ok: true, intent: "withdraw-move" });
  } catch (error) {
    return refused<MoveResult>("withdraw-move", error, locale);
  }
}

/** The caregiver: "accept-move" or "decline-move" (a reason optional). */
export async function caregiverMoveAction(user: CurrentUser, request: Request, locale: Locale) {
  const submission = await parseForm(request, AnswerMoveSchema);
  if (submission.status !== "success") return invalid<MoveResult>("decline-move", submission.error, locale);
  const { intent, moveId, reason } = submission.value;
  try {
    if (intent === "accept-move") await acceptVisitMove({ actor: user, moveId });
    else await declineVisitMove({ actor: user, moveId, reason });
    return data<MoveResult>({ ok: true, intent });
  } catch (error) {
    return refused<MoveResult>(intent, error, locale);
  }
}

/** The family: "change-schedule" (from a date, days and hours) or "withdraw-schedule-change". */
export async function familyScheduleChangeAction(user: CurrentUser, intent: string, request: Request, locale: Locale) {
  if (intent === "change-schedule") {
    const submission = await parseForm(request, ChangeScheduleSchema);
    if (submission.status !== "success")
      return invalid<ScheduleChangeResult>("change-schedule", submission.error, locale, CHANGE_FIELDS);
    try {
      await requestScheduleChange({ actor: user, input: submission.value });
      return data<ScheduleChangeResult>({ ok: true, intent: "change-schedule" });
    } catch (error) {
      return refused<ScheduleChangeResult>("change-schedule", error, locale);
    }
  }
  const submission = await parseForm(request, WithdrawScheduleChangeSchema);
  if (submission.status !== "success")
    return invalid<ScheduleChangeResult>("withdraw-schedule-change", submission.error, locale, CHANGE_FIELDS);
  try {
    await withdrawScheduleChange({ actor: user, changeId: submission.value.changeId });
    return data<ScheduleChangeResult>({ ok: true, intent: "withdraw-schedule-change" });
  } catch (error) {
    return refused<ScheduleChangeResult>("withdraw-schedule-change", error, locale);
  }
}

/** The caregiver: "accept-schedule-change" or "decline-schedule-change" (a reason optional). */
export async function caregiverScheduleChangeAction(user: CurrentUser, request: Request, locale: Locale) {
  const submission = await parseForm(request, AnswerScheduleChangeSchema);
  if (submission.status !== "success")
    return invalid<ScheduleChangeResult>("decline-schedule-change", submission.error, locale, CHANGE_FIELDS);
  const { intent, changeId, reason } = submission.value;
  try {
    if (intent === "accept-schedule-change") await acceptScheduleChange({ actor: user, changeId });
    else await declineScheduleChange({ actor: user, changeId, reason });
    return data<ScheduleChangeResult>({ ok: true, intent });
  } catch (error) {
    return refused<ScheduleChangeResult>(intent, error, locale);
  }
}
