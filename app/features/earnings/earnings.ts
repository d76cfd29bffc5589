import { csvSafe } from "~/features/evv/public";
import { centsToDecimal } from "~/utils/money";
import { shortName } from "~/utils/person-name";
import { weekdayOf } from "~/features/pricing/public";

// A caregiver's earnings as pure rules (docs/product-rules.md, "Billing and pay"): one row per
// completed visit (written with the visit's invoice), grouped by week, Monday to Sunday of the
// local date the visit was worked on where care happened; totals and the CSV's records. No database,
// no clock of its own (`today` is passed in), nothing of Node's: the earnings page runs it in the browser.

export const EARNING_VIEW_STATUSES = ["pending", "in_payout", "paid"] as const;
export type EarningViewStatus = (typeof EARNING_VIEW_STATUSES)[number];

/** How many weeks the earnings chart shows, the current one last. */
export const CHART_WEEKS = 12;

export type EarningLine = {
  id: string;
  visitId: string;
  /** YYYY-MM-DD where care happened: the week it counts in. */
  workedOn: string;
  /** The client as the caregiver sees them in the list: first name and last initial. */
  clientName: string;
  minutes: number;
  payRateCents: number;
  amountCents: number;
  status: EarningViewStatus;
  /** The local date (the caregiver's zone) its payout was paid, when it was. */
  paidOn: string | null;
};

export type EarningsWeek = {
  /** Monday and Sunday, YYYY-MM-DD. */
  monday: string;
  sunday: string;
  minutes: number;
  totalCents: number;
  lines: EarningLine[];
};

export type EarningsTotals = {
  /** Not paid yet: pending and in a payout. */
  unpaidCents: number;
  /** Of which already in a payout (on its way). */
  inPayoutCents: number;
  paidThisMonthCents: number;
  paidThisYearCents: number;
};

/** YYYY-MM-DD plus `days` (calendar arithmetic, no zone). */
export function addDays(isoDate: string, days: number): string {
  const [year = 1970, month = 1, day = 1] = isoDate.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The Monday of the week (Monday to Sunday) a date falls in. */
export function mondayOf(isoDate: string): string {
  return addDays(isoDate, -weekdayOf(isoDate));
}

/** Minutes as hours with at most two decimals (90 -> 1.5; 20 -> 0.33). */
export function hoursOf(minutes: number): number {
  return Math.round((minutes / 60) * 100) / 100;
}

/** "Maria Gonzalez" -> "Maria G.": a client's first name and last initial. */
export function clientShortName(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  const first = parts[0] ?? "";
  const last = parts.length > 1 ? parts.at(-1)! : "";
  return shortName(first, last);
}

/** The weeks that have earnings, newest first, each with its lines (newest first), hours and total. */
export function groupByWeek(lines: readonly EarningLine[]): EarningsWeek[] {
  const weeks = new Map<string, EarningLine[]>();
  for (const line of lines) {
    const monday = mondayOf(line.workedOn);
    weeks.set(monday, [...(weeks.get(monday) ?? []), line]);
  }
  return [...weeks.entries()]
    .sort(([a], [b]) => (a < b ? 1 : -1))
    .map(([monday, own]) => ({
      monday,
      sunday: addDays(monday, 6),
      minutes: own.reduce((sum, line) => sum + line.minutes, 0),
      totalCents: own.reduce((sum, line) => sum + line.amountCents, 0),
      lines: [...own].sort((a, b) =>
        a.workedOn === b.workedOn ? a.id.localeCompare(b.id) : a.workedOn < b.workedOn ? 1 : -1,
      ),
    }));
}

export type ChartWeek = { monday: string; totalCents: number; minutes: number };

/** The last `count` weeks up to the one `today` falls in, oldest first, weeks without earnings at zero. */
export function chartWeeks(lines: readonly EarningLine[], today: string, count = CHART_WEEKS): ChartWeek[] {
  const last = mondayOf(today);
  const weeks = Array.from({ length: count }, (_, index) => ({
    monday: addDays(last, -7 * (count - 1 - index)),
    totalCents: 0,
    minutes: 0,
  }));
  const byMonday = new Map(weeks.map((week) => [week.monday, week]));
  for (const line of lines) {
    const week = byMonday.get(mondayOf(line.workedOn));
    if (!week) continue;
    week.totalCents += line.amountCents;
    week.minutes += line.minutes;
  }
  return weeks;
}

/** What is not paid yet, and what was paid in the month and the year `today` falls in. */
export function earningsTotals(lines: readonly EarningLine[], today: string): EarningsTotals {
  const month = today.slice(0, 7);
  const year = today.slice(0, 4);
  const totals: EarningsTotals = { unpaidCents: 0, inPayoutCents: 0, paidThisMonthCents: 0, paidThisYearCents: 0 };
  for (const line of lines) {
    if (line.status !== "paid") {
      totals.unpaidCents += line.amountCents;
      if (line.status === "in_payout") totals.inPayoutCents += line.amountCents;
      continue;
    }
    if (line.paidOn?.startsWith(year)) totals.paidThisYearCents += line.amountCents;
    if (line.paidOn?.startsWith(month)) totals.paidThisMonthCents += line.amountCents;
  }
  return totals;
}

export const EARNINGS_CSV_COLUMNS = [
  "worked_on",
  "week_of",
  "client",
  "minutes",
  "hours",
  "pay_rate_usd_per_hour",
  "amount_usd",
  "status",
  "paid_on",
] as const;

/**
 * The CSV's records of a caregiver's earnings: one per visit (oldest first), every text cell made
 * safe for spreadsheets (csvSafe), amounts in dollars. earnings-csv.server.ts writes the text.
 */
export function earningsCsvRecords(lines: readonly EarningLine[]): (string | number)[][] {
  const sorted = [...lines].sort((a, b) =>
    a.workedOn === b.workedOn ? a.id.localeCompare(b.id) : a.workedOn < b.workedOn ? -1 : 1,
  );
  return sorted.map((line) =>
    [
      line.workedOn,
      mondayOf(line.workedOn),
      line.clientName,
      line.minutes,
      hoursOf(line.minutes),
      centsToDecimal(line.payRateCents),
      centsToDecimal(line.amountCents),
      line.status,
      line.paidOn,
    ].map(csvSafe),
  );
}

/** "tendly-earnings-2026-01-01-to-2026-03-31.csv", or "tendly-earnings.csv" for everything. */
export function earningsFileName(from?: string, to?: string): string {
  if (from && to) return `tendly-earnings-${from}-to-${to}.csv`;
  if (from) return `tendly-earnings-from-${from}.csv`;
  if (to) return `tendly-earnings-to-${to}.csv`;
  return "tendly-earnings.csv";
}
