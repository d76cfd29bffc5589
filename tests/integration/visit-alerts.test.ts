import { addDays, format } from "date-fns";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { careSettings, userProfiles, visitBackupOffers, visitEvents, visits } from "~/platform/db/schema";
import { createUser } from "~/platform/db/seed/factories.server";
import { listOutbox } from "~/platform/email/mailer.server";
import { chooseCaregiver, respondToOffer } from "~/features/orders/offers.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import {
  acceptBackupOffer,
  getBackupOffer,
  listOpenBackupOffers,
  visitCoverage,
} from "~/features/visits/backup-offers.server";
import { cancelVisit } from "~/features/visits/cancel-visit.server";
import { CareSettingsSchema } from "~/features/visits/care-settings.schema";
import { getCareSettings, updateCareSettings } from "~/features/visits/care-settings.server";
import { DEFAULT_CARE_SETTINGS } from "~/features/visits/care-settings";
import { sweepVisits } from "~/features/visits/visit-alerts.server";
import { visitsLateSweepJob } from "~/features/visits/visits.job";
import { jobsByName, runDueJobs } from "~/platform/jobs/runner.server";
import { getDb } from "~/platform/db/client.server";
import { queueJob } from "~/platform/db/job-queue.server";
import { caregiverNear, clientActor, oneTimeRequest, upcomingMonday } from "./care-loop-helpers";
import { cancelVisitAction } from "~/routes/caregiver/cancel-visit.server";
import { createTestDatabase, type TestDatabase } from "./db";
import { deliverQueuedEmails } from "./emails";
import { createDataDir, useTestEnv } from "./env";

// Late and missed visits, backup caregivers and caregivers' cancellations
// (docs/product-rules.md, "Visits") against PostgreSQL. The sweep takes `now`,
// so visits are booked ahead as the care loop books them and the sweep is run
// "at" a moment after their start. Each test books in a city of its own, so
// that the caregivers of one test are never the backups of another.

const asCaregiver = (id: string) => ({ id, roles: ["caregiver" as const] });
const MINUTE = 60_000;
const at = (start: Date, minutes: number) => new Date(start.getTime() + minutes * MINUTE);

/** A weekday (Monday + offset, offset 0-4) a couple of weeks ahead: inside the caregivers' weekday hours. */
const weekday = (offset: number) => format(addDays(new Date(upcomingMonday(2)), offset), "yyyy-MM-dd");

/** The settings form as posted: every threshold as text. */
const form = (values: Record<string, number | string>) =>
  Object.fromEntries(
    Object.entries({ ...DEFAULT_CARE_SETTINGS, ...values }).map(([key, value]) => [key, String(value)]),
  );

