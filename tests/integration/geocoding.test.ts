import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { careRequests, jobs, orders, visitEvents } from "~/platform/db/schema";
import { createUser } from "~/platform/db/seed/factories.server";
import { listVisitExceptions } from "~/features/evv/exceptions.server";
import { backfillAddressGeocodes, geocodingJobs } from "~/features/geocoding/geocoding.job";
import { geocodeAddress, geocoderSettings } from "~/features/geocoding/geocoder.server";
import { matchesForRequest } from "~/features/orders/order-matches.server";
import { recordCheck } from "~/features/visits/check-in.server";
import { runDueJobs } from "~/platform/jobs/runner.server";
import { getEnv, setEnvForTesting, type Env } from "~/utils/env.server";
import { zipRadiusMeters } from "~/utils/zip-codes.server";
import { startFakeGeocoder, type FakeGeocoder } from "../support/fake-geocoder";
import { useAuthTestSetup } from "./auth-env";
import { caregiverNear } from "./care-loop-helpers";
import { bookCare, minutesAfter, type BookedCare } from "./visit-helpers";

// Addresses on the map (docs/product-rules.md, "Addresses on the map"): a saved address is geocoded by
// a job through the provider (here the fake at its HTTP boundary), retried when the provider is down,
// backfilled for addresses saved before; check-ins are measured from the geocoded point, and an address
// not yet placed is judged against its ZIP code's size.

const setup = useAuthTestSetup();

/** Where the care loop's address (2400 N Clark St, Apt 5, 60614) is: about 930 m from its ZIP code's centre. */
const CLARK_ST = { latitude: 41.9262, longitude: -87.638 };
const ZIP_CENTRE = { latitude: 41.9229, longitude: -87.6483 };

let fake: FakeGeocoder;
let before: Env;
let admin: { id: string; roles: "admin"[] };

beforeAll(async () => {
  fake = await startFakeGeocoder([{ street: "2400 N Clark St, Apt 5", zip: "60614", ...CLARK_ST }]);
  before = getEnv();
  admin = { ...(await createUser(setup.db, { roles: ["admin"] })), roles: ["admin"] };
});

afterAll(async () => {
  setEnvForTesting(before);
  await fake?.close();
});

function geocodingOn() {
  setEnvForTesting({ ...before, GEOCODER: "census", GEOCODER_URL: fake.url, GEOCODER_INTERVAL_MS: 0 });
}
function geocodingOff() {
  setEnvForTesting({ ...before, GEOCODER: undefined, GEOCODER_URL: undefined });
}

async function requestOf(orderId: string) {
  const [row] = await setup.db
    .select({ careRequest: careRequests })
    .from(orders)
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(eq(orders.id, orderId));
  return row!.careRequest;
}

async function geocodeJobsOf(requestId: string) {
  return setup.db
    .select()
    .from(jobs)
    .where(eq(jobs.key, `geocode:care_requests:${requestId}`));
}

/** Runs the geocoding jobs due now; a retry waits its back-off, so it is made due again first. */
async function runGeocodingJobs({ dueNow = false } = {}) {
  if (dueNow)
    await setup.db.execute(sql`update jobs set run_at = now() where name like 'geocoding.%' and done_at is null`);
  return runDueJobs(setup.db, geocodingJobs);
}

async function checkInAt(care: BookedCare, point: { latitude: number; longitude: number }) {
  const occurredAt = minutesAfter(care.visit.startsAt, -2);
  await recordCheck({
    actor: { id: care.caregiver.id },
    visitId: care.visit.id,
    kind: "check_in",
    clientEventId: randomUUID(),
    occurredAt,
    verification: { method: "location", ...point, accuracyMeters: 15 },
    now: occurredAt,
  });
  const [event] = await setup.db.select().from(visitEvents).where(eq(visitEvents.visitId, care.visit.id));
  return event!;
}

async function exceptionOf(visitId: string) {
  const list = await listVisitExceptions({ actor: admin });
  return list.exceptions.find((row) => row.visitId === visitId);
}

