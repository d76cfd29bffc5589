import { useMemo } from "react";
import { Link } from "react-router";
import { linkClass } from "~/components/form-controls";
import { ScheduleZoneLabel } from "~/components/viewer-time-zone";
import type { Locale, Translate } from "~/i18n/config";
import type { Labels } from "~/i18n/labels";
import { useLabels, useT } from "~/i18n/react";
import { formatCalendarDate, formatTimeOfDay } from "~/utils/datetime";
import { WEEKDAYS, type Schedule } from "~/features/care-requests/care-request.schema";
import type { OrderStatus } from "~/features/orders/orders.schema";
import { KeepTogether } from "~/components/keep-together";

// How orders read on the client's and the caregiver's pages: status badges
// and schedules in words, in the reader's language (the `orders` messages).

const ORDER_STATUS_STYLES: Record<OrderStatus, string> = {
  submitted: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100",
  offered: "bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-50",
  confirmed: "bg-teal-100 text-teal-900 dark:bg-teal-900/60 dark:text-teal-50",
  in_progress: "bg-sky-100 text-sky-900 dark:bg-sky-900/60 dark:text-sky-50",
  completed: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-50",
  cancelled: "bg-red-100 text-red-900 dark:bg-red-900/60 dark:text-red-50",
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const labels = useLabels();
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-sm font-semibold ${ORDER_STATUS_STYLES[status]}`}>
      {labels.orderStatus(status)}
    </span>
  );
}

/** What the schedule helpers need: t() of the `orders` namespace and its language (useScheduleWords()). */
export type ScheduleWords = { t: Translate; locale: Locale; labels: Labels };

/** t() of the `orders` namespace and the active language, for scheduleLines and scheduleSummary. */
export function useScheduleWords(): ScheduleWords {
  const { t, locale } = useT("orders");
  const labels = useLabels();
  return useMemo(() => ({ t, locale, labels }), [t, locale, labels]);
}

/** One line per visit pattern: "One visit on Tue, Dec 1, 2026, 9:00 AM to 12:00 PM" or "Monday, 9:00 AM to 12:00 PM". */
export function scheduleLines(
  schedule: Schedule,
  { t, locale, labels }: ScheduleWords,
): { heading: string; lines: string[] } {
  const time = (value: string) => formatTimeOfDay(value, locale);
  if (schedule.scheduleType === "one-time") {
    return {
      heading: t("schedule.oneVisit", { date: formatCalendarDate(schedule.startDate, undefined, locale) }),
      lines: [t("schedule.timeRange", { start: time(schedule.startTime), end: time(schedule.endTime) })],
    };
  }
  return {
    heading: t("schedule.everyWeek", {
      start: formatCalendarDate(schedule.startDate, undefined, locale),
      end: formatCalendarDate(schedule.endDate, undefined, locale),
    }),
    lines: WEEKDAYS.flatMap((_, index) =>
      (schedule.weeklySchedule[String(index) as keyof typeof schedule.weeklySchedule] ?? []).map((window) =>
        t("schedule.dayTimeRange", {
          day: labels.weekday(index),
          start: time(window.start),
          end: time(window.end),
        }),
      ),
    ),
  };
}

/**
 * The schedule in one line, as a list shows it: "Mon, Dec 7, 2026, 9:00 AM–1:00 PM" or
 * "Weekly: Mon 9:00 AM–1:00 PM, Wed 9:00 AM–1:00 PM (Mon, Dec 7, 2026 to Mon, Mar 1, 2027)"
 * (in English the same text as features/care-requests/schedule.ts describeSchedule).
 */
export function scheduleSummary(schedule: Schedule, { t, locale, labels }: ScheduleWords): string {
  const time = (value: string) => formatTimeOfDay(value, locale);
  if (schedule.scheduleType === "one-time") {
    return `${formatCalendarDate(schedule.startDate, undefined, locale)}, ${time(schedule.startTime)}–${time(schedule.endTime)}`;
  }
  const windows = Object.entries(schedule.weeklySchedule).flatMap(([weekday, list]) =>
    list.map((window) => `${labels.weekdayShort(weekday)} ${time(window.start)}–${time(window.end)}`),
  );
  return t("schedule.weeklySummary", {
    windows: windows.join(", "),
    start: formatCalendarDate(schedule.startDate, undefined, locale),
    end: formatCalendarDate(schedule.endDate, undefined, locale),
  });
}

/** The schedule's lines; with `timeZone` (the care's), each names it when it is not the viewer's ("… 5:00 PM CT"). */
export function ScheduleSummary({ schedule, timeZone }: { schedule: Schedule; timeZone?: string }) {
  const { heading, lines } = scheduleLines(schedule, useScheduleWords());
  const endDate = schedule.scheduleType === "one-time" ? schedule.startDate : schedule.endDate;
  return (
    <div>
      <p className="font-medium text-slate-900 dark:text-white">{heading}</p>
      <ul className="mt-1 space-y-0.5 text-slate-700 dark:text-slate-200">
        {lines.map((line) => (
          <li key={line}>
            {line}
            {timeZone && <ScheduleZoneLabel startDate={schedule.startDate} endDate={endDate} timeZone={timeZone} />}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** "Personal Care, Companionship" from service ids, in the active language. */
export function useServiceNames(): (ids: readonly string[]) => string {
  const labels = useLabels();
  return (ids) => ids.map(labels.service).join(", ");
}

/** The top of an order page: the way back, the order number and its status. */
export function OrderHeader({
  orderNumber,
  status,
  backTo,
  backLabel,
}: {
  orderNumber: string;
  status: OrderStatus;
  backTo: string;
  backLabel: string;
}) {
  const { t } = useT("orders");
  return (
    <>
      <p>
        <Link to={backTo} className={linkClass}>
          {backLabel}
        </Link>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
          <KeepTogether text={t("order.title", { orderNumber })} whole={orderNumber} />
        </h1>
        <OrderStatusBadge status={status} />
      </div>
    </>
  );
}
