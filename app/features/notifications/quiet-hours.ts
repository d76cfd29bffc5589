import { TZDate } from "@date-fns/tz";
import { addDays } from "date-fns/addDays";
import { format } from "date-fns/format";
import { parseISO } from "date-fns/parseISO";
import { localDateIn, zonedInstant } from "~/utils/datetime";

// Quiet hours (docs/product-rules.md, "Notification delivery"): between two
// local times on the person's clock no email or push goes out; what comes in
// meanwhile waits for their end, unless it is urgent. Pure, so that the
// settings screen and the server agree.

export type QuietHours = {
  /** Minutes after local midnight. Equal start and end are not allowed. */
  startMinutes: number;
  endMinutes: number;
  /** IANA zone the two times are read in. */
  timeZone: string;
};

const MINUTES_PER_DAY = 24 * 60;

/** "22:00" -> 1320. */
export function timeToMinutes(time: string): number {
  const [hours, minutes] = time.split(":").map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/** 1320 -> "22:00". */
export function minutesToTime(minutes: number): string {
  const value = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${String(Math.floor(value / 60)).padStart(2, "0")}:${String(value % 60).padStart(2, "0")}`;
}

/** The minutes after midnight the clock of `timeZone` reads at `now`. */
function localMinutes(now: Date, timeZone: string): number {
  const local = new TZDate(now.getTime(), timeZone);
  return local.getHours() * 60 + local.getMinutes();
}

/** Whether `now` falls in the quiet hours (the start included, the end not); a span may cross midnight. */
export function isQuietAt(quiet: QuietHours | null, now: Date): boolean {
  if (!quiet || quiet.startMinutes === quiet.endMinutes) return false;
  const minutes = localMinutes(now, quiet.timeZone);
  return quiet.startMinutes < quiet.endMinutes
    ? minutes >= quiet.startMinutes && minutes < quiet.endMinutes
    : minutes >= quiet.startMinutes || minutes < quiet.endMinutes;
}

/**
 * When the quiet hours that hold at `now` end (the next time the person's
 * clock reads the end time), or null when `now` is not in quiet hours.
 */
export function quietHoursEnd(quiet: QuietHours | null, now: Date): Date | null {
  if (!quiet || !isQuietAt(quiet, now)) return null;
  const endTime = minutesToTime(quiet.endMinutes);
  const today = localDateIn(quiet.timeZone, now);
  const endToday = zonedInstant(today, endTime, quiet.timeZone);
  if (endToday.getTime() > now.getTime()) return endToday;
  return zonedInstant(format(addDays(parseISO(today), 1), "yyyy-MM-dd"), endTime, quiet.timeZone);
}
