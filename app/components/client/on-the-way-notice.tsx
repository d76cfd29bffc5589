import { Car } from "lucide-react";
import { useT } from "~/i18n/react";
import { timeOfDayIn } from "~/utils/datetime";
import { useZonedTime } from "~/components/viewer-time-zone";

// The family's word that their caregiver is on the way (docs/product-rules.md, "On my way"), at the top of
// the order page; it follows live (routes/client/order.tsx reloads at a "visit-update") and gives way to
// the check-in. The arrival reads on the clock where care happens, its zone named when it is not the reader's.

export function OnTheWayNotice({
  visits,
  timeZone,
}: {
  visits: { visitId: string; caregiverName: string; arrivesAt: Date }[];
  timeZone: string;
}) {
  const { t, locale } = useT("orders");
  const zoned = useZonedTime();
  // The live region is always there, so that a line arriving while the page is open is read out: empty, it
  // stays in the accessibility tree (sr-only, not display: none) and takes no room on the page.
  return (
    <div aria-live="polite" className="empty:sr-only">
      {visits.length > 0 && (
        <section
          aria-label={t("clientOrder.onTheWayHeading")}
          className="rounded-lg border border-teal-300 bg-teal-50 p-4 text-teal-950 dark:border-teal-800 dark:bg-teal-950/50 dark:text-teal-50"
          data-on-the-way
        >
          <ul className="space-y-1">
            {visits.map((visit) => (
              <li key={visit.visitId} className="flex items-start gap-2 font-semibold">
                <Car aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
                <span>
                  {t("clientOrder.onTheWay", {
                    name: visit.caregiverName,
                    time: `${timeOfDayIn(visit.arrivesAt, timeZone, locale)}${zoned.label(visit.arrivesAt, timeZone)}`,
                  })}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
