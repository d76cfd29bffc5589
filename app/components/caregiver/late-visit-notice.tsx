import { AlertTriangle } from "lucide-react";
import { Link, useLocation } from "react-router";
import { linkClass } from "~/components/form-controls";
import type { CaregiverVisit } from "~/features/visits/caregiver-visits.server";
import { useT } from "~/i18n/react";
import { useNow } from "~/components/use-now";
import { isVisitLate } from "~/features/visits/visit-alerts";

// The late mark on a visit the caregiver has not checked in to, on their home and schedule
// (docs/product-rules.md, "Late and missed visits, backup caregivers"): said in words, not only in
// colour, with what to do now: check in with the button below it, say they cannot come (the schedule's
// "Can't make it?", which asks backup caregivers), or write to the family or to support.

export function LateVisitNotice({ visit, time }: { visit: Pick<CaregiverVisit, "id">; time: string }) {
  const { t } = useT("visits");
  const { pathname } = useLocation();
  const headingId = `late-${visit.id}`;
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-2 rounded-lg border-2 border-red-700 bg-red-50 p-3 text-red-950 dark:border-red-400 dark:bg-red-950/50 dark:text-red-50"
      data-late-visit
    >
      <h3 id={headingId} className="flex items-center gap-2 font-semibold">
        <AlertTriangle aria-hidden="true" className="size-5 shrink-0" />
        {t("late.heading")}
      </h3>
      <p className="text-sm">{t("late.started", { time })}</p>
      <p className="text-sm font-medium">{t("late.checkInNow")}</p>
      <p className="text-sm">{t("late.cannotCome")}</p>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {pathname !== "/caregiver/schedule" && (
          <li>
            <Link to="/caregiver/schedule" className={linkClass}>
              {t("late.openSchedule")}
            </Link>
          </li>
        )}
        <li>
          <Link to="/caregiver/messages" className={linkClass}>
            {t("late.messageFamily")}
          </Link>
        </li>
        <li>
          <Link to="/caregiver/messages?c=support" className={linkClass}>
            {t("late.messageSupport")}
          </Link>
        </li>
      </ul>
    </section>
  );
}

/** The visit's status on the schedule, "Late" (in words, with an icon) while it waits past its late mark. */
export function VisitStatusChip({
  visit,
  now: loaderNow,
}: {
  visit: Pick<CaregiverVisit, "status" | "checkedInAt" | "endsAt" | "lateAlertedAt" | "lateFrom" | "hasCancelled">;
  now: Date;
}) {
  const { t } = useT("visits");
  const now = useNow(loaderNow);
  if (!visit.hasCancelled && isVisitLate(visit, now)) {
    return (
      <span className="inline-flex items-center gap-1 rounded-full bg-red-700 px-2.5 py-0.5 text-sm font-semibold text-white">
        <AlertTriangle aria-hidden="true" className="size-4" />
        {t("late.badge")}
      </span>
    );
  }
  return (
    <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-medium text-slate-800 dark:bg-slate-800 dark:text-slate-100">
      {t(`visit.status.${visit.status}`)}
    </span>
  );
}
