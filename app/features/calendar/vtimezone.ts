import { tzOffset } from "@date-fns/tz";

// A VTIMEZONE block for an IANA zone (RFC 5545 section 3.6.5), so that a
// calendar app reads a visit's TZID the way we mean it. Built from the
// platform's own zone data: the year's changes of offset, found by search,
// become yearly rules ("the second Sunday of March at 2:00"), which is how
// every US zone has changed since 2007. A zone whose year does not fit that
// shape gets null, and the feed then writes its times in UTC.

const DAY_MS = 86_400_000;
const WEEKDAYS = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"] as const;

type Change = { at: Date; before: number; after: number };

const offsetAt = (timeZone: string, instant: number) => tzOffset(timeZone, new Date(instant));

/** The instants in `year` at which the zone's offset changes (to the minute). */
function changesIn(timeZone: string, year: number): Change[] {
  const changes: Change[] = [];
  const end = Date.UTC(year + 1, 0, 1);
  for (let day = Date.UTC(year, 0, 1); day < end; day += DAY_MS) {
    const before = offsetAt(timeZone, day);
    const after = offsetAt(timeZone, day + DAY_MS);
    if (before === after) continue;
    let low = day;
    let high = day + DAY_MS;
    while (high - low > 60_000) {
      const middle = low + Math.floor((high - low) / 120_000) * 60_000;
      if (offsetAt(timeZone, middle) === before) low = middle;
      else high = middle;
    }
    changes.push({ at: new Date(high), before, after });
  }
  return changes;
}

const pad = (value: number, length = 2) => String(value).padStart(length, "0");

/** "-0600" from minutes east of UTC. */
function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const absolute = Math.abs(minutes);
  return `${sign}${pad(Math.floor(absolute / 60))}${pad(absolute % 60)}`;
}

/** The wall clock just before a change, as a UTC-fielded Date. */
const wallClock = (change: Change) => new Date(change.at.getTime() + change.before * 60_000);

const icsLocal = (wall: Date) =>
  `${pad(wall.getUTCFullYear(), 4)}${pad(wall.getUTCMonth() + 1)}${pad(wall.getUTCDate())}T${pad(wall.getUTCHours())}${pad(wall.getUTCMinutes())}00`;

/** "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU" for the weekday of the month the change fell on. */
function yearlyRule(wall: Date): string {
  const day = wall.getUTCDate();
  const daysInMonth = new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth() + 1, 0)).getUTCDate();
  const nth = day + 7 > daysInMonth ? -1 : Math.ceil(day / 7);
  return `RRULE:FREQ=YEARLY;BYMONTH=${wall.getUTCMonth() + 1};BYDAY=${nth}${WEEKDAYS[wall.getUTCDay()]}`;
}

/** The VTIMEZONE text of `timeZone` with rules from `year` on, or null when it cannot be written as yearly rules. */
export function vtimezone(timeZone: string, year: number): string | null {
  let changes: Change[];
  try {
    changes = changesIn(timeZone, year);
  } catch {
    return null;
  }
  const lines = ["BEGIN:VTIMEZONE", `TZID:${timeZone}`];
  if (changes.length === 0) {
    const offset = formatOffset(offsetAt(timeZone, Date.UTC(year, 0, 1)));
    lines.push(
      "BEGIN:STANDARD",
      "DTSTART:19700101T000000",
      `TZOFFSETFROM:${offset}`,
      `TZOFFSETTO:${offset}`,
      "END:STANDARD",
    );
  } else if (changes.length === 2 && changes[0]!.after === changes[1]!.before) {
    for (const change of changes) {
      const kind = change.after > change.before ? "DAYLIGHT" : "STANDARD";
      const wall = wallClock(change);
      lines.push(
        `BEGIN:${kind}`,
        `DTSTART:${icsLocal(wall)}`,
        yearlyRule(wall),
        `TZOFFSETFROM:${formatOffset(change.before)}`,
        `TZOFFSETTO:${formatOffset(change.after)}`,
        `END:${kind}`,
      );
    }
  } else {
    return null;
  }
  lines.push("END:VTIMEZONE");
  return lines.join("\r\n");
}
