import { CAREGIVER_DAY_CACHE, NO_VIEWER, VIEWER_HEADER, viewerHeaderValue } from "~/utils/offline-caches";

// The caregiver's day the service worker keeps on the phone holds the pages of one person only: the one signed
// in here now (docs/architecture.md, "Opening the caregiver's day with no signal").

/**
 * Deletes the kept pages of anyone but `userId`, and all of them when nobody is signed in (null). The service
 * worker does the same for every page it fetches (utils/caregiver-day-worker.ts); this covers sign-in and
 * sign-out done in the page, which it never sees.
 */
export async function keepCaregiverDayOf(userId: string | null): Promise<void> {
  const storage = globalThis.caches;
  if (!storage || !(await storage.has(CAREGIVER_DAY_CACHE))) return;
  const viewer = viewerHeaderValue(userId);
  if (viewer === NO_VIEWER) {
    await storage.delete(CAREGIVER_DAY_CACHE);
    return;
  }
  const cache = await storage.open(CAREGIVER_DAY_CACHE);
  for (const request of await cache.keys()) {
    const kept = await cache.match(request);
    if (kept?.headers.get(VIEWER_HEADER) !== viewer) await cache.delete(request);
  }
}
