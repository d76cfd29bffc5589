import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { currentUserContext } from "~/platform/auth/guards.server";
import { linkClass, sectionClass } from "~/components/form-controls";
import { useZonedTime, ZoneLabel } from "~/components/viewer-time-zone";
import { caregiverHomeZone, listCaregiverVisits, type CaregiverVisit } from "~/features/visits/caregiver-visits.server";
import { scheduleDayOf, scheduleRange } from "~/features/visits/schedule-range";
import { metaT, useT } from "~/i18n/react";
import { useServiceNames } from "~/components/orders/order-display";
import { formatCalendarDate, localDateIn, timeOfDayIn } from "~/utils/datetime";
import type { Route } from "./+types/schedule";
import { CalendarFeedPanel } from "~/components/caregiver/calendar-feed-panel";
import { loadCalendarFeedUrl } from "./calendar-feed.server";
import { CancelVisitControl } from "~/components/caregiver/cancel-visit-control";
import { VisitCheckControls } from "~/components/caregiver/visit-check-controls";
import { VisitStatusChip } from "~/components/caregiver/late-visit-notice";
import { LastUpdated } from "~/components/last-updated";
import { MoveRequests } from "~/components/orders/visit-move-controls";
import { pendingMovesForCaregiver } from "~/features/visits/visit-moves.server";
import { getServerT } from "~/i18n/i18n.server";
import { caregiverAnswerAction } from "~/routes/client/order.server";
import { pendingScheduleChangesForCaregiver } from "~/features/visits/schedule-changes.server";
import { ScheduleChangeRequests } from "~/components/orders/schedule-change-controls";

// /caregiver/schedule: the caregiver's visits as an agenda (the next two
// weeks, with check-in and check-out on each visit of the day) or a week
// (Monday to Sunday, in the caregiver's home zone). Times are those of the
// place where care happens.

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaT(matches, "visits")("schedule.metaTitle") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(currentUserContext);
  const homeZone = await caregiverHomeZone(user);
  const range = scheduleRange(new URL(request.url).searchParams, homeZone);
  const visits = await listCaregiverVisits({ actor: user, from: range.from, to: range.to });
  const feedUrl = await loadCalendarFeedUrl(user, request);
  const now = new Date();
  // Families' requests to move a visit, to accept or decline (docs/product-rules.md, "Moving a visit").
  const moves = await pendingMovesForCaregiver(user, now);
  // and to change a weekly order's schedule from a date.
  const scheduleChanges = await pendingScheduleChangesForCaregiver(user, now);
  return {
    userId: user.id,
    homeZone,
    range,
    visits,
    moves,
    scheduleChanges,
    today: localDateIn(homeZone, now),
    now,
    feedUrl,
  };
}

