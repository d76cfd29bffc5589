import { localDateIn, zonedInstant } from "~/utils/datetime";
import { addDays, ANALYTICS_TIME_ZONE, changeBetween, mondayOf, type Change } from "./metrics";
import { readSum, type AnalyticsActor, type SumMetric } from "./metrics.server";

// The admin home's week against last week (docs/product-rules.md, "The admin's home"): bookings, hours
// worked and revenue from Monday 00:00 (ANALYTICS_TIME_ZONE) to now, against last week from its Monday
// to the same moment, so that a Tuesday morning is not weighed against a whole week.

export const WEEK_METRICS: readonly SumMetric[] = ["bookings", "hours", "revenue"];

export type WeekFigure = { metric: SumMetric; thisWeek: number; lastWeek: number; change: Change };

export type WeekComparison = {
  /** This week's Monday and last week's (YYYY-MM-DD). */
  monday: string;
  lastMonday: string;
  figures: WeekFigure[];
};

export async function readWeekAgainstLast({
  actor,
  now = new Date(),
}: {
  actor: AnalyticsActor;
  now?: Date;
}): Promise<WeekComparison> {
  const monday = mondayOf(localDateIn(ANALYTICS_TIME_ZONE, now));
  const lastMonday = addDays(monday, -7);
  const start = zonedInstant(monday, "00:00", ANALYTICS_TIME_ZONE);
  const lastStart = zonedInstant(lastMonday, "00:00", ANALYTICS_TIME_ZONE);
  const lastEnd = new Date(lastStart.getTime() + (now.getTime() - start.getTime()));
  const figures = await Promise.all(
    WEEK_METRICS.map(async (metric): Promise<WeekFigure> => {
      const [thisWeek, lastWeek] = await Promise.all([
        readSum({ actor, metric, start, end: now }),
        readSum({ actor, metric, start: lastStart, end: lastEnd }),
      ]);
      return { metric, thisWeek, lastWeek, change: changeBetween(thisWeek, lastWeek) };
    }),
  );
  return { monday, lastMonday, figures };
}
