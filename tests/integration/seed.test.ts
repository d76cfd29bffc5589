import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  caregiverAvailability,
  caregiverProfiles,
  clientProfiles,
  userProfiles,
  userRoles,
} from "~/platform/db/schema";
import { DEMO_ACCOUNTS, EXTRA_DEMO_ACCOUNTS, seedDemoData } from "~/platform/db/seed/seed.server";
import { SERVICE_IDS } from "~/utils/services";
import { createTestDatabase, type TestDatabase } from "./db";

describe("migrations", () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  test("the migrated template holds every table and no data", async () => {
    const { rows } = await testDb.db.$client.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' order by table_name",
    );
    expect(rows.map((row) => row.table_name)).toEqual(
      expect.arrayContaining([
        "user_profiles",
        "user_roles",
        "sessions",
        "accounts",
        "verifications",
        "client_profiles",
        "caregiver_profiles",
        "caregiver_availability",
        "audit_events",
      ]),
    );
    const [users] = await testDb.db.select({ n: count() }).from(userProfiles);
    expect(users?.n).toBe(0);
  });
});

describe("the demo seed on an empty database", () => {
  let testDb: TestDatabase;
  let firstRun: boolean;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    firstRun = await seedDemoData(testDb.db);
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  test("seeds the three demo accounts with their roles", async () => {
    expect(firstRun).toBe(true);

    const rows = await testDb.db
      .select({ email: userProfiles.email, role: userRoles.role, verified: userProfiles.emailVerified })
      .from(userProfiles)
      .innerJoin(userRoles, eq(userRoles.userId, userProfiles.id))
      .where(sql`${userProfiles.email} in ${DEMO_ACCOUNTS.map((account) => account.email)}`);
    expect(rows.map(({ email, role }) => ({ email, role })).sort((a, b) => a.email.localeCompare(b.email))).toEqual([
      { email: "admin@demo.tendly.test", role: "admin" },
      { email: "caregiver@demo.tendly.test", role: "caregiver" },
      { email: "client@demo.tendly.test", role: "client" },
    ]);
    expect(rows.every((row) => row.verified)).toBe(true);

    const [client] = await testDb.db
      .select({ zip: clientProfiles.zipCode })
      .from(clientProfiles)
      .innerJoin(userProfiles, eq(userProfiles.id, clientProfiles.userId))
      .where(eq(userProfiles.email, "client@demo.tendly.test"));
    expect(client?.zip).toBe("60614");

    const [caregiver] = await testDb.db
      .select({ status: caregiverProfiles.caregiverStatus, check: caregiverProfiles.backgroundCheckStatus })
      .from(caregiverProfiles)
      .where(eq(caregiverProfiles.slug, "jordan-rivera"));
    expect(caregiver).toEqual({ status: "approved", check: "clear" });
  });

  test("seeds the test-only extras: a pending and a suspended caregiver, an admin who is also a client", async () => {
    const rows = await testDb.db
      .select({ email: userProfiles.email, role: userRoles.role, verified: userProfiles.emailVerified })
      .from(userProfiles)
      .innerJoin(userRoles, eq(userRoles.userId, userProfiles.id))
      .where(sql`${userProfiles.email} in ${EXTRA_DEMO_ACCOUNTS.map((account) => account.email)}`);
    expect(rows.map(({ email, role }) => `${email} ${role}`).sort()).toEqual([
      "admin.client@demo.tendly.test admin",
      "admin.client@demo.tendly.test client",
      "pending.caregiver@demo.tendly.test caregiver",
      "suspended.caregiver@demo.tendly.test caregiver",
    ]);
    expect(rows.every((row) => row.verified)).toBe(true);

    const statuses = await testDb.db
      .select({ slug: caregiverProfiles.slug, status: caregiverProfiles.caregiverStatus })
      .from(caregiverProfiles)
      .where(sql`${caregiverProfiles.slug} in ('parker-pending', 'sawyer-suspended')`);
    expect(statuses.sort((a, b) => a.slug.localeCompare(b.slug))).toEqual([
      { slug: "parker-pending", status: "pending" },
      { slug: "sawyer-suspended", status: "suspended" },
    ]);

    const [both] = await testDb.db
      .select({ firstName: clientProfiles.firstName, role: userProfiles.role })
      .from(clientProfiles)
      .innerJoin(userProfiles, eq(userProfiles.id, clientProfiles.userId))
      .where(eq(userProfiles.email, "admin.client@demo.tendly.test"));
    expect(both).toEqual({ firstName: "Morgan", role: "admin" });
  });

  test("seeds 60 more approved, cleared and varied caregivers", async () => {
    const others = await testDb.db
      .select()
      .from(caregiverProfiles)
      .where(sql`${caregiverProfiles.slug} not in ('jordan-rivera', 'parker-pending', 'sawyer-suspended')`);
    expect(others).toHaveLength(60);
    expect(others.every((c) => c.caregiverStatus === "approved" && c.backgroundCheckStatus === "clear")).toBe(true);
    expect(others.every((c) => c.trainingCompletedAt !== null && c.latitude !== null && c.longitude !== null)).toBe(
      true,
    );

    const languages = new Set(others.flatMap((c) => c.languages));
    expect(languages.size).toBeGreaterThanOrEqual(5);
    expect(new Set(others.map((c) => c.gender))).toEqual(new Set(["female", "male"]));
    expect(new Set(others.map((c) => c.state)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(others.map((c) => c.zipCode)).size).toBeGreaterThanOrEqual(20);
    expect(new Set(others.flatMap((c) => c.services))).toEqual(new Set(SERVICE_IDS));
    expect(new Set(others.map((c) => c.slug)).size).toBe(60);

    // The 60, the demo caregiver and the pending and suspended extras.
    const [roles] = await testDb.db.select({ n: count() }).from(userRoles).where(eq(userRoles.role, "caregiver"));
    expect(roles?.n).toBe(63);
    const [withAvailability] = await testDb.db
      .select({ n: sql<number>`count(distinct ${caregiverAvailability.caregiverId})::int` })
      .from(caregiverAvailability);
    expect(withAvailability?.n).toBe(63);
  });

  test("claims no rating without reviews: every rating is what the caregiver's reviews say", async () => {
    const { rows } = await testDb.db.$client.query<{ slug: string; rating_avg: string | null; rating_count: number }>(
      `select cp.slug, cp.rating_avg, cp.rating_count from caregiver_profiles cp
       where cp.rating_count <> (select count(*) from reviews r where r.caregiver_id = cp.user_id)
          or (cp.rating_avg is null) <> (cp.rating_count = 0)`,
    );
    expect(rows).toEqual([]);
  });

  test("a second run adds nothing", async () => {
    const [before] = await testDb.db.select({ n: count() }).from(userProfiles);
    expect(before?.n).toBe(66);
    expect(await seedDemoData(testDb.db)).toBe(false);
    const [after] = await testDb.db.select({ n: count() }).from(userProfiles);
    expect(after?.n).toBe(66);
    const [caregivers] = await testDb.db.select({ n: count() }).from(caregiverProfiles);
    expect(caregivers?.n).toBe(63);
  });
});