describe("late and missed visits, backups", () => {
  let testDb: TestDatabase;
  let removeDataDir: () => Promise<void>;
  let admin: { id: string; email: string; roles: "admin"[] };
  beforeAll(async () => {
    const dataDir = await createDataDir();
    removeDataDir = dataDir.remove;
    useTestEnv({ DATA_DIR: dataDir.dir });
    testDb = await createTestDatabase({ poolSize: 12 });
    const user = await createUser(testDb.db, { roles: ["admin"], firstName: "Ada" });
    admin = { ...user, roles: ["admin"] };
  });
  afterAll(async () => {
    await testDb?.drop();
    await removeDataDir?.();
  });

  async function emailOf(userId: string) {
    const [row] = await testDb.db
      .select({ email: userProfiles.email })
      .from(userProfiles)
      .where(eq(userProfiles.id, userId));
    return row!.email;
  }

  async function subjectsTo(userId: string) {
    await deliverQueuedEmails();
    const address = await emailOf(userId);
    return (await listOutbox()).filter((mail) => mail.to === address).map((mail) => mail.subject);
  }

  async function eventsOf(visitId: string) {
    return testDb.db.select().from(visitEvents).where(eq(visitEvents.visitId, visitId)).orderBy(asc(visitEvents.id));
  }

  async function visitRow(visitId: string) {
    const [row] = await testDb.db.select().from(visits).where(eq(visits.id, visitId));
    return row!;
  }

  /** A confirmed one-time order in `zip` with its one visit, and its caregiver. */
  async function bookVisit(zip: string, date: string, start = "09:00", end = "13:00") {
    const client = await clientActor(testDb.db);
    const caregiver = await caregiverNear(testDb.db, { zipCode: zip, firstName: "Jordan", lastName: `Main${zip}` });
    const { orderId } = await submitCareRequest({
      actor: client,
      request: oneTimeRequest(date, start, end, { zipCode: zip }),
    });
    await chooseCaregiver({ actor: client, orderId, caregiverId: caregiver.id });
    await respondToOffer({ actor: asCaregiver(caregiver.id), orderId, accept: true });
    const [visit] = await testDb.db.select().from(visits).where(eq(visits.orderId, orderId));
    return { client, caregiver, orderId, visit: visit! };
  }

  test("15 minutes after the start the caregiver, the family and every admin are emailed once", async () => {
    const { client, caregiver, visit } = await bookVisit("77002", weekday(0));
    expect(await sweepVisits({ now: at(visit.startsAt, 14) })).toMatchObject({ lateAlerts: 0 });
    expect(await sweepVisits({ now: at(visit.startsAt, 15) })).toMatchObject({ lateAlerts: 1, backupOffers: 0 });
    // Run again (the next minute, or a second runner): nothing more.
    expect(await sweepVisits({ now: at(visit.startsAt, 16) })).toMatchObject({ lateAlerts: 0 });

    expect((await visitRow(visit.id)).lateAlertedAt).not.toBeNull();
    expect((await eventsOf(visit.id)).map((event) => event.kind)).toEqual(["late_alert"]);
    const toCaregiver = await subjectsTo(caregiver.id);
    expect(
      toCaregiver.filter((subject) => subject.startsWith("You have not checked in for your visit on")),
    ).toHaveLength(1);
    const toFamily = await subjectsTo(client.id);
    expect(toFamily.filter((subject) => subject === `Jordan M. has not checked in yet`)).toHaveLength(1);
    const toAdmin = await subjectsTo(admin.id);
    expect(toAdmin.filter((subject) => subject.startsWith("Late visit: "))).toHaveLength(1);
  });

  test("the family's alert is in their language", async () => {
    const { client, visit } = await bookVisit("85004", weekday(1));
    await testDb.db.update(userProfiles).set({ locale: "es" }).where(eq(userProfiles.id, client.id));
    await sweepVisits({ now: at(visit.startsAt, 20) });
    expect(await subjectsTo(client.id)).toContain("Jordan M. todavía no ha registrado su llegada");
  });

  test("at 30 minutes the visit is offered to matching caregivers who are free then, and only to them", async () => {
    const { caregiver, visit } = await bookVisit("98101", weekday(2));
    const free = await caregiverNear(testDb.db, { zipCode: "98101", firstName: "Free" });
    const busy = await caregiverNear(testDb.db, { zipCode: "98101", firstName: "Busy" });
    const offDuty = await caregiverNear(testDb.db, { zipCode: "98101", firstName: "Weekend", availability: [] });
    // Busy has a visit of their own at that time.
    const other = await clientActor(testDb.db);
    const { orderId } = await submitCareRequest({
      actor: other,
      request: oneTimeRequest(weekday(2), "10:00", "12:00", { zipCode: "98101" }),
    });
    await chooseCaregiver({ actor: other, orderId, caregiverId: busy.id });
    await respondToOffer({ actor: asCaregiver(busy.id), orderId, accept: true });

    expect(await sweepVisits({ now: at(visit.startsAt, 29) })).toMatchObject({ lateAlerts: 1, backupOffers: 0 });
    expect(await sweepVisits({ now: at(visit.startsAt, 30) })).toMatchObject({ backupOffers: 1 });
    expect(await sweepVisits({ now: at(visit.startsAt, 31) })).toMatchObject({ backupOffers: 0 });

    const offers = await testDb.db.select().from(visitBackupOffers).where(eq(visitBackupOffers.visitId, visit.id));
    const offered = offers.map((offer) => offer.caregiverId);
    expect(offered).toContain(free.id);
    expect(offered).not.toContain(busy.id);
    expect(offered).not.toContain(offDuty.id);
    expect(offered).not.toContain(caregiver.id);
    expect((await visitRow(visit.id)).backupOfferedAt).not.toBeNull();
    expect((await eventsOf(visit.id)).map((event) => event.kind)).toEqual(["late_alert", "backup_offered"]);
    const toFree = await subjectsTo(free.id);
    expect(
      toFree.filter((subject) => subject.startsWith("A family near Seattle, WA 98101 needs a caregiver on")),
    ).toHaveLength(1);
    const address = await emailOf(free.id);
    const email = (await listOutbox()).find((mail) => mail.to === address && mail.subject.startsWith("A family near"));
    expect(email?.text).toContain(`/caregiver/visits/${visit.id}/backup`);
    expect(await subjectsTo(busy.id)).not.toContainEqual(expect.stringMatching(/^A family near/));
    // The free caregiver sees it on their list, the area only (no address before taking it).
    const list = await listOpenBackupOffers({ actor: asCaregiver(free.id), now: at(visit.startsAt, 31) });
    expect(list.map((offer) => offer.visitId)).toEqual([visit.id]);
    expect(list[0]?.address).toBeNull();
    expect(list[0]?.payCents).toBeGreaterThan(0);
  });

  test("with nobody free, the admins are told", async () => {
    const { visit, orderId } = await bookVisit("80202", weekday(3));
    await sweepVisits({ now: at(visit.startsAt, 45) });
    expect(await testDb.db.select().from(visitBackupOffers).where(eq(visitBackupOffers.visitId, visit.id))).toEqual([]);
    const toAdmin = await subjectsTo(admin.id);
    expect(toAdmin.some((subject) => subject.startsWith("No backup caregiver for "))).toBe(true);
    expect(orderId).toBeTruthy();
  });

  test("the first backup to accept takes the visit; the second is refused; the family learns who is coming", async () => {
    const { client, caregiver, visit } = await bookVisit("02108", weekday(4));
    const first = await caregiverNear(testDb.db, { zipCode: "02108", firstName: "Ana", lastName: "Berg" });
    const second = await caregiverNear(testDb.db, { zipCode: "02108", firstName: "Bo", lastName: "Chan" });
    await sweepVisits({ now: at(visit.startsAt, 30) });
    const offerOf = async (caregiverId: string) =>
      (await getBackupOffer({ actor: asCaregiver(caregiverId), visitId: visit.id })).offerId;
    const [firstOffer, secondOffer] = [await offerOf(first.id), await offerOf(second.id)];

    const taken = await acceptBackupOffer({ actor: asCaregiver(first.id), offerId: firstOffer });
    expect(taken.caregiverName).toBe("Ana B.");
    await expect(acceptBackupOffer({ actor: asCaregiver(second.id), offerId: secondOffer })).rejects.toThrow(
      "alerts:refusals.taken",
    );

    const row = await visitRow(visit.id);
    expect(row.caregiverId).toBe(first.id);
    expect(row.originalCaregiverId).toBe(caregiver.id);
    const statuses = await testDb.db
      .select({ caregiverId: visitBackupOffers.caregiverId, status: visitBackupOffers.status })
      .from(visitBackupOffers)
      .where(eq(visitBackupOffers.visitId, visit.id));
    expect(statuses.find((offer) => offer.caregiverId === first.id)?.status).toBe("accepted");
    expect(statuses.filter((offer) => offer.status === "offered")).toEqual([]);
    const takenEvent = (await eventsOf(visit.id)).find((event) => event.kind === "backup_taken");
    expect(takenEvent?.data).toMatchObject({
      caregiverName: "Ana B.",
      caregiverId: first.id,
      originalCaregiverId: caregiver.id,
    });
    expect(await subjectsTo(client.id)).toContainEqual(expect.stringMatching(/^Ana B\. is coming for your visit on /));
    expect(await subjectsTo(caregiver.id)).toContainEqual(expect.stringMatching(/^Your visit on .* is covered$/));
    // Who is coming, for the order pages; the backup now sees the address.
    expect((await visitCoverage([visit.id])).get(visit.id)).toMatchObject({ caregiverName: "Ana B.", isBackup: true });
    const view = await getBackupOffer({ actor: asCaregiver(first.id), visitId: visit.id });
    expect(view.status).toBe("accepted");
    expect(view.address?.streetAddress).toBe("2400 N Clark St, Apt 5");
    // The sweep leaves a covered visit's backups alone, and it is now the new caregiver's to check in.
    expect(await sweepVisits({ now: at(visit.startsAt, 40) })).toMatchObject({ backupOffers: 0 });
  });

  test("two backups accepting at the same moment: exactly one takes it", async () => {
    // A city per round, so that each round's two are among the offered (at most 5).
    for (const [round, zip] of ["30303", "75201", "63101"].entries()) {
      const { visit } = await bookVisit(zip, weekday(round));
      const one = await caregiverNear(testDb.db, { zipCode: zip, firstName: "One" });
      const two = await caregiverNear(testDb.db, { zipCode: zip, firstName: "Two" });
      await sweepVisits({ now: at(visit.startsAt, 30) });
      const offers = await testDb.db.select().from(visitBackupOffers).where(eq(visitBackupOffers.visitId, visit.id));
      const offerOf = (id: string) => offers.find((offer) => offer.caregiverId === id)!.id;
      const results = await Promise.allSettled([
        acceptBackupOffer({ actor: asCaregiver(one.id), offerId: offerOf(one.id) }),
        acceptBackupOffer({ actor: asCaregiver(two.id), offerId: offerOf(two.id) }),
      ]);
      expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
      const refused = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
      expect(refused.reason.message).toBe("alerts:refusals.taken");
      const winner = results[0].status === "fulfilled" ? one.id : two.id;
      expect((await visitRow(visit.id)).caregiverId).toBe(winner);
      expect((await eventsOf(visit.id)).filter((event) => event.kind === "backup_taken")).toHaveLength(1);
    }
  });

  test("a backup with a clashing visit of their own is refused by the database's constraint", async () => {
    const { visit } = await bookVisit("19103", weekday(0));
    const backup = await caregiverNear(testDb.db, { zipCode: "19103", firstName: "Clash" });
    await sweepVisits({ now: at(visit.startsAt, 30) });
    const offerId = (await getBackupOffer({ actor: asCaregiver(backup.id), visitId: visit.id })).offerId;
    // Meanwhile the backup booked a visit overlapping this one.
    const other = await clientActor(testDb.db);
    const { orderId } = await submitCareRequest({
      actor: other,
      request: oneTimeRequest(weekday(0), "12:00", "14:00", { zipCode: "19103" }),
    });
    await chooseCaregiver({ actor: other, orderId, caregiverId: backup.id });
    await respondToOffer({ actor: asCaregiver(backup.id), orderId, accept: true });
    await expect(acceptBackupOffer({ actor: asCaregiver(backup.id), offerId })).rejects.toThrow(
      "alerts:refusals.clash",
    );
    expect((await visitRow(visit.id)).originalCaregiverId).toBeNull();
  });

  test("a caregiver cancelling less than 24 hours before is a late cancellation and starts the backup flow at once", async () => {
    const { client, caregiver, visit } = await bookVisit("33130", weekday(1));
    const backup = await caregiverNear(testDb.db, { zipCode: "33130", firstName: "Cover" });
    const cancelled = await cancelVisit({
      actor: asCaregiver(caregiver.id),
      visitId: visit.id,
      reason: "My car broke down",
      now: at(visit.startsAt, -120),
    });
    expect(cancelled).toMatchObject({ isLate: true });
    expect(cancelled.backupsOffered).toBeGreaterThan(0);
    const events = await eventsOf(visit.id);
    expect(events.map((event) => event.kind)).toEqual(["cancelled", "backup_offered"]);
    expect(events[0]).toMatchObject({ reason: "My car broke down", actorRole: "caregiver", data: { late: true } });
    const row = await visitRow(visit.id);
    expect(row.status).toBe("scheduled");
    expect(row.caregiverId).toBe(caregiver.id);
    expect(await subjectsTo(client.id)).toContainEqual(expect.stringMatching(/^Jordan M\. cannot make your visit on /));
    expect(await subjectsTo(admin.id)).toContainEqual(expect.stringMatching(/^Late cancellation: /));
    expect(await subjectsTo(backup.id)).toContainEqual(expect.stringMatching(/^A family near Miami/));
    expect((await visitCoverage([visit.id])).get(visit.id)).toMatchObject({
      isCancelledByCaregiver: true,
      isLookingForBackup: true,
    });
    // Once is enough.
    await expect(
      cancelVisit({
        actor: asCaregiver(caregiver.id),
        visitId: visit.id,
        reason: "again",
        now: at(visit.startsAt, -60),
      }),
    ).rejects.toThrow("alerts:refusals.alreadyCancelled");
    // Nobody accepts: at 15 minutes the family and admins hear, the caregiver who cancelled is not nagged.
    const before = (await subjectsTo(caregiver.id)).length;
    await sweepVisits({ now: at(visit.startsAt, 15) });
    expect(await subjectsTo(caregiver.id)).toHaveLength(before);
    expect(await subjectsTo(client.id)).toContain("Jordan M. has not checked in yet");
  });

  test("cancelling earlier is not late, but the visit is still offered to backups; others' visits are not theirs to cancel", async () => {
    const { caregiver, visit } = await bookVisit("55401", weekday(2));
    const stranger = await caregiverNear(testDb.db, { zipCode: "55401" });
    await expect(
      cancelVisit({
        actor: asCaregiver(stranger.id),
        visitId: visit.id,
        reason: "x",
        now: at(visit.startsAt, -3 * 24 * 60),
      }),
    ).rejects.toThrow("visits:refusal.notYours");
    const cancelled = await cancelVisit({
      actor: asCaregiver(caregiver.id),
      visitId: visit.id,
      reason: "Family event",
      now: at(visit.startsAt, -3 * 24 * 60),
    });
    expect(cancelled.isLate).toBe(false);
    const events = await eventsOf(visit.id);
    expect(events[0]).toMatchObject({ kind: "cancelled", data: { late: false } });
    expect(events.map((event) => event.kind)).toContain("backup_offered");
    expect(await subjectsTo(admin.id)).toContainEqual(expect.stringMatching(/^Visit cancelled by the caregiver: /));
  });

  test("the cancel action wants a reason and a confirmation, and answers in the caregiver's language", async () => {
    const { caregiver, visit } = await bookVisit("02108", weekday(4), "15:00", "17:00");
    const user = { ...asCaregiver(caregiver.id), locale: "es" } as unknown as Parameters<typeof cancelVisitAction>[0];
    const post = async (fields: Record<string, string>) => {
      const posted = new FormData();
      for (const [name, value] of Object.entries(fields)) posted.set(name, value);
      const request = new Request(`http://localhost/caregiver/visits/${visit.id}/cancel`, {
        method: "POST",
        body: posted,
      });
      const response = await cancelVisitAction(user, visit.id, request, "es");
      return { status: response.init?.status ?? 200, body: response.data };
    };
    expect(await post({ reason: "  ", confirm: "yes" })).toMatchObject({
      status: 400,
      body: { ok: false, fieldErrors: { reason: "Díganos por qué no puede ir." } },
    });
    expect(await post({ reason: "Sick" })).toMatchObject({
      status: 400,
      body: { fieldErrors: { confirm: "Confirme que no puede ir a esta visita." } },
    });
    expect(await post({ reason: "Sick", confirm: "yes" })).toMatchObject({ status: 200, body: { ok: true } });
    expect(await post({ reason: "Sick", confirm: "yes" })).toMatchObject({
      status: 409,
      body: { ok: false, message: "Ya nos avisó que no puede ir a esta visita." },
    });
  });

  test("a visit never checked in is missed after its end, and its open offers are withdrawn", async () => {
    const { visit } = await bookVisit("60614", weekday(3), "14:00", "16:00");
    await caregiverNear(testDb.db, { zipCode: "60614", firstName: "Late" });
    await sweepVisits({ now: at(visit.startsAt, 30) });
    expect(await sweepVisits({ now: at(visit.endsAt, 0) })).toMatchObject({ missed: 1 });
    expect((await visitRow(visit.id)).status).toBe("missed");
    expect((await eventsOf(visit.id)).map((event) => event.kind)).toEqual(["late_alert", "backup_offered", "missed"]);
    const open = await testDb.db
      .select()
      .from(visitBackupOffers)
      .where(and(eq(visitBackupOffers.visitId, visit.id), eq(visitBackupOffers.status, "offered")));
    expect(open).toEqual([]);
    expect(await sweepVisits({ now: at(visit.endsAt, 5) })).toMatchObject({ missed: 0 });
  });

  test("the thresholds come from the settings: later alert and backup times change when the sweep acts", async () => {
    await updateCareSettings({
      actor: admin,
      values: { ...DEFAULT_CARE_SETTINGS, lateAlertMinutes: 40, backupOfferMinutes: 60 },
    });
    try {
      const { visit } = await bookVisit("60614", weekday(4), "08:00", "12:00");
      expect(await sweepVisits({ now: at(visit.startsAt, 30) })).toMatchObject({ lateAlerts: 0, backupOffers: 0 });
      expect(await sweepVisits({ now: at(visit.startsAt, 40) })).toMatchObject({ lateAlerts: 1, backupOffers: 0 });
      expect(await sweepVisits({ now: at(visit.startsAt, 59) })).toMatchObject({ backupOffers: 0 });
      expect(await sweepVisits({ now: at(visit.startsAt, 60) })).toMatchObject({ backupOffers: 1 });
    } finally {
      await updateCareSettings({ actor: admin, values: DEFAULT_CARE_SETTINGS });
    }
  });

  test("settings: admins only, validated, saved as the one row with who saved it", async () => {
    await expect(updateCareSettings({ actor: asCaregiver("x"), values: DEFAULT_CARE_SETTINGS })).rejects.toMatchObject({
      code: "forbidden",
    });
    const early = CareSettingsSchema.safeParse(form({ lateAlertMinutes: 30, backupOfferMinutes: 20 }));
    expect(early.success).toBe(false);
    expect(early.error?.issues[0]).toMatchObject({
      path: ["backupOfferMinutes"],
      message: "alerts:settingsForm.errors.backupBeforeAlert",
    });
    expect(CareSettingsSchema.safeParse(form({ lateAlertMinutes: 0 })).error?.issues[0]?.message).toBe(
      "alerts:settingsForm.errors.lateAlertMinutes",
    );
    expect(CareSettingsSchema.safeParse(form({ lateCancelHours: "2.5" })).success).toBe(false);
    await expect(
      updateCareSettings({
        actor: admin,
        values: { ...DEFAULT_CARE_SETTINGS, lateAlertMinutes: 30, backupOfferMinutes: 20 },
      }),
    ).rejects.toMatchObject({ code: "invalid", field: "backupOfferMinutes" });

    const parsed = CareSettingsSchema.parse(form({ lateCancelHours: 12 }));
    await updateCareSettings({ actor: admin, values: parsed });
    expect((await getCareSettings()).lateCancelHours).toBe(12);
    const rows = await testDb.db.select().from(careSettings);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: 1, updatedBy: admin.id, lateCancelHours: 12 });
    await updateCareSettings({ actor: admin, values: DEFAULT_CARE_SETTINGS });
  });

  test("the job runs the sweep and queues itself for the next minute", async () => {
    const registry = jobsByName([visitsLateSweepJob]);
    await queueJob(visitsLateSweepJob, {}, { key: "visits-late-sweep" });
    expect(await runDueJobs(getDb(), registry)).toBe(1);
    const pending = await testDb.db.execute<{ run_at: Date }>(
      sql`select run_at from jobs where name = 'visits.late-sweep' and done_at is null`,
    );
    expect(pending.rows).toHaveLength(1);
    expect(new Date(pending.rows[0]!.run_at).getTime()).toBeGreaterThan(Date.now());
  });
});
