import { stringify } from "csv-stringify/sync";
import { requireRole } from "~/platform/auth/session.server";
import { AnalyticsQuerySchema, METRICS, metricColumns, metricRows, type Metric } from "~/features/analytics/metrics";
import { readMetric } from "~/features/analytics/metrics.server";
import { csvSafe } from "~/features/evv/public";
import { getServerT } from "~/i18n/i18n.server";
import type { Route } from "./+types/analytics-export";

// One analytics chart as a CSV download (docs/product-rules.md, "Analytics"): the rows of its table
// (metricRows, the same function), under the same filters, with the headers in the admin's language.
// A resource route: the admin layout's guard covers it, and the loader checks again.

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRole(request, ["admin"]);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const metric = params.metric as Metric;
  const parsed = AnalyticsQuerySchema.safeParse(params);
  if (!METRICS.includes(metric) || !parsed.success) {
    return new Response("Bad Request: metric, period, from and to (YYYY-MM-DD) are needed.", { status: 400 });
  }
  const query = parsed.data;
  const { t } = getServerT(request, "console", actor.locale);
  const points = await readMetric({ actor, metric, range: query });
  const header = metricColumns(metric).map((column) =>
    column === "period" ? t("analytics.columns.period") : t(`analytics.metrics.${metric}.${column}`),
  );
  const rows = metricRows(metric, points);
  const csv = `\uFEFF${stringify([header.map(csvSafe), ...rows.map((row) => row.map(csvSafe))], { record_delimiter: "\r\n" })}`;
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="tendly-${metric}-${query.period}-${query.from}-${query.to}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
