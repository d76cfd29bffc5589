import { useEffect, useState } from "react";
import { fetchZipPlace } from "~/utils/zip-place";

/**
 * The time zone where care happens, from the request's ZIP code (GET
 * /api/zip-codes/{zip}, the zone the server stores with the request), so that
 * the wizard checks a visit's start on that clock, not the browser's: a
 * family in New York books for a parent in Chicago. Null until it is known,
 * or when it cannot be (offline, an unknown ZIP): the server checks on submit.
 * A plain request, not a router fetcher: a fetcher's failed load would put the
 * step on the error page.
 */
export function useCareTimeZone(zipCode: string | undefined): string | null {
  const [found, setFound] = useState<{ zip: string; timeZone: string } | null>(null);
  const zip = zipCode?.trim().slice(0, 5) ?? "";
  useEffect(() => {
    if (!/^\d{5}$/.test(zip)) return;
    const pending = new AbortController();
    void fetchZipPlace(zip, pending.signal).then((place) => {
      if (place) setFound({ zip, timeZone: place.timeZone });
    });
    return () => pending.abort();
  }, [zip]);
  return found?.zip === zip ? found.timeZone : null;
}