describe("the provider module", () => {
  test("asks nothing with no provider configured", () => {
    expect(
      geocoderSettings({
        GEOCODER: undefined,
        GEOCODER_URL: undefined,
        GEOCODER_KEY: undefined,
        GEOCODER_INTERVAL_MS: 0,
      }),
    ).toBeNull();
  });

  test("reads the Census and the Nominatim answers alike, and says when an address is unknown", async () => {
    const address = { street: "2400 N Clark St, Apt 5", city: "Chicago", state: "IL", zip: "60614" };
    for (const provider of ["census", "nominatim"] as const) {
      const settings = { provider, url: fake.url, key: "k-123", intervalMs: 0 };
      expect(await geocodeAddress(address, settings)).toEqual({ found: true, ...CLARK_ST });
      expect(fake.requests.at(-1)?.get("key")).toBe("k-123");
      expect(await geocodeAddress({ ...address, street: "1 Nowhere Ln" }, settings)).toEqual({ found: false });
    }
  });
});

describe("geocoding a saved address", () => {
  test("saving a request queues a job; the job places the address, and matching measures from it", async () => {
    geocodingOn();
    const care = await bookCare(setup.db, { lastName: "Placed" });
    const saved = await requestOf(care.orderId);
    // The family's request was saved before the provider was asked.
    expect(saved).toMatchObject({ locationSource: "zip_centroid", addressLatitude: null, geocodeCheckedAt: null });
    expect(await geocodeJobsOf(saved.id)).toHaveLength(1);

    await runGeocodingJobs();
    const placed = await requestOf(care.orderId);
    expect(placed).toMatchObject({
      locationSource: "geocoded",
      addressLatitude: CLARK_ST.latitude,
      addressLongitude: CLARK_ST.longitude,
    });
    expect(placed.geocodeCheckedAt).toBeInstanceOf(Date);
    // The ZIP code's centre stays: it is the area a caregiver sees before accepting.
    expect(placed).toMatchObject(ZIP_CENTRE);

    // Another caregiver (the booked one is busy then), in Wicker Park: 2.1 mi from the ZIP code's
    // centre, 2.7 mi from the street.
    const other = await caregiverNear(setup.db, { lastName: "Nearby", zipCode: "60622" });
    const [fromAddress] = await matchesForRequest(placed, { onlyCaregiverId: other.id });
    const [fromZip] = await matchesForRequest(
      { ...placed, locationSource: "zip_centroid" },
      { onlyCaregiverId: other.id },
    );
    expect(fromZip!.distanceMiles).toBeCloseTo(2.1, 0);
    expect(fromAddress!.distanceMiles).toBeGreaterThan(fromZip!.distanceMiles + 0.4);
  });

  test("a provider that is down fails the job, which is tried again later and then places the address", async () => {
    geocodingOn();
    const care = await bookCare(setup.db, { lastName: "Retried" });
    const saved = await requestOf(care.orderId);
    fake.failNext(1);
    await runGeocodingJobs();
    const [failed] = await geocodeJobsOf(saved.id);
    expect(failed).toMatchObject({ attempts: 1, doneAt: null });
    expect(failed!.lastError).toMatch(/answered 503/);
    expect(failed!.runAt.getTime()).toBeGreaterThan(Date.now());
    expect((await requestOf(care.orderId)).locationSource).toBe("zip_centroid");

    await runGeocodingJobs({ dueNow: true });
    expect((await requestOf(care.orderId)).locationSource).toBe("geocoded");
    const [done] = await geocodeJobsOf(saved.id);
    expect(done).toMatchObject({ attempts: 2, lastError: null });
    expect(done!.doneAt).toBeInstanceOf(Date);
  });

  test("addresses saved with geocoding off are backfilled once it is on; an unknown one keeps its ZIP code's centre", async () => {
    geocodingOff();
    const earlier = await bookCare(setup.db, { lastName: "Earlier" });
    const saved = await requestOf(earlier.orderId);
    expect(await geocodeJobsOf(saved.id)).toHaveLength(0);
    const requestsBefore = fake.requests.length;
    // Off: the backfill asks nothing either.
    expect(await backfillAddressGeocodes()).toEqual({ queued: 0 });
    expect(fake.requests.length).toBe(requestsBefore);
    // An address the provider does not know.
    await setup.db
      .update(careRequests)
      .set({ request: sql`${careRequests.request} || '{"streetAddress":"1 Nowhere Ln"}'::jsonb` })
      .where(eq(careRequests.id, (await requestOf((await bookCare(setup.db, { lastName: "Unknown" })).orderId)).id));

    geocodingOn();
    const { queued } = await backfillAddressGeocodes();
    expect(queued).toBeGreaterThanOrEqual(2);
    await runGeocodingJobs();
    expect(await requestOf(earlier.orderId)).toMatchObject({
      locationSource: "geocoded",
      addressLatitude: CLARK_ST.latitude,
    });
    const [unknown] = await setup.db
      .select()
      .from(careRequests)
      .where(sql`${careRequests.request}->>'streetAddress' = '1 Nowhere Ln'`);
    expect(unknown).toMatchObject({ locationSource: "zip_centroid", addressLatitude: null });
    expect(unknown!.geocodeCheckedAt).toBeInstanceOf(Date);
    // Asked and answered: the next backfill leaves both alone.
    expect((await backfillAddressGeocodes()).queued).toBe(0);
  });
});

