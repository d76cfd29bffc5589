import { z } from "zod";
import { VIEWER_TIME_ZONE, localDateIn } from "~/utils/datetime";
import { centsToDecimal } from "~/utils/money";

// The admin analytics' metrics and periods as pure rules (docs/product-rules.md, "Analytics"): which
// metrics there are, the filters of /admin/analytics, and the one set of table rows each metric's chart,
// its table and its CSV all show (so the three cannot disagree).

/** The zone weeks and months are cut in: the admin pages' zone (app/utils/datetime.ts). */
export const ANALYTICS_TIME_ZONE = VIEWER_TIME_ZONE;

export const METRICS = [
  "bookings",
  "hours",
  "revenue",
  "fillRate",
  "timeToMatch",
  "utilisation",
  "retention",
  "lateRate",
  "missedRate",
] as const;
export type Metric = (typeof METRICS)[number];

export const PERIODS = ["week", "month"] as const;
export type Period = (typeof PERIODS)[number];

/** The longest range the page reads at once: two years. */
export const MAX_RANGE_DAYS = 731;

/** How the value of each metric reads: a count, hours, money, a share, or hours to match. */
export const METRIC_KINDS: Record<Metric, "count" | "hours" | "money" | "rate"> = {
  bookings: "count",
  hours: "hours",
  revenue: "money",
  fillRate: "rate",
  timeToMatch: "hours",
  utilisation: "rate",
  retention: "rate",
  lateRate: "rate",
  missedRate: "rate",
};

/** One period of a metric: its value, and for shares what they are made of. */
export type MetricPoint = {
  /** The period's first day (YYYY-MM-DD, Monday for weeks, the 1st for months). */
  period: string;
  /** Null when there is nothing to divide by, or not yet known (retention of the current period). */
  value: number | null;
  /** For shares and medians: the rows counted over, and the rows that met the condition. */
  numerator?: number;
  denominator?: number;
};

/** The table's (and the CSV's) columns of a metric, by key of the `console` namespace's `analytics.columns`. */
export function metricColumns(metric: Metric): readonly string[] {
  switch (METRIC_KINDS[metric]) {
    case "rate":
      return ["period", "value", "numerator", "denominator"];
    default:
      return metric === "timeToMatch" ? ["period", "value", "denominator"] : ["period", "value"];
  }
}

/** A value as the table and the CSV write it: counts whole, hours to one decimal, dollars with cents, shares in percent to one decimal. */
export function metricCell(metric: Metric, value: number | null): string {
  if (value === null) return "";
  switch (METRIC_KINDS[metric]) {
    case "count":
      return String(Math.round(value));
    case "hours":
      return (Math.round(value * 10) / 10).toFixed(1);
    case "money":
      return centsToDecimal(Math.round(value));
    case "rate":
      return (Math.round(value * 1000) / 10).toFixed(1);
  }
}

/** The rows of a metric's table and CSV: one per period, cells as metricColumns names them. */
export function metricRows(metric: Metric, points: readonly MetricPoint[]): string[][] {
  const columns = metricColumns(metric);
  return points.map((point) =>
    columns.map((column) => {
      if (column === "period") return point.period;
      if (column === "value") return metricCell(metric, point.value);
      const figure = column === "numerator" ? point.numerator : point.denominator;
      return figure === undefined ? "" : String(figure);
    }),
  );
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (value: string) => DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/** YYYY-MM-DD plus `days`. */
export function addDays(isoDate: string, days: number): string {
  const [year = 1970, month = 1, day = 1] = isoDate.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The Monday of the week `isoDate` falls in. */
export function mondayOf(isoDate: string): string {
  const weekday = (new Date(`${isoDate}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(isoDate, -weekday);
}

/** Days from `from` to `to`, both counted. */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/**
 * The page's filters from the URL: week or month, a metro (empty: every metro), a date range (both days
 * counted). Without a range: the last 12 weeks, or the last 12 months, to today. A range the wrong way
 * round or too long is refused with its message key.
 */
export const AnalyticsQuerySchema = z
  .object({
    period: z.enum(PERIODS).catch("week"),
    metro: z.string().trim().max(120).catch(""),
    from: z.string().catch(""),
    to: z.string().catch(""),
  })
  .transform((query, context) => {
    const today = localDateIn(ANALYTICS_TIME_ZONE);
    const to = isRealDate(query.to) ? query.to : today;
    const fallbackFrom =
      query.period === "week" ? addDays(mondayOf(to), -7 * 11) : `${addMonths(to.slice(0, 7), -11)}-01`;
    const from = isRealDate(query.from) ? query.from : fallbackFrom;
    if ((query.from && !isRealDate(query.from)) || (query.to && !isRealDate(query.to))) {
      context.addIssue({ code: "custom", path: ["from"], message: "console:analytics.errors.date" });
    } else if (to < from) {
      context.addIssue({ code: "custom", path: ["to"], message: "console:analytics.errors.order" });
    } else if (daysBetween(from, to) > MAX_RANGE_DAYS) {
      context.addIssue({ code: "custom", path: ["to"], message: "console:analytics.errors.tooLong" });
    }
    return { period: query.period, metro: query.metro, from, to };
  });
export type AnalyticsQuery = z.output<typeof AnalyticsQuerySchema>;

/** "2026-11" plus `months`, as "YYYY-MM". */
function addMonths(yearMonth: string, months: number): string {
  const [year = 1970, month = 1] = yearMonth.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1 + months, 1)).toISOString().slice(0, 7);
}

/** The CSV export's address for one metric under the page's filters. */
export function exportHref(metric: Metric, query: AnalyticsQuery): string {
  const params = new URLSearchParams({ metric, period: query.period, from: query.from, to: query.to });
  if (query.metro) params.set("metro", query.metro);
  return `/admin/analytics/export.csv?${params.toString()}`;
}

/** A change from `before` to `now` in words: up, down or the same, with the difference and its share. */
export type Change = { direction: "up" | "down" | "same"; difference: number; percent: number | null };

export function changeBetween(now: number, before: number): Change {
  const difference = now - before;
  return {
    direction: difference > 0 ? "up" : difference < 0 ? "down" : "same",
    difference: Math.abs(difference),
    percent: before === 0 ? null : Math.round((Math.abs(difference) / before) * 100),
  };
}
