import { addDays, format } from "date-fns";
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { queueJob } from "~/platform/db/job-queue.server";
import { careRequests, jobs, orders, visitBackupOffers, visits } from "~/platform/db/schema";
import { sweepReminders } from "~/features/visits/appointment-reminders.server";
import { appointmentRemindersJob, APPOINTMENT_REMINDERS_KEY } from "~/features/visits/reminders.job";
import { cancelOrder } from "~/features/orders/cancel-order.server";
import { chooseCaregiver, respondToOffer } from "~/features/orders/offers.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { acceptBackupOffer } from "~/features/visits/backup-offers.server";
import { cancelVisit } from "~/features/visits/cancel-visit.server";
import { runDueJobs } from "~/platform/jobs/runner.server";
import { formatVisitShort } from "~/utils/datetime";
import { caregiverNear, clientActor, oneTimeRequest, upcomingMonday } from "./care-loop-helpers";
import { notificationsOf, setLocale, useNotificationsDatabase } from "./notifications-helpers";

// Appointment reminders (docs/product-rules.md, "Notifications"): a day and
// an hour before each scheduled visit, to its family and its caregiver, once
// each whatever the number of sweeps. The sweep takes `now`; each test books a
// visit in a week and a city of its own.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (start: Date, ms: number) => new Date(start.getTime() + ms);
const asCaregiver = (id: string) => ({ id, roles: ["caregiver" as const] });

async function remindersOf(userId: string) {
  return (await notificationsOf(userId)).filter((item) => item.subtype === "appointment_reminder");
}

