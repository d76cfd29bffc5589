import { z } from "zod";
import { getDistance } from "geolib";
import { db, type Executor } from "~/platform/db/client.server";
import { defineJob, queueJob } from "~/platform/db/job-queue.server";
import { zipRadiusMeters } from "~/utils/zip-codes.server";
import {
  ADDRESS_TABLES,
  markGeocodeNotFound,
  readAddressRow,
  saveGeocodedPoint,
  unaskedAddressRows,
  type AddressTableName,
} from "./address-rows.server";
import { geocodeAddress, geocoderSettings, type GeocoderSettings } from "./geocoder.server";

// Addresses are placed on the map in the background (docs/architecture.md, "Addresses on the map"):
// saving an address queues a job for it, so the family's form never waits on the provider; a
// provider that cannot answer now makes the job fail, and the runner tries it again later (1, 4,
// 9... minutes). At start-up, the backfill queues a job for every address still unasked.

/** How many rows the backfill queues at a time; it runs again for the next ones. */
const BACKFILL_BATCH = 500;

export type GeocodeOutcome = "geocoded" | "not_found" | "implausible" | "off" | "gone";

/**
 * A provider's point this far beyond the ZIP code's own radius is another place of the same street
 * name, not this address: the row keeps its ZIP code's centre.
 */
const PLAUSIBLE_MARGIN_METERS = 2_000;

/** Asks the provider for one row's address and keeps the answer. Throws when the provider cannot answer now. */
export async function geocodeAddressRow({
  table,
  id,
  settings = geocoderSettings(),
  fetchImpl,
  now = () => new Date(),
}: {
  table: AddressTableName;
  id: string;
  settings?: GeocoderSettings | null;
  fetchImpl?: typeof fetch;
  now?: () => Date;
}): Promise<GeocodeOutcome> {
  if (!settings) return "off";
  const row = await readAddressRow(db, table, id);
  if (!row) return "gone";
  const answer = await geocodeAddress(row.address, settings, fetchImpl);
  if (!answer.found) {
    await markGeocodeNotFound(db, table, id, now());
    return "not_found";
  }
  if (row.zipCentre) {
    const radius = await zipRadiusMeters(row.address.zip.slice(0, 5));
    if (getDistance(row.zipCentre, answer, 1) > 2 * radius + PLAUSIBLE_MARGIN_METERS) {
      await markGeocodeNotFound(db, table, id, now());
      return "implausible";
    }
  }
  await saveGeocodedPoint(db, table, id, answer, now());
  return "geocoded";
}

const jobKey = (table: AddressTableName, id: string) => `geocode:${table}:${id}`;

export const geocodeAddressJob = defineJob({
  name: "geocoding.address",
  payload: z.object({ table: z.enum(ADDRESS_TABLES), id: z.uuid() }),
  run: async ({ table, id }) => {
    await geocodeAddressRow({ table, id });
  },
});

/**
 * Queues a job for every address the provider has not answered for, spaced by GEOCODER_INTERVAL_MS
 * (a public Nominatim allows one request a second); runs again while more are left.
 */
export async function backfillAddressGeocodes({
  settings = geocoderSettings(),
  now = new Date(),
}: { settings?: GeocoderSettings | null; now?: Date } = {}): Promise<{ queued: number; next?: Date }> {
  if (!settings) return { queued: 0 };
  let queued = 0;
  let more = false;
  for (const table of ADDRESS_TABLES) {
    const ids = await unaskedAddressRows(db, table, BACKFILL_BATCH);
    more ||= ids.length === BACKFILL_BATCH;
    for (const id of ids) {
      const runAt = new Date(now.getTime() + queued * settings.intervalMs);
      await queueJob(geocodeAddressJob, { table, id }, { key: jobKey(table, id), runAt });
      queued += 1;
    }
  }
  // The next batch once this one is due; its rows are found again only if still unasked by then.
  return more ? { queued, next: new Date(now.getTime() + (queued + 1) * settings.intervalMs) } : { queued };
}

export const geocodeBackfillJob = defineJob({
  name: "geocoding.backfill",
  payload: z.object({}),
  run: async () => {
    const { next } = await backfillAddressGeocodes();
    return next ? { next } : undefined;
  },
});

export const geocodingJobs = [geocodeAddressJob, geocodeBackfillJob];

/** Queues the geocoding of a row just saved, in the saving transaction; nothing when geocoding is off. */
export async function queueAddressGeocode(tx: Executor, table: AddressTableName, id: string): Promise<void> {
  if (!geocoderSettings()) return;
  await queueJob(geocodeAddressJob, { table, id }, { tx, key: jobKey(table, id) });
}

/** At start-up: the backfill, once per database; nothing when geocoding is off. */
export async function scheduleGeocodingJobs(): Promise<void> {
  if (!geocoderSettings()) return;
  await queueJob(geocodeBackfillJob, {}, { key: "geocoding-backfill" });
}
