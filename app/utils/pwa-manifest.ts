import type { VitePWAOptions } from "vite-plugin-pwa";
import {
  forgetOtherViewers,
  keepBesideTheDay,
  keepSignedInPages,
  startOnCaregiverDay,
} from "./caregiver-day-worker.ts";
import { CAREGIVER_DAY_CACHE } from "./offline-caches.ts";

// The installable app: web app manifest and service worker (generateSW).
// Used by vite.config.ts; the service worker is only built by `react-router build`.
//
// Pages are server-rendered and personal, so the worker caches none but the
// caregiver's day (docs/architecture.md, "Opening the caregiver's day with no signal"):
// it precaches the static shell (client JS/CSS, icons, the offline page), sends
// every page navigation to the network, and shows public/offline.html when the
// network cannot be reached. /api/*, /dev/* and /healthz are not handled by the
// worker at all, so the browser always fetches them itself.

/** Served at this URL and linked from app/root.tsx (`links`). */
export const MANIFEST_URL = "/manifest.webmanifest";
export const OFFLINE_PAGE_URL = "/offline.html";

export const pwaOptions: Partial<VitePWAOptions> = {
  // React Router writes the client build here.
  outDir: "build/client",
  registerType: "prompt",
  // No inline registration script (our CSP has no 'unsafe-inline'): the update
  // banner registers the worker from an effect (app/components/update-banner.tsx).
  injectRegister: false,
  manifestFilename: MANIFEST_URL.slice(1),
  manifest: {
    id: "/",
    name: "Tendly",
    short_name: "Tendly",
    description: "Find, book and pay vetted in-home caregivers.",
    lang: "en",
    dir: "ltr",
    categories: ["health", "lifestyle", "medical"],
    theme_color: "#0d9488",
    background_color: "#ffffff",
    display: "standalone",
    // "/" sends a signed-in person on to their own area (docs/product-rules.md, "Areas, roles and redirects").
    start_url: "/",
    scope: "/",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      { src: "/icons/tendly.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
    ],
    shortcuts: [{ name: "Find Care", short_name: "Find Care", url: "/request", description: "Request a caregiver" }],
  },
  // The icons are listed in globPatterns below (a second list would add them twice).
  includeManifestIcons: false,
  workbox: {
    globPatterns: ["assets/**/*.{js,css}", "offline.html", "favicon.svg", "icons/*.{png,svg}"],
    cleanupOutdatedCaches: true,
    // The first worker takes control of the open page at once, so the offline
    // page works from the first visit. Later workers wait for "Update Now".
    clientsClaim: true,
    // No app-shell fallback: there is no shell HTML to fall back to.
    navigateFallback: null,
    runtimeCaching: [
      {
        // A language's namespace files (routes/api/translations.ts), named by their content: kept as they
        // are, so that a page kept for use offline (the caregiver's day) hydrates in its language offline
        // too (docs/decisions/0041-what-a-page-carries.md). Two languages of 28 namespaces, and a few old.
        urlPattern: ({ url }) => /^\/i18n\/[a-z]{2}\/[a-z-]+\.[0-9a-f]{12}\.json$/.test(url.pathname),
        handler: "CacheFirst",
        options: { cacheName: "tendly-translations", expiration: { maxEntries: 120 } },
      },
      {
        // The caregiver's schedule and home (their plain URLs only, so the cache holds two pages at most:
        // utils/offline-caches.ts isCaregiverDayPage, written out in full: workbox-build copies this
        // function's source into sw.js), from the network when there is one (within 6 s), else as last
        // seen, and only ever those of the last person seen signed in.
        urlPattern: ({ request, url }) =>
          request.mode === "navigate" && url.search === "" && /^\/caregiver(?:\/schedule)?\/?$/.test(url.pathname),
        handler: "NetworkFirst",
        options: {
          cacheName: CAREGIVER_DAY_CACHE,
          networkTimeoutSeconds: 6,
          plugins: [forgetOtherViewers, keepSignedInPages],
          precacheFallback: { fallbackURL: OFFLINE_PAGE_URL },
        },
      },
      {
        // The notification panel's list beside the caregiver's day: from the network when there is one (within
        // 6 s), else as last read, kept only while the day is (keepBesideTheDay) and for the same person.
        urlPattern: ({ url }) => url.pathname === "/api/notifications" && url.search === "",
        handler: "NetworkFirst",
        options: {
          cacheName: CAREGIVER_DAY_CACHE,
          networkTimeoutSeconds: 6,
          plugins: [forgetOtherViewers, keepSignedInPages, keepBesideTheDay],
        },
      },
      {
        // Written out in full: workbox-build copies this function's source into sw.js.
        urlPattern: ({ request, url }) =>
          request.mode === "navigate" && !/^\/(?:api|dev)(?:\/|$)|^\/healthz$/.test(url.pathname),
        handler: "NetworkOnly",
        // Each page tells whom it was rendered for; the app's start page opens the caregiver's day offline.
        options: {
          plugins: [forgetOtherViewers, startOnCaregiverDay],
          precacheFallback: { fallbackURL: OFFLINE_PAGE_URL },
        },
      },
    ],
  },
};
