import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { careRequests, orders, visits } from "~/platform/db/schema";
import { createCaregiver, createClient } from "~/platform/db/seed/factories.server";
import { lookupZip } from "~/utils/zip-codes.server";
import { withClient } from "./database-server";
import { createTestDatabase, type TestDatabase } from "./db";

// The one-time data fix of migration 0009 (app/platform/db/data-fixes/visit-time-zones.server.ts):
// requests stored with their state's zone get their coordinates' zone, and
// their future visits move so that the clock where care happens still reads
// what the family chose.

let testDb: TestDatabase;
let clientId: string;
let caregiverId: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  clientId = (await createClient(testDb.db)).id;
  caregiverId = (await createCaregiver(testDb.db, { zipCode: "79902" })).id;
});

afterAll(async () => {
  await testDb?.drop();
});

async function storedRequest(zip: string, timeZone: string) {
  const place = await lookupZip(zip);
  if (!place) throw new Error(`Unknown ZIP ${zip}`);
  const [request] = await testDb.db
    .insert(careRequests)
    .values({
      clientId,
      request: { scheduleType: "recurring" },
      zipCode: zip,
      city: place.city,
      state: place.state,
      latitude: place.latitude,
      longitude: place.longitude,
      timeZone,
      services: ["companionship"],
      language: "en",
      caregiverGender: "no-preference",
      scheduleType: "recurring",
      startDate: "2026-01-05",
    })
    .returning();
  const [order] = await testDb.db
    .insert(orders)
    .values({ clientId, careRequestId: request!.id, quote: {}, status: "confirmed", caregiverId })
    .returning();
  return { requestId: request!.id, orderId: order!.id };
}

type VisitInput = { starts: string; ends: string; status?: "scheduled" | "completed" | "cancelled" };

async function addVisits(orderId: string, list: VisitInput[]): Promise<string[]> {
  const rows = await testDb.db
    .insert(visits)
    .values(
      list.map((visit) => ({
        orderId,
        caregiverId,
        startsAt: new Date(visit.starts),
        endsAt: new Date(visit.ends),
        status: visit.status ?? "scheduled",
      })),
    )
    .returning({ id: visits.id });
  return rows.map((row) => row.id);
}

async function visitTimes(ids: string[]) {
  const rows = await testDb.db
    .select({ id: visits.id, startsAt: visits.startsAt, endsAt: visits.endsAt })
    .from(visits)
    .where(inArray(visits.id, ids));
  const byId = new Map(rows.map((row) => [row.id, [row.startsAt.toISOString(), row.endsAt.toISOString()]]));
  return ids.map((id) => byId.get(id));
}

async function zoneOf(requestId: string) {
  const [row] = await testDb.db
    .select({ timeZone: careRequests.timeZone })
    .from(careRequests)
    .where(eq(careRequests.id, requestId));
  return row?.timeZone;
}

/** Marks the fix pending again and runs the migrate step, as a boot would. */
async function runFixAgain() {
  await withClient(testDb.url, (client) =>
    client.query("update data_fixes set done_at = null where name = 'visit_time_zones'"),
  );
  await migrateDatabase(testDb.url);
}

async function fixDoneAt(): Promise<Date | null> {
  return withClient(testDb.url, async (client) => {
    const { rows } = await client.query<{ done_at: Date | null }>(
      "select done_at from data_fixes where name = 'visit_time_zones'",
    );
    return rows[0]?.done_at ?? null;
  });
}

