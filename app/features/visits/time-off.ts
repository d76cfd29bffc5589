import { z } from "zod";
import { messageKey, type MessageKey } from "~/i18n/message-keys";
import type { Translate } from "~/i18n/config";
import { formatCalendarDate, zonedInstant, type DateLocale } from "~/utils/datetime";

// A caregiver's time off (docs/product-rules.md, "Time off"; docs/decisions/0048-time-off.md): days of the
// caregiver's own calendar, in the zone where they live. One day, a range of days, or one weekday every week
// until a date. Each day blocks from its midnight to the next, so a visit overlapping any part of it is
// skipped by matching, offers and backups, and one already booked is handed over.

export const TIME_OFF_KINDS = ["day", "range", "weekly"] as const;
export type TimeOffKind = (typeof TIME_OFF_KINDS)[number];
/** The longest block: its last day at most this many days after its first (a year and a day). */
export const TIME_OFF_MAX_SPAN_DAYS = 366;
export const TIME_OFF_REASON_MAX = 200;

/** The days a block covers, as its form says them; weekday 0 = Monday … 6 = Sunday (as weekly availability). */
export type TimeOffDays = { kind: TimeOffKind; startDate: string; endDate: string; weekday: number | null };

const DAY_MS = 86_400_000;
const utcDay = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** The ISO date `days` after `date` (calendar arithmetic, no zone). */
export function addDays(date: string, days: number): string {
  return new Date(utcDay(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Monday … 6 = Sunday. */
export function weekdayOf(date: string): number {
  return (new Date(utcDay(date)).getUTCDay() + 6) % 7;
}

/** Every date the block covers, in order. */
export function daysOff(block: TimeOffDays): string[] {
  const days: string[] = [];
  for (let day = block.startDate; day <= block.endDate; day = addDays(day, 1)) {
    if (block.kind !== "weekly" || weekdayOf(day) === block.weekday) days.push(day);
  }
  return days;
}

export type InstantRange = { start: Date; end: Date };

/** The instants the block's days cover in the zone, from each day's midnight to the next; runs of days merged. */
export function blockedRanges(block: TimeOffDays, timeZone: string): InstantRange[] {
  const ranges: InstantRange[] = [];
  for (const day of daysOff(block)) {
    const start = zonedInstant(day, "00:00", timeZone);
    const end = zonedInstant(addDays(day, 1), "00:00", timeZone);
    const last = ranges.at(-1);
    if (last && last.end.getTime() === start.getTime()) last.end = end;
    else ranges.push({ start, end });
  }
  return ranges;
}

/** The ranges as PostgreSQL's text of a tstzmultirange (sent as a parameter). */
export function multirangeText(ranges: InstantRange[]): string {
  return `{${ranges.map((range) => `[${range.start.toISOString()},${range.end.toISOString()})`).join(",")}}`;
}

export type TimeOffProblem = { field: "startDate" | "endDate" | "weekday"; key: MessageKey };

/**
 * Why a block cannot be saved, or null: a first day before today (the caregiver's today), a last day before the
 * first, a span over TIME_OFF_MAX_SPAN_DAYS, a weekly block without its weekday or without one such day.
 */
export function timeOffProblem(block: TimeOffDays, today: string): TimeOffProblem | null {
  if (block.startDate < today) return { field: "startDate", key: "visits:timeOff.errors.past" };
  if (block.endDate < block.startDate) return { field: "endDate", key: "visits:timeOff.errors.order" };
  if (utcDay(block.endDate) - utcDay(block.startDate) > TIME_OFF_MAX_SPAN_DAYS * DAY_MS)
    return { field: "endDate", key: "visits:timeOff.errors.tooLong" };
  if (block.kind === "weekly" && block.weekday === null)
    return { field: "weekday", key: "visits:timeOff.errors.weekday" };
  if (daysOff(block).length === 0) return { field: "endDate", key: "visits:timeOff.errors.noDays" };
  return null;
}

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, messageKey("visits:timeOff.errors.date"))
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), messageKey("visits:timeOff.errors.date"));
const blankAsMissing = (value: unknown) => (value === "" || value == null ? undefined : value);

/** "Add time off": the kind, the dates (the last one for a range or a weekly block), the weekday, a private reason. */
export const AddTimeOffSchema = z.object({
  intent: z.literal("add"),
  kind: z.enum(TIME_OFF_KINDS, messageKey("visits:timeOff.errors.kind")),
  startDate: isoDate,
  endDate: z.preprocess(blankAsMissing, isoDate.optional()),
  weekday: z.preprocess(blankAsMissing, z.enum(["0", "1", "2", "3", "4", "5", "6"]).optional()),
  reason: z.string().trim().max(TIME_OFF_REASON_MAX, messageKey("visits:timeOff.errors.reasonLong")).optional(),
  /** How many visits the caregiver agreed to hand over (the preview they confirmed). */
  confirmCount: z.preprocess(
    blankAsMissing,
    z
      .string()
      .regex(/^\d{1,4}$/)
      .optional(),
  ),
});
export const RemoveTimeOffSchema = z.object({ intent: z.literal("remove"), timeOffId: z.uuid() });
export const TimeOffActionSchema = z.discriminatedUnion("intent", [AddTimeOffSchema, RemoveTimeOffSchema]);
export type AddTimeOff = z.output<typeof AddTimeOffSchema>;

/** The form's days: a single day ends where it starts. */
export function daysOfForm(value: Pick<AddTimeOff, "kind" | "startDate" | "endDate" | "weekday">): TimeOffDays {
  return {
    kind: value.kind,
    startDate: value.startDate,
    endDate: value.kind === "day" ? value.startDate : (value.endDate ?? value.startDate),
    weekday: value.kind === "weekly" ? (value.weekday === undefined ? null : Number(value.weekday)) : null,
  };
}

/**
 * A block in words ("Monday, Dec 7", "from … to …", "every Tuesday from … to …"), for the caregiver's page and the
 * admin's view of the caregiver; `t` reads the visits namespace.
 */
export function timeOffWhen(block: TimeOffDays, t: Translate, locale: DateLocale): string {
  const day = (date: string) => formatCalendarDate(date, "weekdayDate", locale);
  if (block.kind === "day") return t("timeOff.oneDay", { date: day(block.startDate) });
  if (block.kind === "range") return t("timeOff.range", { from: day(block.startDate), to: day(block.endDate) });
  return t("timeOff.weekly", {
    weekday: t(`timeOff.weekdays.${block.weekday ?? 0}`),
    from: day(block.startDate),
    to: day(block.endDate),
  });
}
