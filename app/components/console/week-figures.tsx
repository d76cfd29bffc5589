import { sectionClass } from "~/components/form-controls";
import { useFormat, useLocale, useT } from "~/i18n/react";
import type { WeekComparison } from "~/features/analytics/public.server";
import { formatCalendarDate } from "~/utils/datetime";

// The admin home's "This week so far": bookings, hours of care and revenue invoiced against last week to
// the same moment, each difference in words and figures (docs/product-rules.md, "The admin's home").

export function WeekFigures({ week }: { week: WeekComparison }) {
  const { t } = useT("console");
  const format = useFormat();
  const locale = useLocale();
  const show = (metric: WeekComparison["figures"][number]["metric"], value: number) =>
    metric === "revenue"
      ? format.money(Math.round(value))
      : metric === "hours"
        ? format.number(Math.round(value * 10) / 10, { maximumFractionDigits: 1 })
        : format.number(value);
  return (
    <section aria-labelledby="week-heading" className={sectionClass} data-week-figures>
      <h2 id="week-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        {t("week.heading")}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {t("week.intro", {
          monday: formatCalendarDate(week.monday, "longDate", locale),
          lastMonday: formatCalendarDate(week.lastMonday, "longDate", locale),
        })}
      </p>
      <dl className="mt-4 grid gap-4 sm:grid-cols-3">
        {week.figures.map((figure) => {
          const { direction, difference, percent } = figure.change;
          const words =
            direction === "same"
              ? t("week.same")
              : direction === "up" && percent === null
                ? t("week.upFromNone", { difference: show(figure.metric, difference) })
                : t(`week.${direction}`, { difference: show(figure.metric, difference), percent });
          return (
            <div
              key={figure.metric}
              className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
              data-week={figure.metric}
            >
              <dt className="text-sm font-medium text-slate-700 dark:text-slate-200">
                {t(`week.metrics.${figure.metric}`)}
              </dt>
              <dd className="mt-1 text-3xl font-bold text-slate-900 tabular-nums dark:text-white">
                {show(figure.metric, figure.thisWeek)}
              </dd>
              <dd
                className={`mt-1 text-sm font-medium ${
                  direction === "up"
                    ? "text-teal-800 dark:text-teal-300"
                    : direction === "down"
                      ? "text-red-800 dark:text-red-300"
                      : "text-slate-700 dark:text-slate-200"
                }`}
              >
                {words}
              </dd>
              <dd className="text-sm text-slate-600 dark:text-slate-300">
                {t("week.lastWeek", { value: show(figure.metric, figure.lastWeek) })}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