describe("location checks at check-in", () => {
  test("a check-in at the geocoded address is measured from it and not flagged", async () => {
    geocodingOn();
    const care = await bookCare(setup.db, { lastName: "AtHome" });
    await runGeocodingJobs();
    const event = await checkInAt(care, CLARK_ST);
    expect(event).toMatchObject({ distanceMeters: 0, distanceFrom: "geocoded", zipRadiusMeters: null });
    expect(await exceptionOf(care.visit.id)).toBeUndefined();
  });

  test("a check-in at the ZIP code's centre, 930 m from a geocoded address, is far", async () => {
    geocodingOn();
    const care = await bookCare(setup.db, { lastName: "AtCentre" });
    await runGeocodingJobs();
    const event = await checkInAt(care, ZIP_CENTRE);
    expect(event.distanceFrom).toBe("geocoded");
    expect(event.distanceMeters).toBeGreaterThan(900);
    expect(await exceptionOf(care.visit.id)).toMatchObject({ kinds: ["far_location"], farthestZipRadiusMeters: null });
  });

  test("at an address not yet geocoded, a check-in on its street is judged against the ZIP code's size: not verified, not far", async () => {
    geocodingOff();
    const care = await bookCare(setup.db, { lastName: "NotPlaced" });
    const radius = await zipRadiusMeters("60614");
    expect(radius).toBeGreaterThan(1_500);
    const event = await checkInAt(care, CLARK_ST);
    expect(event).toMatchObject({ distanceFrom: "zip_centroid", zipRadiusMeters: radius });
    expect(event.distanceMeters).toBeGreaterThan(900);
    const exception = await exceptionOf(care.visit.id);
    expect(exception).toMatchObject({
      kinds: ["location_unverified"],
      farthestMeters: null,
      unverified: { meters: event.distanceMeters, zipRadiusMeters: radius },
    });
    const onlyUnverified = await listVisitExceptions({ actor: admin, kind: "location_unverified" });
    expect(onlyUnverified.exceptions.map((row) => row.visitId)).toContain(care.visit.id);
    const onlyFar = await listVisitExceptions({ actor: admin, kind: "far_location" });
    expect(onlyFar.exceptions.map((row) => row.visitId)).not.toContain(care.visit.id);
  });

  test("at an address not yet geocoded, a check-in beyond the ZIP code's size is far", async () => {
    geocodingOff();
    const care = await bookCare(setup.db, { lastName: "Elsewhere" });
    // Evanston, about 13 km north.
    const event = await checkInAt(care, { latitude: 42.0451, longitude: -87.6877 });
    expect(event.distanceFrom).toBe("zip_centroid");
    expect(await exceptionOf(care.visit.id)).toMatchObject({
      kinds: ["far_location"],
      farthestZipRadiusMeters: event.zipRadiusMeters,
    });
  });
});