describe("appointment reminders", () => {
  const testDb = useNotificationsDatabase(8);

  /** A confirmed one-time order on the Tuesday of week `weeksAhead`, in `zip`. */
  async function bookVisit(zip: string, weeksAhead: number) {
    const date = format(addDays(new Date(upcomingMonday(weeksAhead)), 1), "yyyy-MM-dd");
    const client = await clientActor(testDb.db);
    const caregiver = await caregiverNear(testDb.db, { zipCode: zip, firstName: "Jordan", lastName: `Main${zip}` });
    const { orderId } = await submitCareRequest({
      actor: client,
      request: oneTimeRequest(date, "09:00", "13:00", { zipCode: zip }),
    });
    await chooseCaregiver({ actor: client, orderId, caregiverId: caregiver.id });
    await respondToOffer({ actor: asCaregiver(caregiver.id), orderId, accept: true });
    const [row] = await testDb.db
      .select({ visit: visits, zone: careRequests.timeZone })
      .from(visits)
      .innerJoin(orders, eq(orders.id, visits.orderId))
      .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
      .where(eq(visits.orderId, orderId));
    const visit = row!.visit;
    const when = (locale: "en" | "es" = "en") =>
      formatVisitShort(visit.startsAt, row!.zone, { withZone: true, locale });
    return { client, caregiver, orderId, visit, when };
  }

  async function visitRow(visitId: string) {
    const [row] = await testDb.db.select().from(visits).where(eq(visits.id, visitId));
    return row!;
  }

  test("a day and an hour before, the family and the caregiver are reminded once each, even by two sweeps at once", async () => {
    const { client, caregiver, orderId, visit, when } = await bookVisit("60614", 2);
    await setLocale(client.id, "es");
    expect(await sweepReminders({ now: at(visit.startsAt, -24 * HOUR - MINUTE) })).toMatchObject({ dayBefore: 0 });

    const dayBefore = at(visit.startsAt, -24 * HOUR);
    const both = await Promise.all([sweepReminders({ now: dayBefore }), sweepReminders({ now: dayBefore })]);
    expect(both.map((result) => result.dayBefore).toSorted()).toEqual([0, 1]);
    await sweepReminders({ now: at(visit.startsAt, -23 * HOUR) });
    expect((await visitRow(visit.id)).remindedDayBeforeAt?.getTime()).toBe(dayBefore.getTime());

    const family = await remindersOf(client.id);
    expect(family).toHaveLength(1);
    expect(family[0]).toMatchObject({
      type: "schedule",
      priority: "normal",
      title: `Recordatorio de visita: ${when("es")}`,
      message: "Jordan M. tiene programada esta visita de cuidado.",
      actionText: "Ver el pedido",
      actionUrl: `/dashboard/appointments/order/${orderId}`,
      metadata: { serviceDate: visit.startsAt.toISOString(), caregiverName: "Jordan M." },
    });
    const toCaregiver = await remindersOf(caregiver.id);
    expect(toCaregiver).toHaveLength(1);
    expect(toCaregiver[0]).toMatchObject({
      title: `Visit reminder: ${when()}`,
      message: "You have a care visit in Chicago, IL 60614. Check its details before you go.",
      actionUrl: "/caregiver/schedule",
    });

    const hourBefore = at(visit.startsAt, -HOUR);
    const again = await Promise.all([sweepReminders({ now: hourBefore }), sweepReminders({ now: hourBefore })]);
    expect(again.map((result) => result.hourBefore).toSorted()).toEqual([0, 1]);
    await sweepReminders({ now: at(visit.startsAt, -30 * MINUTE) });
    expect((await remindersOf(client.id)).map((item) => item.title)).toEqual([
      `Recordatorio de visita: ${when("es")}`,
      `Su visita empieza pronto: ${when("es")}`,
    ]);
    const caregiverReminders = await remindersOf(caregiver.id);
    expect(caregiverReminders).toHaveLength(2);
    expect(caregiverReminders[1]).toMatchObject({
      title: `Visit starting soon: ${when()}`,
      message: "Your visit in Chicago, IL 60614 starts within the hour. Remember to check in when you arrive.",
    });
  });

  test("a visit booked less than a day ahead gets only the hour-before reminder", async () => {
    const { client, caregiver, visit } = await bookVisit("77002", 3);
    // As if it had been booked five hours before its start.
    await testDb.db
      .update(visits)
      .set({ createdAt: at(visit.startsAt, -5 * HOUR) })
      .where(eq(visits.id, visit.id));
    for (const hours of [4.5, 3, 1.5]) await sweepReminders({ now: at(visit.startsAt, -hours * HOUR) });
    expect(await remindersOf(client.id)).toEqual([]);
    await sweepReminders({ now: at(visit.startsAt, -50 * MINUTE) });
    expect((await remindersOf(client.id)).map((item) => item.title)).toEqual([
      expect.stringMatching(/^Visit starting soon: /),
    ]);
    expect(await remindersOf(caregiver.id)).toHaveLength(1);
    expect((await visitRow(visit.id)).remindedDayBeforeAt).toBeNull();
  });

  test("a sweep that missed the day-before window does not send it late, only the hour-before one", async () => {
    const { client, visit } = await bookVisit("85004", 4);
    await sweepReminders({ now: at(visit.startsAt, -40 * MINUTE) });
    expect((await remindersOf(client.id)).map((item) => item.title)).toEqual([
      expect.stringMatching(/^Visit starting soon: /),
    ]);
  });

  test("cancelled visits are not reminded", async () => {
    const { client, caregiver, orderId, visit } = await bookVisit("98101", 5);
    await cancelOrder({ actor: client, orderId, reason: "Plans changed" });
    expect((await visitRow(visit.id)).status).toBe("cancelled");
    await sweepReminders({ now: at(visit.startsAt, -24 * HOUR) });
    await sweepReminders({ now: at(visit.startsAt, -HOUR) });
    expect(await remindersOf(client.id)).toEqual([]);
    expect(await remindersOf(caregiver.id)).toEqual([]);
  });

  test("a visit its caregiver cannot make is reminded only once a backup takes it, naming the backup", async () => {
    const { client, caregiver, visit } = await bookVisit("55401", 6);
    const backup = await caregiverNear(testDb.db, { zipCode: "55401", firstName: "Casey", lastName: "Backup" });
    await cancelVisit({
      actor: asCaregiver(caregiver.id),
      visitId: visit.id,
      reason: "Family event",
      now: at(visit.startsAt, -3 * 24 * HOUR),
    });
    await sweepReminders({ now: at(visit.startsAt, -24 * HOUR) });
    expect(await remindersOf(client.id)).toEqual([]);
    expect((await visitRow(visit.id)).remindedDayBeforeAt).toBeNull();

    const [offer] = await testDb.db
      .select({ id: visitBackupOffers.id })
      .from(visitBackupOffers)
      .where(and(eq(visitBackupOffers.visitId, visit.id), eq(visitBackupOffers.caregiverId, backup.id)));
    await acceptBackupOffer({ actor: asCaregiver(backup.id), offerId: offer!.id, now: at(visit.startsAt, -23 * HOUR) });
    await sweepReminders({ now: at(visit.startsAt, -22 * HOUR) });
    const family = await remindersOf(client.id);
    expect(family).toHaveLength(1);
    expect(family[0]!.message).toBe("Casey B. is scheduled for this care visit.");
    expect(await remindersOf(backup.id)).toHaveLength(1);
    expect(await remindersOf(caregiver.id)).toEqual([]);
  });

  test("the sweep's job runs and queues its next run a minute later, once per database", async () => {
    await queueJob(appointmentRemindersJob, {}, { key: APPOINTMENT_REMINDERS_KEY });
    await queueJob(appointmentRemindersJob, {}, { key: APPOINTMENT_REMINDERS_KEY });
    expect(await runDueJobs(testDb.db, [appointmentRemindersJob])).toBe(1);
    const pending = await testDb.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, appointmentRemindersJob.name), isNull(jobs.doneAt)));
    expect(pending).toHaveLength(1);
    const wait = pending[0]!.runAt.getTime() - Date.now();
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(MINUTE);
  });
});
