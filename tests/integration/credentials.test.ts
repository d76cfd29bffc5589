import { addDays as addCalendarDays, format } from "date-fns";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { caregiverCredentials, jobs, userProfiles, visitBackupOffers } from "~/platform/db/schema";
import { chooseCaregiver, respondToOffer } from "~/features/orders/offers.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { acceptBackupOffer } from "~/features/visits/backup-offers.server";
import { sweepVisits } from "~/features/visits/visit-alerts.server";
import { ensureStarterModules } from "~/features/training/public.server";
import { addDays } from "~/features/credentials/credential-rules";
import {
  credentialNotice,
  credentialToday,
  listCredentialsForAdmin,
  listMyCredentials,
  saveCredential,
  sweepCredentialReminders,
} from "~/features/credentials/credentials.server";
import { isAppError } from "~/utils/app-error";
import { samplePdf } from "../fixtures/documents";
import { caregiverNear, clientActor, oneTimeRequest, upcomingMonday } from "./care-loop-helpers";
import { createTestDatabase, type TestDatabase } from "./db";
import { createDataDir, randomSecret, useTestEnv } from "./env";
import { initAuth } from "~/platform/auth/auth.server";

// Credentials that expire (docs/product-rules.md, "Credentials that expire") against PostgreSQL: the gate on
// offers and backups, the renewal that lifts it at once, and the reminders at 30 and 7 days, once each.

const asCaregiver = (id: string) => ({ id, roles: ["caregiver" as const] });
const DAY = 24 * 60 * 60 * 1000;
const weekday = (offset: number) => format(addCalendarDays(new Date(upcomingMonday(2)), offset), "yyyy-MM-dd");
const card = (name = "cpr-card.pdf") => new File([new Uint8Array(samplePdf())], name, { type: "application/pdf" });

async function refusalOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return { key: error.ref.key, reason: error.reason, code: error.code };
    throw error;
  }
  return null;
}

