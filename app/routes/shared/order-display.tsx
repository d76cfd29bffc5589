import { format, parseISO } from "date-fns";
import { Link } from "react-router";
import { linkClass } from "~/components/form-controls";
import { SERVICES } from "~/utils/services";
import { WEEKDAYS, type Schedule } from "~/features/care-requests/care-request.schema";
import type { OrderStatus } from "~/db/schema";

// How orders read on the client's and the caregiver's pages: status badges
// and schedules in words.

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  submitted: "Submitted",
  offered: "Waiting for caregiver",
  confirmed: "Confirmed",
  in_progress: "In progress",
  completed: "Completed",
  cancelled: "Cancelled",
};

const ORDER_STATUS_STYLES: Record<OrderStatus, string> = {
  submitted: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100",
  offered: "bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-50",
  confirmed: "bg-teal-100 text-teal-900 dark:bg-teal-900/60 dark:text-teal-50",
  in_progress: "bg-sky-100 text-sky-900 dark:bg-sky-900/60 dark:text-sky-50",
  completed: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-50",
  cancelled: "bg-red-100 text-red-900 dark:bg-red-900/60 dark:text-red-50",
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-sm font-semibold ${ORDER_STATUS_STYLES[status]}`}>
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}

export function formatDate(isoDate: string): string {
  return format(parseISO(isoDate), "EEE, MMM d, yyyy");
}

/**
 * An instant as the clock reads where care happens ("Mon, Dec 7, 2026 at
 * 9:00 AM"): the same on the server and in any browser.
 */
export function formatDateTime(instant: string | Date, timeZone: string): string {
  const date = typeof instant === "string" ? new Date(instant) : instant;
  const zone = timeZone;
  const day = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
  }).format(date);
  const time = new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", minute: "2-digit" }).format(date);
  return `${day} at ${time}`;
}

function formatTime(time: string): string {
  return format(parseISO(`2000-01-01T${time}`), "h:mm a");
}

/** One line per visit pattern: "One visit on Tue, Dec 1, 2026, 9:00 AM to 12:00 PM" or "Monday, 9:00 AM to 12:00 PM". */
export function scheduleLines(schedule: Schedule): { heading: string; lines: string[] } {
  if (schedule.scheduleType === "one-time") {
    return {
      heading: `One visit on ${formatDate(schedule.startDate)}`,
      lines: [`${formatTime(schedule.startTime)} to ${formatTime(schedule.endTime)}`],
    };
  }
  return {
    heading: `Every week from ${formatDate(schedule.startDate)} to ${formatDate(schedule.endDate)}`,
    lines: WEEKDAYS.flatMap((day, index) =>
      (schedule.weeklySchedule[String(index) as keyof typeof schedule.weeklySchedule] ?? []).map(
        (window) => `${day}, ${formatTime(window.start)} to ${formatTime(window.end)}`,
      ),
    ),
  };
}

export function ScheduleSummary({ schedule }: { schedule: Schedule }) {
  const { heading, lines } = scheduleLines(schedule);
  return (
    <div>
      <p className="font-medium text-slate-900 dark:text-white">{heading}</p>
      <ul className="mt-1 space-y-0.5 text-slate-700 dark:text-slate-200">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}

/** "Personal Care, Companionship" from service ids. */
export function serviceNames(ids: readonly string[]): string {
  return ids.map((id) => SERVICES.find((service) => service.id === id)?.title ?? id).join(", ");
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
  return (
    <>
      <p>
        <Link to={backTo} className={linkClass}>
          {backLabel}
        </Link>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
          Order {orderNumber}
        </h1>
        <OrderStatusBadge status={status} />
      </div>
    </>
  );
}
