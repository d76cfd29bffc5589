import { useEffect } from "react";
import { useFetcher } from "react-router";
import type { loader as zipCodeLoader } from "~/routes/api/zip-code";

/**
 * The time zone where care happens, from the request's ZIP code (GET
 * /api/zip-codes/{zip}, the zone the server stores with the request), so that
 * the wizard checks a visit's start on that clock, not the browser's: a
 * family in New York books for a parent in Chicago. Null until it is known,
 * or when it cannot be (offline, an unknown ZIP): the server checks on submit.
 */
export function useCareTimeZone(zipCode: string | undefined): string | null {
  const { load, data } = useFetcher<typeof zipCodeLoader>();
  const zip = zipCode?.trim().slice(0, 5) ?? "";
  useEffect(() => {
    if (/^\d{5}$/.test(zip)) void load(`/api/zip-codes/${zip}`);
  }, [zip, load]);
  return data && "timeZone" in data && data.zip === zip ? data.timeZone : null;
}
