import { useMemo, useSyncExternalStore } from "react";
import { useLocale } from "~/i18n/react";
import {
  formatDateTime,
  formatVisitDateTime,
  scheduleZoneLabelFor,
  VIEWER_TIME_ZONE,
  zonedInstant,
  zoneLabelFor,
  zoneLongName,
} from "~/utils/datetime";

// The viewer's side of "a visit in the visit's zone" (docs/architecture.md,
// "Time"): the text of a time comes from ~/utils/datetime, the same on the
// server and in the browser; the zone's name is added once the page runs in
// the browser and knows its zone, and only when that zone's clock reads
// differently. The server knows no viewer's zone (no cookie or setting carries
// it), so its render names none, and hydration finds the same text.

const subscribeToNothing = () => () => undefined;
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || null;
const unknownOnServer = () => null;

/** The browser's IANA zone; null on the server and in the render that hydrates. */
export function useViewerTimeZone(): string | null {
  return useSyncExternalStore(subscribeToNothing, browserTimeZone, unknownOnServer);
}

type Instant = Date | string | number;

/**
 * Times read on a given zone's clock, for this viewer, in the page's language:
 * `label` is " CST" (with its space) or "" for text built as a string, and
 * `dateTime` is "Mon, Dec 7, 2026 at 9:00 AM", then " CST" when it applies.
 */
export function useZonedTime() {
  const viewer = useViewerTimeZone();
  const locale = useLocale();
  return useMemo(() => {
    const label = (instant: Instant, timeZone: string) => {
      const name = zoneLabelFor(instant, timeZone, viewer);
      return name ? ` ${name}` : "";
    };
    return {
      label,
      dateTime: (instant: Instant, timeZone: string) =>
        `${formatVisitDateTime(instant, timeZone, { locale })}${label(instant, timeZone)}`,
    };
  }, [viewer, locale]);
}

/** " CST" after a time read in `timeZone`, named in words on hover; nothing when the viewer's clock reads the same. */
export function ZoneLabel({ at, timeZone }: { at: Instant; timeZone: string }) {
  const viewer = useViewerTimeZone();
  const locale = useLocale();
  const name = zoneLabelFor(at, timeZone, viewer);
  if (!name) return null;
  return (
    <>
      {" "}
      <abbr title={zoneLongName(at, timeZone, locale)}>{name}</abbr>
    </>
  );
}

/**
 * " CT" after a schedule's times (local times of the place of care, from
 * `startDate` to `endDate`, YYYY-MM-DD), named generically since the weeks
 * may cross a DST change; nothing when the viewer's clock reads the same.
 */
export function ScheduleZoneLabel({
  startDate,
  endDate,
  timeZone,
}: {
  startDate: string;
  endDate: string;
  timeZone: string;
}) {
  const viewer = useViewerTimeZone();
  const locale = useLocale();
  const days = [zonedInstant(startDate, "12:00", timeZone), zonedInstant(endDate, "12:00", timeZone)];
  const name = scheduleZoneLabelFor(days, timeZone, viewer);
  if (!name) return null;
  return (
    <>
      {" "}
      <abbr title={zoneLongName(days[0]!, timeZone, locale, "longGeneric")}>{name}</abbr>
    </>
  );
}

/**
 * A moment that belongs to no place of care (a message sent, settings saved)
 * on the reader's own clock, its zone always named: "Dec 4, 2026 at 9:05 AM
 * CST". Before the browser knows its zone (the server's render and the one
 * that hydrates) it reads in UTC, named so.
 */
export function useViewerMoment() {
  const viewer = useViewerTimeZone();
  const locale = useLocale();
  return useMemo(() => (at: Instant) => formatDateTime(at, viewer ?? VIEWER_TIME_ZONE, locale), [viewer, locale]);
}

/** A moment on the reader's own clock, named (useViewerMoment), as a <time>. */
export function ViewerMoment({ at, className }: { at: Instant; className?: string }) {
  const moment = useViewerMoment();
  return (
    <time dateTime={new Date(at).toISOString()} className={className}>
      {moment(at)}
    </time>
  );
}