describe("credentials that expire", () => {
  let testDb: TestDatabase;
  let removeDataDir: () => Promise<void>;
  beforeAll(async () => {
    const dataDir = await createDataDir();
    removeDataDir = dataDir.remove;
    useTestEnv({ DATA_DIR: dataDir.dir });
    testDb = await createTestDatabase({ poolSize: 8 });
    // Document links are signed with the auth secret.
    initAuth(randomSecret());
    await ensureStarterModules(testDb.db);
  });
  afterAll(async () => {
    await testDb?.drop();
    await removeDataDir?.();
  });

  async function offerTo(caregiverId: string, zip: string, day: number) {
    const client = await clientActor(testDb.db);
    const { orderId } = await submitCareRequest({
      actor: client,
      request: oneTimeRequest(weekday(day), "09:00", "13:00", { zipCode: zip }),
    });
    await chooseCaregiver({ actor: client, orderId, caregiverId });
    return orderId;
  }

  const expire = (caregiverId: string, kind: "cpr" | "tb_test" | "licence", daysAgo: number) =>
    testDb.db.insert(caregiverCredentials).values({
      caregiverId,
      kind,
      expiresOn: addDays(credentialToday(), -daysAgo),
    });

  test("an expired CPR card refuses an offer naming it; a renewal with a future date lifts the gate at once", async () => {
    const caregiver = await caregiverNear(testDb.db, { zipCode: "60614", lastName: "Expired" });
    const actor = asCaregiver(caregiver.id);
    // The card runs out while the offer is open (matching leaves out whoever is expired already).
    const orderId = await offerTo(caregiver.id, "60614", 0);
    await expire(caregiver.id, "cpr", 2);
    expect((await credentialNotice({ actor })).expired.map((item) => item.kind)).toEqual(["cpr"]);
    expect(await refusalOf(respondToOffer({ actor, orderId, accept: true }))).toEqual({
      key: "credentials:refusals.expired.cpr",
      reason: "credential_expired",
      code: "conflict",
    });
    // A date already past is not a renewal.
    expect(
      await refusalOf(saveCredential({ actor, kind: "cpr", expiresOn: addDays(credentialToday(), -1), file: card() })),
    ).toMatchObject({ key: "credentials:errors.past", code: "invalid" });
    expect(
      await refusalOf(saveCredential({ actor, kind: "cpr", expiresOn: "2027-02-31", file: card() })),
    ).toMatchObject({ key: "credentials:errors.date" });

    await saveCredential({ actor, kind: "cpr", expiresOn: addDays(credentialToday(), 365), file: card() });
    expect((await credentialNotice({ actor })).expired).toEqual([]);
    expect(await respondToOffer({ actor, orderId, accept: true })).toEqual({ status: "confirmed" });

    // The admin's view of the caregiver lists the same credentials; no one else reads it.
    const admin = { id: actor.id, roles: ["admin" as const] };
    const seen = await listCredentialsForAdmin({ actor: admin, caregiverId: caregiver.id });
    expect(seen).toEqual(await listMyCredentials({ actor }));
    expect(seen.find((item) => item.kind === "cpr")).toMatchObject({
      expiresOn: addDays(credentialToday(), 365),
      standing: "valid",
      isVerified: false,
    });
    expect(await refusalOf(listCredentialsForAdmin({ actor, caregiverId: caregiver.id }))).toMatchObject({
      code: "forbidden",
    });
  });

  test("matching leaves out a caregiver whose required credential has expired, and finds them again once renewed", async () => {
    const caregiver = await caregiverNear(testDb.db, { zipCode: "60618", lastName: "Skipped" });
    await expire(caregiver.id, "cpr", 5);
    const client = await clientActor(testDb.db);
    const { orderId } = await submitCareRequest({
      actor: client,
      request: oneTimeRequest(weekday(3), "09:00", "13:00", { zipCode: "60618" }),
    });
    expect(await refusalOf(chooseCaregiver({ actor: client, orderId, caregiverId: caregiver.id }))).not.toBeNull();
    await saveCredential({
      actor: asCaregiver(caregiver.id),
      kind: "cpr",
      expiresOn: addDays(credentialToday(), 200),
      file: card("skipped.pdf"),
    });
    expect(await refusalOf(chooseCaregiver({ actor: client, orderId, caregiverId: caregiver.id }))).toBeNull();
  });

  test("an expired licence (not required) does not stop offers", async () => {
    const caregiver = await caregiverNear(testDb.db, { zipCode: "60615", lastName: "Licence" });
    await expire(caregiver.id, "licence", 10);
    const orderId = await offerTo(caregiver.id, "60615", 1);
    expect(await respondToOffer({ actor: asCaregiver(caregiver.id), orderId, accept: true })).toEqual({
      status: "confirmed",
    });
  });

  test("a backup visit is refused while the TB test is expired, then taken once it is renewed", async () => {
    const main = await caregiverNear(testDb.db, { zipCode: "97201", lastName: "Main" });
    const orderId = await offerTo(main.id, "97201", 2);
    await respondToOffer({ actor: asCaregiver(main.id), orderId, accept: true });
    const backup = await caregiverNear(testDb.db, { zipCode: "97201", lastName: "Backup" });
    const [visit] = await testDb.db.query.visits.findMany({
      where: (table, { eq: equals }) => equals(table.orderId, orderId),
    });
    await sweepVisits({ now: new Date(visit!.startsAt.getTime() + 30 * 60_000) });
    const [offer] = await testDb.db
      .select()
      .from(visitBackupOffers)
      .where(and(eq(visitBackupOffers.visitId, visit!.id), eq(visitBackupOffers.caregiverId, backup.id)));
    expect(offer).toBeDefined();
    // The TB test runs out while the backup offer is open.
    await expire(backup.id, "tb_test", 1);
    const now = new Date(visit!.startsAt.getTime() + 31 * 60_000);
    expect(
      await refusalOf(acceptBackupOffer({ actor: asCaregiver(backup.id), offerId: offer!.id, now })),
    ).toMatchObject({ key: "credentials:refusals.expired.tb_test", reason: "credential_expired" });
    await saveCredential({
      actor: asCaregiver(backup.id),
      kind: "tb_test",
      expiresOn: addDays(credentialToday(now), 300),
      file: card("tb.pdf"),
    });
    const taken = await acceptBackupOffer({ actor: asCaregiver(backup.id), offerId: offer!.id, now });
    expect(taken.caregiverName).toBe(`${backup.firstName} B.`);
  });

  test("the reminders at 30 and 7 days are queued once each, in the caregiver's language", async () => {
    const caregiver = await caregiverNear(testDb.db, { zipCode: "60616", lastName: "Reminded" });
    await testDb.db.update(userProfiles).set({ locale: "es" }).where(eq(userProfiles.id, caregiver.id));
    const now = new Date();
    await testDb.db
      .insert(caregiverCredentials)
      .values({ caregiverId: caregiver.id, kind: "cpr", expiresOn: addDays(credentialToday(now), 28) });
    const reminders = () =>
      testDb.db
        .select({
          key: sql<string>`${jobs.payload}->>'key'`,
          params: sql<Record<string, string>>`${jobs.payload}->'params'`,
        })
        .from(jobs)
        .where(
          sql`${jobs.payload}->>'userId' = ${caregiver.id} and ${jobs.payload}->>'subtype' = 'credential_expiring'`,
        );

    await sweepCredentialReminders(now);
    await sweepCredentialReminders(now);
    expect((await reminders()).map((row) => row.key)).toEqual(["credentials:notify.due30"]);
    expect((await reminders())[0]!.params.credential).toBe("tarjeta de RCP / primeros auxilios");

    const later = new Date(now.getTime() + 22 * DAY);
    await Promise.all([sweepCredentialReminders(later), sweepCredentialReminders(later)]);
    expect((await reminders()).map((row) => row.key).sort()).toEqual([
      "credentials:notify.due30",
      "credentials:notify.due7",
    ]);
    // A renewal clears the stamps: the next date is reminded again in its time.
    await saveCredential({
      actor: asCaregiver(caregiver.id),
      kind: "cpr",
      expiresOn: addDays(credentialToday(later), 365),
      file: card("renewed.pdf"),
      now: later,
    });
    await sweepCredentialReminders(later);
    expect(await reminders()).toHaveLength(2);
  });
});
