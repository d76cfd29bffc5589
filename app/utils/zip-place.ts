/** A US ZIP code's place as GET /api/zip-codes/{zip} answers it (routes/api/zip-code.ts). */
export type ZipPlace = { zip: string; city: string; state: string; timeZone: string };

/**
 * Looks a 5-digit ZIP code up from the browser. Null when it is unknown, when the
 * request was aborted, or when there is no connection: the callers then do without
 * (the person types the town; the server checks the schedule on its own clock).
 */
export async function fetchZipPlace(zip: string, signal?: AbortSignal): Promise<ZipPlace | null> {
  try {
    const response = await fetch(`/api/zip-codes/${encodeURIComponent(zip)}`, { signal });
    return response.ok ? ((await response.json()) as ZipPlace) : null;
  } catch {
    return null;
  }
}
