import { lazy, Suspense, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { requireRole } from "~/platform/auth/session.server";
import {
  SelectField,
  SubmitButton,
  TextField,
  FormNotice,
  linkClass,
  sectionClass,
  secondaryButtonClass,
} from "~/components/form-controls";
import { useHydrated } from "~/components/use-hydrated";
import {
  ANALYTICS_TIME_ZONE,
  AnalyticsQuerySchema,
  exportHref,
  METRIC_KINDS,
  METRICS,
  metricColumns,
  metricRows,
  PERIODS,
  type Metric,
} from "~/features/analytics/metrics";
import { listMetros, readMetric } from "~/features/analytics/metrics.server";
import { metaT, useLocale, useT } from "~/i18n/react";
import { formatCalendarDate } from "~/utils/datetime";
import { formatMonthYear } from "~/utils/intl-dates";
import type { Route } from "./+types/analytics";

// Analytics for administrators (docs/product-rules.md, "Analytics"): every metric by week or month over
// a date range and a metro (all in the URL), each as a chart, the same figures as a table for screen
// readers (shown on demand), and a CSV whose rows are the table's (routes/admin/analytics-export.ts).

// recharts is about 100 KB compressed: the charts' chunk loads after the page, which reads without it.
const MetricChart = lazy(() =>
  import("~/components/console/metric-chart").then((module) => ({ default: module.MetricChart })),
);

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "console");
  return [{ title: t("meta.analyticsTitle") }, { name: "description", content: t("meta.analyticsDescription") }];
};

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRole(request, ["admin"]);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = AnalyticsQuerySchema.safeParse(params);
  const metros = await listMetros({ actor });
  const raw = {
    period: params.period === "month" ? "month" : "week",
    metro: params.metro ?? "",
    from: params.from ?? "",
    to: params.to ?? "",
  };
  if (!parsed.success) {
    return {
      query: raw,
      error: parsed.error.issues[0]?.message ?? "console:analytics.errors.date",
      metros,
      charts: [],
    };
  }
  const query = parsed.data;
  const charts = await Promise.all(
    METRICS.map(async (metric) => {
      const points = await readMetric({ actor, metric, range: query });
      return { metric, points, rows: metricRows(metric, points), href: exportHref(metric, query) };
    }),
  );
  return { query, error: null, metros, charts };
}

type LoaderData = Route.ComponentProps["loaderData"];

export default function AdminAnalytics({ loaderData }: Route.ComponentProps) {
  const { query, error, metros, charts } = loaderData;
  const { t } = useT("console");
  const navigation = useNavigation();
  const isLoading = navigation.state === "loading" && navigation.location.pathname === "/admin/analytics";
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{t("analytics.heading")}</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">{t("analytics.intro")}</p>
      </header>
      <section aria-labelledby="filters-heading" className={sectionClass}>
        <h2 id="filters-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          {t("analytics.filtersHeading")}
        </h2>
        <Form method="get" className="mt-4 space-y-4" key={JSON.stringify(query)}>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <SelectField label={t("analytics.period")} name="period" defaultValue={query.period}>
              {PERIODS.map((period) => (
                <option key={period} value={period}>
                  {t(`analytics.periods.${period}`)}
                </option>
              ))}
            </SelectField>
            <SelectField label={t("analytics.metro")} name="metro" defaultValue={query.metro}>
              <option value="">{t("analytics.anyMetro")}</option>
              {metros.map((metro) => (
                <option key={metro} value={metro}>
                  {metro}
                </option>
              ))}
            </SelectField>
            <TextField label={t("analytics.from")} name="from" type="date" defaultValue={query.from} />
            <TextField label={t("analytics.to")} name="to" type="date" defaultValue={query.to} />
          </div>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {t("analytics.zone", { zone: ANALYTICS_TIME_ZONE })}
          </p>
          <SubmitButton isPending={isLoading} pendingLabel={t("analytics.showing")}>
            {t("analytics.show")}
          </SubmitButton>
        </Form>
      </section>
      {error && <FormNotice tone="error">{t(error.replace(/^console:/, "") as "analytics.errors.date")}</FormNotice>}
      <div className="grid gap-6 lg:grid-cols-2" aria-busy={isLoading || undefined}>
        {charts.map((chart) => (
          <MetricSection key={chart.metric} chart={chart} period={query.period} />
        ))}
      </div>
    </div>
  );
}

function MetricSection({ chart, period }: { chart: LoaderData["charts"][number]; period: string }) {
  const { t } = useT("console");
  const locale = useLocale();
  const isHydrated = useHydrated();
  const [isTableShown, setTableShown] = useState(false);
  const metric: Metric = chart.metric;
  const title = t(`analytics.metrics.${metric}.title`);
  const headingId = `metric-${metric}`;
  const tableId = `metric-${metric}-table`;
  const columns = metricColumns(metric);
  const header = (column: string) =>
    column === "period"
      ? t("analytics.columns.period")
      : t(`analytics.metrics.${metric}.${column}` as "analytics.metrics.bookings.value");
  const isEmpty = chart.points.every((point) => !point.value && !point.denominator);
  const points = chart.points.map((point, index) => ({
    label:
      period === "month"
        ? formatMonthYear(`${point.period}T00:00:00Z`, locale)
        : formatCalendarDate(point.period, "monthDay", locale),
    value:
      point.value === null
        ? null
        : METRIC_KINDS[metric] === "money"
          ? point.value / 100
          : METRIC_KINDS[metric] === "rate"
            ? point.value * 100
            : point.value,
    valueText: chart.rows[index]?.[1] ?? "",
  }));
  return (
    <section aria-labelledby={headingId} className={sectionClass} data-metric={metric}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t(`analytics.metrics.${metric}.description`)}</p>
      {isEmpty && (
        <p className="mt-3 text-sm font-medium text-slate-700 dark:text-slate-200">{t("analytics.noData")}</p>
      )}
      <div className="mt-4">
        {isHydrated ? (
          <Suspense fallback={<div aria-hidden="true" className="h-56 w-full" />}>
            <MetricChart points={points} valueLabel={header("value")} metric={metric} />
          </Suspense>
        ) : (
          <div aria-hidden="true" className="h-56 w-full" />
        )}
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <button
          type="button"
          className={secondaryButtonClass}
          aria-expanded={isTableShown}
          aria-controls={tableId}
          onClick={() => setTableShown((shown) => !shown)}
        >
          {isTableShown ? t("analytics.hideTable") : t("analytics.showTable")}
        </button>
        <Link
          to={chart.href}
          reloadDocument
          download
          className={`${linkClass} inline-flex min-h-11 items-center`}
          data-csv={metric}
        >
          {t("analytics.csv", { title })}
        </Link>
      </div>
      <div id={tableId} className={isTableShown ? "mt-4 overflow-x-auto" : "sr-only"}>
        <table className="w-full text-left text-sm" data-table={metric}>
          <caption className="sr-only">{t("analytics.table", { title })}</caption>
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              {columns.map((column) => (
                <th key={column} scope="col" className="px-2 py-1 font-semibold">
                  {header(column)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {chart.rows.map((row) => (
              <tr key={row[0]} className="border-b border-slate-100 dark:border-slate-800">
                {row.map((cell, index) =>
                  index === 0 ? (
                    <th key={columns[index]} scope="row" className="px-2 py-1 font-normal tabular-nums">
                      {cell}
                    </th>
                  ) : (
                    <td key={columns[index]} className="px-2 py-1 tabular-nums">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
