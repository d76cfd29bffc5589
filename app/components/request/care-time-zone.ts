import { useCallback, useEffect, useRef, useState } from "react";
import { fetchZipPlace, type ZipPlace } from "~/utils/zip-place";

/** How long Continue waits for a lookup still on its way before going on without it. */
const LOOKUP_WAIT_MS = 5000;

/**
 * The time zone where care happens, from the request's ZIP code (GET
 * /api/zip-codes/{zip}, the zone the server stores with the request), so that
 * the wizard checks a visit's start on that clock, not the browser's: a
 * family in New York books for a parent in Chicago. The lookup starts when
 * the step opens. `known`: the zone once it has come. `settle()`: waits for
 * it (at most LOOKUP_WAIT_MS, so that Continue never hangs on a slow answer).
 * Both give null when the zone cannot be known (offline, an unknown ZIP): the
 * server then checks on submit. A plain request, not a router fetcher: a
 * fetcher's failed load would put the step on the error page.
 */
export function useCareTimeZone(zipCode: string | undefined): {
  known: string | null;
  settle: () => Promise<string | null>;
} {
  const lookup = useRef<{ zip: string; place: Promise<ZipPlace | null> } | null>(null);
  const [found, setFound] = useState<{ zip: string; timeZone: string } | null>(null);
  const zip = zipCode?.trim().slice(0, 5) ?? "";
  useEffect(() => {
    if (!/^\d{5}$/.test(zip)) return;
    const pending = new AbortController();
    const place = fetchZipPlace(zip, pending.signal);
    lookup.current = { zip, place };
    void place.then((answer) => {
      if (answer) setFound({ zip, timeZone: answer.timeZone });
    });
    return () => pending.abort();
  }, [zip]);
  const settle = useCallback(async () => {
    const current = lookup.current;
    if (current?.zip !== zip) return null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const gaveUp = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), LOOKUP_WAIT_MS);
    });
    const place = await Promise.race([current.place, gaveUp]);
    clearTimeout(timer);
    return place?.timeZone ?? null;
  }, [zip]);
  return { known: found?.zip === zip ? found.timeZone : null, settle };
}
