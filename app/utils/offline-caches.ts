// Caches the service worker keeps beside its precache (utils/pwa-manifest.ts), and what the
// server tells it about each page (docs/architecture.md, "Opening the caregiver's day with no signal").

/**
 * The caregiver's day, kept on the phone: the last copy of /caregiver and
 * /caregiver/schedule, so the schedule opens (and check-in works through the
 * outbox) in a house with no signal, and beside them the notification list
 * last read (so the bell opens there too). It only ever holds those of the last
 * person seen signed in on this phone, and is emptied when someone signs out.
 */
export const CAREGIVER_DAY_CACHE = "tendly-caregiver-day";

/** The header on every page the server renders: whom it was rendered for (a user id), or NO_VIEWER. */
export const VIEWER_HEADER = "X-Tendly-Viewer";

/** The viewer of a page rendered for nobody signed in. */
export const NO_VIEWER = "-";

/** The value of VIEWER_HEADER for a page rendered for this user (or nobody). */
export function viewerHeaderValue(userId: string | null | undefined): string {
  return userId || NO_VIEWER;
}

/** The pages of the caregiver's day, in the order the service worker opens them at the app's start with no signal. */
export const CAREGIVER_DAY_PAGES = ["/caregiver", "/caregiver/schedule"] as const;

/** Whether a navigation is to one of the caregiver's day pages (their plain URLs only, so at most two are kept). */
export function isCaregiverDayPage(url: URL): boolean {
  return url.search === "" && /^\/caregiver(?:\/schedule)?\/?$/.test(url.pathname);
}
