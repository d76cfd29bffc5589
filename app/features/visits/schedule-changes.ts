import { addDays } from "date-fns/addDays";
import { format } from "date-fns/format";
import { parseISO } from "date-fns/parseISO";
import { z } from "zod";
import { EMPTY_WEEK, HORIZON_WEEKS, ScheduleSchema, type Schedule } from "~/features/care-requests/public";
import { messageKey, type MessageKey } from "~/i18n/message-keys";
import { MOVE_CLOSE_MINUTES } from "./visit-moves";

// Changing a recurring order's schedule from a date (docs/product-rules.md, "Moving a visit";
// docs/decisions/0052-changing-a-recurring-schedule.md): the family asks for new weekdays and hours from a day on,
// the caregiver accepts or declines by the single move's deadline. Pure rules, shared by the server and the forms.

type RecurringSchedule = Extract<Schedule, { scheduleType: "recurring" }>;
export type WeeklyPattern = RecurringSchedule["weeklySchedule"];

const WEEKDAY_IDS = ["0", "1", "2", "3", "4", "5", "6"] as const;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The family's form: from which day, on which weekdays (0 = Monday), from and until what time. */
export const ChangeScheduleSchema = z.object({
  intent: z.literal("change-schedule"),
  orderId: z.uuid(),
  fromDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, messageKey("visits:scheduleChanges.errors.date")),
  days: z
    .array(z.enum(WEEKDAY_IDS), messageKey("validation:request.weeklyWindowRequired"))
    .min(1, messageKey("validation:request.weeklyWindowRequired")),
  startTime: z.string().regex(TIME, messageKey("validation:request.startTimeRequired")),
  endTime: z.string().regex(TIME, messageKey("validation:request.endTimeRequired")),
});
export type ChangeScheduleInput = z.output<typeof ChangeScheduleSchema>;
export const WithdrawScheduleChangeSchema = z.object({
  intent: z.literal("withdraw-schedule-change"),
  changeId: z.uuid(),
});

/** The caregiver's answer on the schedule. */
export const AnswerScheduleChangeSchema = z.object({
  intent: z.enum(["accept-schedule-change", "decline-schedule-change"]),
  changeId: z.uuid(),
  reason: z.string().trim().max(500, messageKey("visits:moves.errors.reasonLong")).optional(),
});

/** The weekly pattern of the form: one window on each day chosen. */
export function weeklyPatternOf(input: Pick<ChangeScheduleInput, "days" | "startTime" | "endTime">): WeeklyPattern {
  const pattern: WeeklyPattern = { ...EMPTY_WEEK };
  for (const day of input.days) pattern[day] = [{ start: input.startTime, end: input.endTime }];
  return pattern;
}

export type ScheduleChangeProblem = { field: "fromDate" | "days" | "startTime" | "endTime"; key: MessageKey };

/**
 * Why this change cannot be asked for, or null. The new pattern follows the care request's own rules (its
 * ScheduleSchema: the day not in the past, at least one day, the end after the start); the day is before the
 * order's end date and within the booking horizon (HORIZON_WEEKS from today), and the pattern differs.
 */
export function scheduleChangeProblem(
  request: RecurringSchedule,
  change: { fromDate: string; weekly: WeeklyPattern },
  today: string,
): ScheduleChangeProblem | null {
  const parsed = ScheduleSchema.safeParse({
    scheduleType: "recurring",
    startDate: change.fromDate,
    endDate: request.endDate,
    weeklySchedule: change.weekly,
  });
  for (const issue of parsed.error?.issues ?? []) {
    const path = issue.path.map(String);
    if (path[0] === "startDate") return { field: "fromDate", key: issue.message as MessageKey };
    if (path[0] === "weeklySchedule")
      return { field: path.at(-1) === "end" ? "endTime" : "days", key: issue.message as MessageKey };
  }
  if (change.fromDate < today) return { field: "fromDate", key: "validation:request.dateInPast" };
  if (change.fromDate > request.endDate) return { field: "fromDate", key: "visits:scheduleChanges.errors.afterEnd" };
  if (change.fromDate > format(addDays(parseISO(today), HORIZON_WEEKS * 7), "yyyy-MM-dd"))
    return { field: "fromDate", key: "visits:moves.errors.horizon" };
  if (JSON.stringify(normalized(change.weekly)) === JSON.stringify(normalized(request.weeklySchedule)))
    return { field: "days", key: "visits:scheduleChanges.errors.same" };
  return null;
}

/** The pattern as one string to compare (a jsonb column keeps an object's keys in its own order). */
function normalized(weekly: WeeklyPattern) {
  return WEEKDAY_IDS.map((day) => (weekly[day] ?? []).map((window) => `${window.start}-${window.end}`));
}

/** The earliest a change may touch: the single move's closing time before a visit (visit-moves.ts). */
export function earliestChangedStart(now: Date): Date {
  return new Date(now.getTime() + MOVE_CLOSE_MINUTES * 60_000);
}
