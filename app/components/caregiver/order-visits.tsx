import { Link } from "react-router";
import { linkClass, sectionClass } from "~/components/form-controls";
import type { CaregiverVisit } from "~/features/visits/caregiver-visits.server";
import { useT } from "~/i18n/react";
import { formatDayIn, visitTimes } from "~/utils/datetime";
import { ZoneLabel } from "~/components/viewer-time-zone";
import { VisitCheckControls } from "./visit-check-controls";

/** The order page's visits, from yesterday to two weeks ahead, with check-in and check-out where they are open. */
export function OrderVisits({ visits, userId, now }: { visits: CaregiverVisit[]; userId: string; now: Date }) {
  const { t, locale } = useT("visits");
  return (
    <section aria-labelledby="visits-heading" className={sectionClass}>
      <h2 id="visits-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        {t("orderVisits.heading")}
      </h2>
      <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
        {visits.map((visit) => (
          <li key={visit.id} className="space-y-2 py-3" data-visit-id={visit.id}>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="font-medium text-slate-900 dark:text-white">
                {formatDayIn(visit.startsAt, visit.timeZone, locale)} ·{" "}
                {t("visit.timeRange", visitTimes(visit, locale))}
                <ZoneLabel at={visit.startsAt} timeZone={visit.timeZone} />
              </p>
              <span className="text-sm font-medium text-slate-700 dark:text-slate-200">
                {t(`visit.status.${visit.status}`)}
              </span>
            </div>
            <VisitCheckControls visit={visit} userId={userId} now={now} />
            {visit.status === "completed" && (
              <Link to={`/caregiver/visits/${visit.id}/note`} className={`${linkClass} inline-block`}>
                {visit.hasNote ? t("visit.editNote") : t("visit.writeNote")}
              </Link>
            )}
          </li>
        ))}
      </ul>
      <Link to="/caregiver/schedule" className={`${linkClass} mt-2 inline-block`}>
        {t("orderVisits.fullSchedule")}
      </Link>
    </section>
  );
}
