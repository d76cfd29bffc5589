import type { VitePWAOptions } from "vite-plugin-pwa";

// The service worker's part in opening the caregiver's day with no signal
// (docs/architecture.md, "Opening the caregiver's day with no signal"): Workbox
// plugins for the routes of utils/pwa-manifest.ts.
//
// workbox-build copies each plugin's source into sw.js, so every function here
// stands alone: it names only the worker's globals (caches, Response, URL) and
// literals. The literals are those of utils/offline-caches.ts:
// "tendly-caregiver-day" (CAREGIVER_DAY_CACHE), "x-tendly-viewer"
// (VIEWER_HEADER), "-" (NO_VIEWER) and the pages of CAREGIVER_DAY_PAGES;
// caregiver-day-worker.test.ts holds them to it, running the copied source.

type RuntimeCaching = NonNullable<NonNullable<Partial<VitePWAOptions>["workbox"]>["runtimeCaching"]>[number];
export type WorkerPlugin = NonNullable<NonNullable<RuntimeCaching["options"]>["plugins"]>[number];

/**
 * On every page that comes from the server: the kept pages of anyone but the
 * person it was rendered for are deleted, all of them when it was rendered for
 * nobody signed in. So the cache only ever holds the pages of the last person
 * seen signed in on this phone.
 */
export const forgetOtherViewers: WorkerPlugin = {
  fetchDidSucceed: async ({ response }) => {
    const viewer = response.headers.get("x-tendly-viewer");
    if (viewer === null || !(await caches.has("tendly-caregiver-day"))) return response;
    const cache = await caches.open("tendly-caregiver-day");
    for (const request of await cache.keys()) {
      const kept = await cache.match(request);
      if (viewer === "-" || kept?.headers.get("x-tendly-viewer") !== viewer) await cache.delete(request);
    }
    return response;
  },
};

/** Only a page rendered for someone signed in is kept (not a redirect, a refusal or an error). */
export const keepSignedInPages: WorkerPlugin = {
  cacheWillUpdate: async ({ response }) => {
    const viewer = response.headers.get("x-tendly-viewer");
    return response.status === 200 && viewer !== null && viewer !== "-" ? response : null;
  },
};

/**
 * The notification panel's list (GET /api/notifications) is kept only beside a
 * kept page of the caregiver's day (forgetOtherViewers has already left only
 * the same person's), so the bell on that page opens with no signal on the list
 * last read; for anyone else nothing is kept.
 */
export const keepBesideTheDay: WorkerPlugin = {
  cacheWillUpdate: async ({ request, response }) => {
    if (!(await caches.has("tendly-caregiver-day"))) return null;
    const cache = await caches.open("tendly-caregiver-day");
    for (const page of ["/caregiver", "/caregiver/schedule"]) {
      if (await cache.match(new URL(page, request.url).href)) return response;
    }
    return null;
  },
};

/**
 * The app's start page ("/", the manifest's start_url) with no signal: on to
 * the caregiver's day when the phone keeps it, so the installed app opens on
 * it from a cold start. Elsewhere nothing, and the offline page follows.
 */
export const startOnCaregiverDay: WorkerPlugin = {
  handlerDidError: async ({ request }) => {
    if (new URL(request.url).pathname !== "/" || !(await caches.has("tendly-caregiver-day"))) return undefined;
    const cache = await caches.open("tendly-caregiver-day");
    for (const page of ["/caregiver", "/caregiver/schedule"]) {
      const pageUrl = new URL(page, request.url).href;
      if (await cache.match(pageUrl)) return Response.redirect(pageUrl, 302);
    }
    return undefined;
  },
};