/** Accept or decline a family's move of one of the caregiver's visits, or of a weekly order's schedule. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(currentUserContext);
  const { locale } = getServerT(request, "visits", user.locale);
  return caregiverAnswerAction(user, request, locale);
}

type Visit = CaregiverVisit;

export default function CaregiverSchedule({ loaderData }: Route.ComponentProps) {
  const { userId, range, visits, moves, scheduleChanges, today, now, feedUrl } = loaderData;
  const { t } = useT("visits");
  const byDay = new Map<string, Visit[]>();
  for (const visit of visits) {
    const day = scheduleDayOf(localDateIn(visit.timeZone, visit.startsAt), range);
    byDay.set(day, [...(byDay.get(day) ?? []), visit]);
  }
  const days = range.view === "week" ? range.days : range.days.filter((day) => day === today || byDay.has(day));

  return (
    <div className="space-y-6">
      <header className="space-y-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{t("schedule.heading")}</h1>
        <p className="text-slate-600 dark:text-slate-300">{t("schedule.intro")}</p>
        <LastUpdated fetchedAt={now} />
        <nav aria-label={t("schedule.views")} className="flex flex-wrap items-center gap-2">
          <ViewLink to="?view=agenda" isCurrent={range.view === "agenda"} label={t("schedule.agenda")} />
          <ViewLink
            to={`?view=week&week=${range.weekStart}`}
            isCurrent={range.view === "week"}
            label={t("schedule.week")}
          />
        </nav>
      </header>

      <MoveRequests moves={moves} />
      <ScheduleChangeRequests changes={scheduleChanges} />

      {range.view === "week" && <WeekNavigation range={range} />}

      {visits.length === 0 && range.view === "agenda" && (
        <section className={sectionClass}>
          <p className="text-slate-700 dark:text-slate-200">{t("schedule.nothingComing")}</p>
          <Link to="/caregiver/orders" className={`${linkClass} mt-2 inline-block`}>
            {t("schedule.seeOrders")}
          </Link>
        </section>
      )}
      {visits.length === 0 && range.view === "week" && (
        <p className="text-slate-700 dark:text-slate-200">{t("schedule.nothingThisWeek")}</p>
      )}

      {(visits.length > 0 || range.view === "week") && (
        <ol className={range.view === "week" ? "grid gap-4 2xl:grid-cols-7" : "space-y-6"}>
          {days.map((day) => (
            <DaySection
              key={day}
              day={day}
              isToday={day === today}
              visits={byDay.get(day) ?? []}
              userId={userId}
              now={now}
              isCompact={range.view === "week"}
            />
          ))}
        </ol>
      )}

      <CalendarFeedPanel feedUrl={feedUrl} />
    </div>
  );
}

function ViewLink({ to, isCurrent, label }: { to: string; isCurrent: boolean; label: string }) {
  return (
    <Link
      to={to}
      aria-current={isCurrent ? "page" : undefined}
      className={`inline-flex min-h-11 items-center rounded-lg border px-4 font-semibold ${
        isCurrent
          ? "border-teal-700 bg-teal-700 text-white"
          : "border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
      }`}
    >
      {label}
    </Link>
  );
}

function WeekNavigation({ range }: { range: Route.ComponentProps["loaderData"]["range"] }) {
  const { t, locale } = useT("visits");
  const button =
    "inline-flex min-h-11 items-center gap-1 rounded-lg border border-slate-300 px-3 font-medium text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800";
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h2 className="text-xl font-semibold text-slate-900 dark:text-white">
        {t("schedule.weekOf", { date: formatCalendarDate(range.weekStart, "longDate", locale) })}
      </h2>
      <div className="flex flex-wrap gap-2">
        <Link to={`?view=week&week=${range.previousWeek}`} className={button}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          {t("schedule.previousWeek")}
        </Link>
        <Link to="?view=week" className={button}>
          {t("schedule.thisWeek")}
        </Link>
        <Link to={`?view=week&week=${range.nextWeek}`} className={button}>
          {t("schedule.nextWeek")}
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </div>
  );
}

function DaySection({
  day,
  isToday,
  visits,
  userId,
  now,
  isCompact,
}: {
  day: string;
  isToday: boolean;
  visits: Visit[];
  userId: string;
  now: Date;
  isCompact: boolean;
}) {
  const { t, locale } = useT("visits");
  const headingId = `day-${day}`;
  return (
    <li
      aria-labelledby={headingId}
      className={
        isCompact
          ? "min-w-0 gap-4 border-b border-slate-200 pb-4 sm:grid sm:grid-cols-[9rem_1fr] 2xl:block 2xl:space-y-3 2xl:border-0 dark:border-slate-700"
          : "min-w-0 space-y-3"
      }
    >
      <h2
        id={headingId}
        className={`text-lg font-semibold ${isToday ? "text-teal-800 dark:text-teal-300" : "text-slate-900 dark:text-white"}`}
      >
        {isToday ? `${t("schedule.today")} · ` : ""}
        {formatCalendarDate(day, isCompact ? "weekdayDay" : "weekdayLongDate", locale)}
      </h2>
      {visits.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("schedule.noVisitsThisDay")}</p>
      ) : (
        <ul className="space-y-3">
          {visits.map((visit) => (
            <li key={visit.id}>
              <VisitCard visit={visit} day={day} userId={userId} now={now} isCompact={isCompact} isToday={isToday} />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function VisitCard({
  visit,
  day,
  userId,
  now,
  isCompact,
  isToday,
}: {
  visit: Visit;
  /** The day it is listed under (scheduleDayOf). */
  day: string;
  userId: string;
  now: Date;
  isCompact: boolean;
  isToday: boolean;
}) {
  const { t, locale } = useT("visits");
  const startDay = localDateIn(visit.timeZone, visit.startsAt);
  const serviceNames = useServiceNames();
  const time = (instant: Date) => timeOfDayIn(instant, visit.timeZone, locale);
  const zoned = useZonedTime();
  const place =
    visit.streetAddress ??
    t("visit.area", {
      area: visit.area.city ? `${visit.area.city}, ${visit.area.state ?? ""} ${visit.area.zip}` : visit.area.zip,
    });
  return (
    <article
      className={`${sectionClass} space-y-3 ${isCompact ? "p-3! text-sm" : ""}`}
      aria-label={`${time(visit.startsAt)}${zoned.label(visit.startsAt, visit.timeZone)} ${visit.recipientName}`}
      data-visit-id={visit.id}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="text-lg font-semibold text-slate-900 dark:text-white">
            {t("visit.timeRange", { start: time(visit.startsAt), end: time(visit.endsAt) })}
            <ZoneLabel at={visit.startsAt} timeZone={visit.timeZone} />
          </p>
          {startDay < day && (
            <p className="text-sm font-medium text-slate-700 dark:text-slate-200">
              {t("schedule.began", { date: formatCalendarDate(startDay, "weekdayLongDate", locale) })}
            </p>
          )}
          <p className="text-slate-800 dark:text-slate-100">{t("visit.for", { name: visit.recipientName })}</p>
        </div>
        <VisitStatusChip visit={visit} now={now} />
      </div>
      {!isCompact && (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-200">
            {serviceNames(visit.services)} · {place}
          </p>
          {visit.isBackup && (
            <p className="text-sm font-medium text-amber-800 dark:text-amber-200">{t("schedule.backup")}</p>
          )}
          {visit.hasCancelled && (
            <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-50">
              {t("visit.youCancelled")}
            </p>
          )}
          <VisitCheckControls visit={visit} userId={userId} now={now} />
          {visit.status === "scheduled" && !visit.hasCancelled && visit.endsAt > now && (
            <CancelVisitControl
              visitId={visit.id}
              isLate={visit.isLateToCancel}
              lateCancelHours={visit.lateCancelHours}
            />
          )}
          {visit.status === "completed" && (
            <Link to={`/caregiver/visits/${visit.id}/note`} className={`${linkClass} inline-block`}>
              {visit.hasNote ? t("visit.editNote") : t("visit.writeNote")}
            </Link>
          )}
        </>
      )}
      {isCompact && isToday && (visit.status === "scheduled" || visit.status === "checked_in") && (
        <Link to="?view=agenda" className={`${linkClass} block`}>
          {t("schedule.checkInFromAgenda")}
        </Link>
      )}
      {/* A backup caregiver holds the visit, not the order: their page for it is the backup page. */}
      <Link
        to={visit.isBackup ? `/caregiver/visits/${visit.id}/backup` : `/caregiver/orders/${visit.orderId}`}
        className={`${linkClass} inline-block text-sm`}
      >
        {t("schedule.order", { orderNumber: visit.orderNumber })}
      </Link>
    </article>
  );
}