describe("data fix visit_time_zones", () => {
  test("a migrated database has run it", async () => {
    expect(await fixDoneAt()).toBeInstanceOf(Date);
  });

  test("El Paso moves from Chicago's clock to Denver's, across a DST change; Houston stays", async () => {
    // El Paso (79901) as the state rule stored it: Central time.
    const elPaso = await storedRequest("79901", "America/Chicago");
    // Sundays 09:00-13:00 local around the start of DST (March 10, 2030), in Chicago's offsets.
    const elPasoVisits = await addVisits(elPaso.orderId, [
      { starts: "2026-01-04T15:00:00Z", ends: "2026-01-04T19:00:00Z", status: "completed" }, // past: history
      { starts: "2030-03-03T15:00:00Z", ends: "2030-03-03T19:00:00Z" }, // 09:00 CST
      { starts: "2030-03-10T14:00:00Z", ends: "2030-03-10T18:00:00Z" }, // 09:00 CDT
      { starts: "2030-03-17T14:00:00Z", ends: "2030-03-17T18:00:00Z", status: "cancelled" },
      { starts: "2030-11-03T15:00:00Z", ends: "2030-11-03T19:00:00Z" }, // DST has ended: 09:00 CST
    ]);
    // Houston (77002) is on Central time: nothing to fix.
    const houston = await storedRequest("77002", "America/Chicago");
    const houstonVisits = await addVisits(houston.orderId, [
      { starts: "2030-04-07T19:00:00Z", ends: "2030-04-07T20:00:00Z" },
    ]);

    await runFixAgain();

    expect(await zoneOf(elPaso.requestId)).toBe("America/Denver");
    expect(await visitTimes(elPasoVisits)).toEqual([
      ["2026-01-04T15:00:00.000Z", "2026-01-04T19:00:00.000Z"], // the past is not rewritten
      ["2030-03-03T16:00:00.000Z", "2030-03-03T20:00:00.000Z"], // 09:00 MST
      ["2030-03-10T15:00:00.000Z", "2030-03-10T19:00:00.000Z"], // 09:00 MDT
      ["2030-03-17T15:00:00.000Z", "2030-03-17T19:00:00.000Z"], // cancelled, moved with its slot
      ["2030-11-03T16:00:00.000Z", "2030-11-03T20:00:00.000Z"], // 09:00 MST
    ]);
    expect(await zoneOf(houston.requestId)).toBe("America/Chicago");
    expect(await visitTimes(houstonVisits)).toEqual([["2030-04-07T19:00:00.000Z", "2030-04-07T20:00:00.000Z"]]);

    // Idempotent: a second run finds every zone right and moves nothing.
    const before = await visitTimes([...elPasoVisits, ...houstonVisits]);
    await runFixAgain();
    expect(await visitTimes([...elPasoVisits, ...houstonVisits])).toEqual(before);
    expect(await zoneOf(elPaso.requestId)).toBe("America/Denver");
  });

  test("the other split areas get their coordinates' zone", async () => {
    const cases = [
      ["32501", "America/New_York", "America/Chicago"], // Pensacola FL
      ["83814", "America/Denver", "America/Los_Angeles"], // Coeur d'Alene ID
      ["37902", "America/Chicago", "America/New_York"], // Knoxville TN
      ["46402", "America/New_York", "America/Chicago"], // Gary IN
    ] as const;
    const requests = [];
    for (const [zip, stateZone] of cases) requests.push(await storedRequest(zip, stateZone));
    await runFixAgain();
    for (const [index, [, , zone]] of cases.entries()) expect(await zoneOf(requests[index]!.requestId)).toBe(zone);
  });

  test("back-to-back visits both move; a visit that would overlap another booking stays and is reported", async () => {
    const elPaso = await storedRequest("79936", "America/Chicago");
    // 09:00-10:00 and 10:00-11:00 Central: each moves an hour later, onto the other's old slot.
    const backToBack = await addVisits(elPaso.orderId, [
      { starts: "2030-06-03T14:00:00Z", ends: "2030-06-03T15:00:00Z" },
      { starts: "2030-06-03T15:00:00Z", ends: "2030-06-03T16:00:00Z" },
    ]);
    // The same caregiver, already right (Denver), books 12:00-13:00 MDT on June 4.
    const other = await storedRequest("79901", "America/Denver");
    await addVisits(other.orderId, [{ starts: "2030-06-04T18:00:00Z", ends: "2030-06-04T19:00:00Z" }]);
    // 09:00-13:00 CDT on June 4 ends as the other begins; at 09:00-13:00 MDT it would overlap it.
    const [stuck] = await addVisits(elPaso.orderId, [{ starts: "2030-06-04T14:00:00Z", ends: "2030-06-04T18:00:00Z" }]);

    await runFixAgain();

    expect(await zoneOf(elPaso.requestId)).toBe("America/Denver");
    expect(await visitTimes(backToBack)).toEqual([
      ["2030-06-03T15:00:00.000Z", "2030-06-03T16:00:00.000Z"],
      ["2030-06-03T16:00:00.000Z", "2030-06-03T17:00:00.000Z"],
    ]);
    expect(await visitTimes([stuck!])).toEqual([["2030-06-04T14:00:00.000Z", "2030-06-04T18:00:00.000Z"]]);
  });

  test("runs once: a later boot leaves the data alone", async () => {
    const wrong = await storedRequest("79901", "America/Chicago");
    const doneAt = await fixDoneAt();
    await migrateDatabase(testDb.url);
    expect(await fixDoneAt()).toEqual(doneAt);
    expect(await zoneOf(wrong.requestId)).toBe("America/Chicago");
  });
});
