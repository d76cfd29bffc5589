import { redirectDocument, type DataStrategyResult, type MiddlewareFunction } from "react-router";
import { isConnectionFailure } from "~/utils/connection-loss";
import {
  CAREGIVER_DAY_CACHE,
  isCaregiverDayPage,
  NO_VIEWER,
  VIEWER_HEADER,
  viewerHeaderValue,
} from "~/utils/offline-caches";

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

/**
 * The caregiver area's client middleware: a move to the home or the schedule inside the app (a link, not a
 * reload) that finds no connection loads that page from the phone instead, as a reload would (the service
 * worker answers with the kept copy, or the offline page), rather than ending on the error page.
 */
export const openKeptDayWithNoSignal: MiddlewareFunction<Record<string, DataStrategyResult>> = async (
  { request },
  next,
) => {
  const results = await next();
  const url = new URL(request.url);
  if (request.method !== "GET" || !isCaregiverDayPage(url)) return results;
  const isLost = Object.values(results).some(
    (outcome) => outcome.type === "error" && isConnectionFailure(outcome.result, navigator.onLine),
  );
  if (isLost) throw redirectDocument(url.pathname);
  return results;
};
