import { z } from "zod";
import { HORIZON_WEEKS } from "~/features/care-requests/public";
import { messageKey, type MessageKey } from "~/i18n/message-keys";
import { zonedInstant } from "~/utils/datetime";
import type { CareSettings } from "./care-settings";

// Moving a visit (docs/product-rules.md, "Moving a visit"; docs/decisions/0051-moving-a-visit.md): the family asks
// for new times, the caregiver accepts or declines by a deadline. Pure rules, shared by the server and the forms.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A move must be asked, and answered, at least this long before the visit's old and new start. */
export const MOVE_CLOSE_MINUTES = 60;
/** The caregiver answers within this many hours of the request (sooner when the visit is sooner). */
export const MOVE_ANSWER_HOURS = 24;
/** The shortest and longest visit a move may ask for. */
export const MOVE_MIN_MINUTES = 30;
export const MOVE_MAX_MINUTES = 12 * 60;

export type MoveTimes = { startsAt: Date; endsAt: Date };

/** The family's form: the new day and start on the clock where care happens, and how long. */
export const MoveVisitSchema = z.object({
  intent: z.literal("move"),
  visitId: z.uuid(messageKey("visits:moves.errors.visit")),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, messageKey("visits:moves.errors.date")),
  startTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, messageKey("visits:moves.errors.time")),
  durationMinutes: z.coerce
    .number(messageKey("visits:moves.errors.duration"))
    .int(messageKey("visits:moves.errors.duration"))
    .min(MOVE_MIN_MINUTES, messageKey("visits:moves.errors.duration"))
    .max(MOVE_MAX_MINUTES, messageKey("visits:moves.errors.duration")),
});
export const WithdrawMoveSchema = z.object({ intent: z.literal("withdraw-move"), moveId: z.uuid() });
export type MoveVisitInput = z.output<typeof MoveVisitSchema>;

/** The caregiver's answer on the visit's page or the schedule. */
export const AnswerMoveSchema = z.object({
  intent: z.enum(["accept-move", "decline-move"]),
  moveId: z.uuid(),
  reason: z.string().trim().max(500, messageKey("visits:moves.errors.reasonLong")).optional(),
});

/** The new times of the form, in the visit's zone. */
export function newTimesOf(input: Pick<MoveVisitInput, "date" | "startTime" | "durationMinutes">, timeZone: string) {
  const startsAt = zonedInstant(input.date, input.startTime, timeZone);
  return { startsAt, endsAt: new Date(startsAt.getTime() + input.durationMinutes * MINUTE) };
}

/**
 * Why these new times cannot be asked for, or null: the visit must still be ahead (not checked in, more than
 * MOVE_CLOSE_MINUTES away), the new start too, within the booking horizon (HORIZON_WEEKS from now), and different.
 */
export function moveProblem(visit: MoveTimes & { status: string }, next: MoveTimes, now: Date): MessageKey | null {
  const soonest = now.getTime() + MOVE_CLOSE_MINUTES * MINUTE;
  if (visit.status !== "scheduled" || visit.startsAt.getTime() <= soonest) return "visits:moves.errors.visitTooSoon";
  if (Number.isNaN(next.startsAt.getTime())) return "visits:moves.errors.date";
  if (next.startsAt.getTime() <= soonest) return "visits:moves.errors.future";
  if (next.startsAt.getTime() > now.getTime() + HORIZON_WEEKS * 7 * 24 * HOUR) return "visits:moves.errors.horizon";
  if (next.startsAt.getTime() === visit.startsAt.getTime() && next.endsAt.getTime() === visit.endsAt.getTime())
    return "visits:moves.errors.same";
  return null;
}

/** A late change: the visit's old or new start is within care_settings.late_move_hours. */
export function isLateMove(old: MoveTimes, next: MoveTimes, settings: Pick<CareSettings, "lateMoveHours">, now: Date) {
  const first = Math.min(old.startsAt.getTime(), next.startsAt.getTime());
  return first - now.getTime() < settings.lateMoveHours * HOUR;
}

/** The caregiver's deadline: MOVE_ANSWER_HOURS after the request, or MOVE_CLOSE_MINUTES before either start. */
export function moveDeadline(old: MoveTimes, next: MoveTimes, now: Date): Date {
  const first = Math.min(old.startsAt.getTime(), next.startsAt.getTime());
  return new Date(Math.min(now.getTime() + MOVE_ANSWER_HOURS * HOUR, first - MOVE_CLOSE_MINUTES * MINUTE));
}
