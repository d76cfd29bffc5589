import { WifiOff } from "lucide-react";
import { useSyncExternalStore } from "react";
import { useOnline } from "~/components/use-online";
import { useViewerTimeZone } from "~/components/viewer-time-zone";
import { useT } from "~/i18n/react";
import { lastUpdatedAt, showsLastUpdated } from "~/utils/last-updated";

/** How often the line checks whether the data on screen has grown old. */
const RECHECK_MS = 30_000;

function subscribeToClock(onChange: () => void) {
  const timer = window.setInterval(onChange, RECHECK_MS);
  return () => window.clearInterval(timer);
}
/** The browser's clock in steps of RECHECK_MS; null on the server and in the render that hydrates. */
const clockStep = () => Math.floor(Date.now() / RECHECK_MS);
const noClockOnServer = () => null;

/**
 * "Last updated Dec 4 at 3:12 PM" over what is shown as the phone kept it (docs/architecture.md, "Opening the
 * caregiver's day with no signal"): the caregiver's day, and the notifications the bell lists there. Shown with no
 * connection, or data read on the server a while ago (`fetchedAt`, the server's clock). Written in the browser only,
 * on its own clock: the server's render and the hydration show nothing.
 */
export function LastUpdated({ fetchedAt, className = "" }: { fetchedAt: Date; className?: string }) {
  const { t, locale } = useT("account");
  const isOnline = useOnline();
  const timeZone = useViewerTimeZone();
  const step = useSyncExternalStore(subscribeToClock, clockStep, noClockOnServer);
  if (step === null || !timeZone) return null;
  const now = new Date(step * RECHECK_MS);
  if (!showsLastUpdated({ fetchedAt, now, isOnline })) return null;
  const at = lastUpdatedAt(fetchedAt, now, timeZone, locale);
  return (
    <p
      data-last-updated
      className={`flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100 ${className}`}
    >
      <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        {isOnline ? "" : `${t("kept.noConnection")} `}
        {at.isToday ? t("kept.updatedToday", { time: at.time }) : t("kept.updatedOn", at)}
      </span>
    </p>
  );
}
