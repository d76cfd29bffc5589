// Caches the service worker keeps beside its precache (utils/pwa-manifest.ts).

/**
 * The caregiver's day, kept on the phone: the last copy of /caregiver and
 * /caregiver/schedule, so the schedule opens (and check-in works through the
 * outbox) in a house with no signal. Emptied when someone signs out.
 */
export const CAREGIVER_DAY_CACHE = "tendly-caregiver-day";
