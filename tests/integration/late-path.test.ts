import { randomUUID } from "node:crypto";
import { addDays, format } from "date-fns";
import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { careRequests, orders, realtimeEvents, userProfiles, visits } from "~/platform/db/schema";
import { createUser } from "~/platform/db/seed/factories.server";
import { listOutbox } from "~/platform/email/mailer.server";
import { chooseCaregiver, respondToOffer } from "~/features/orders/offers.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { getOrderTimeline } from "~/features/visit-notes/timeline.server";
import { recordCheck } from "~/features/visits/check-in.server";
import { sweepVisits } from "~/features/visits/visit-alerts.server";
import {
  ATTENTION_QUEUE_LIMIT,
  getOrderVisitAttention,
  listVisitsNeedingAttention,
} from "~/features/visits/visit-attention.server";
import { formatVisitShort } from "~/utils/datetime";
import { caregiverNear, clientActor, oneTimeRequest, upcomingMonday } from "./care-loop-helpers";
import { deliverQueuedEmails } from "./emails";
import { notificationsOf, setLocale, useNotificationsDatabase } from "./notifications-helpers";

// The late path seen by everyone (docs/product-rules.md, "Late and missed visits, backup caregivers"):
// administrators are notified in-app of late visits and of no backup, the family is told when no
// backup was found and reads it on the timeline, and the administrators' queue lists late, uncovered
// and missed visits from the facts. The sweep takes `now`; each test books in a city of its own, with
// no other caregiver there, so no backup is ever free.

const MINUTE = 60_000;
const at = (start: Date, minutes: number) => new Date(start.getTime() + minutes * MINUTE);
const asCaregiver = (id: string) => ({ id, roles: ["caregiver" as const] });
/** A weekday (Monday + offset, 0-4) a few weeks ahead: inside the caregivers' weekday hours. */
const weekday = (offset: number) => format(addDays(new Date(upcomingMonday(3)), offset), "yyyy-MM-dd");

/** What a person was notified of with this subtype. */
async function sentOf(userId: string, subtype: string) {
  return (await notificationsOf(userId)).filter((item) => item.subtype === subtype);
}

describe("the late path", () => {
  const testDb = useNotificationsDatabase(8);

  async function adminActor(locale: "en" | "es" = "en") {
    const admin = await createUser(testDb.db, { roles: ["admin"] });
    await setLocale(admin.id, locale);
    return { ...admin, roles: ["admin" as const] };
  }

  async function bookVisit(zip: string, date: string) {
    const client = await clientActor(testDb.db);
    const caregiver = await caregiverNear(testDb.db, { zipCode: zip, firstName: "Jordan", lastName: `Late${zip}` });
    const { orderId } = await submitCareRequest({
      actor: client,
      request: oneTimeRequest(date, "09:00", "13:00", { zipCode: zip }),
    });
    await chooseCaregiver({ actor: client, orderId, caregiverId: caregiver.id });
    await respondToOffer({ actor: asCaregiver(caregiver.id), orderId, accept: true });
    const [row] = await testDb.db
      .select({ visit: visits, zone: careRequests.timeZone, orderNumber: orders.orderNumber })
      .from(visits)
      .innerJoin(orders, eq(orders.id, visits.orderId))
      .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
      .where(eq(visits.orderId, orderId));
    const when = (locale: "en" | "es" = "en") =>
      formatVisitShort(row!.visit.startsAt, row!.zone, { withZone: true, locale });
    await notificationsOf(client.id);
    await notificationsOf(caregiver.id);
    return { client, caregiver, orderId, orderNumber: row!.orderNumber, visit: row!.visit, when };
  }

  async function subjectsTo(userId: string) {
    await deliverQueuedEmails();
    const [row] = await testDb.db
      .select({ email: userProfiles.email })
      .from(userProfiles)
      .where(eq(userProfiles.id, userId));
    return (await listOutbox()).filter((mail) => mail.to === row!.email).map((mail) => mail.subject);
  }

  async function attentionEvents(userId: string, visitId: string) {
    return testDb.db
      .select()
      .from(realtimeEvents)
      .where(
        and(
          eq(realtimeEvents.userId, userId),
          eq(realtimeEvents.kind, "visit-attention"),
          sql`${realtimeEvents.payload}->>'visitId' = ${visitId}`,
        ),
      );
  }

  test("a late visit notifies every administrator in-app once, in their language, and tells their open pages", async () => {
    const admin = await adminActor("en");
    const spanishAdmin = await adminActor("es");
    const { orderId, orderNumber, visit, when } = await bookVisit("73102", weekday(0));
    await sweepVisits({ now: at(visit.startsAt, 15) });
    await sweepVisits({ now: at(visit.startsAt, 16) });

    const late = await sentOf(admin.id, "visit_late");
    expect(late).toHaveLength(1);
    expect(late[0]).toMatchObject({
      type: "schedule",
      priority: "urgent",
      title: `Late visit: order ${orderNumber}, ${when()}`,
      message:
        "Jordan L. has not checked in for this visit in Oklahoma City, OK 73102. The caregiver and the family have been told, and backup caregivers are asked next. Call the caregiver, or open the order.",
      actionText: "View order",
      actionUrl: `/admin/orders/${orderId}`,
      metadata: { requiresAction: true },
    });
    expect((await sentOf(spanishAdmin.id, "visit_late"))[0]).toMatchObject({
      title: `Visita con retraso: pedido ${orderNumber}, ${when("es")}`,
      actionText: "Ver el pedido",
    });
    // The late email still goes, once; the notification is not emailed a second time.
    expect((await subjectsTo(admin.id)).filter((subject) => subject.startsWith("Late visit: "))).toHaveLength(1);
    expect(await attentionEvents(admin.id, visit.id)).toHaveLength(1);
  });

  test("no backup found: admins and the family are told, by notification and email, and the timeline says it", async () => {
    const admin = await adminActor();
    const { client, orderId, orderNumber, visit, when } = await bookVisit("87102", weekday(1));
    await setLocale(client.id, "es");
    await sweepVisits({ now: at(visit.startsAt, 15) });
    await sweepVisits({ now: at(visit.startsAt, 30) });
    await sweepVisits({ now: at(visit.startsAt, 31) });

    const toAdmin = await sentOf(admin.id, "no_backup");
    expect(toAdmin).toHaveLength(1);
    expect(toAdmin[0]).toMatchObject({
      priority: "urgent",
      title: `No backup caregiver: order ${orderNumber}, ${when()}`,
      actionUrl: `/admin/orders/${orderId}`,
    });
    const toFamily = await sentOf(client.id, "no_backup");
    expect(toFamily).toHaveLength(1);
    expect(toFamily[0]).toMatchObject({
      type: "schedule",
      priority: "urgent",
      title: `Todavía no hay un cuidador de respaldo libre: ${when("es")}`,
      message:
        "Ningún otro cuidador cerca de usted está libre para esta visita. Nuestro equipo de cuidado ya está al tanto y está buscando a alguien directamente: le diremos quién va, o nos comunicaremos con usted para cambiar la visita.",
      actionUrl: `/dashboard/appointments/order/${orderId}`,
    });
    expect(
      (await subjectsTo(client.id)).filter((subject) =>
        subject.startsWith("Todavía no hay un cuidador de respaldo libre para su visita del"),
      ),
    ).toHaveLength(1);
    expect(
      (await subjectsTo(admin.id)).filter((subject) => subject.startsWith("No backup caregiver for")),
    ).toHaveLength(1);

    const timeline = await getOrderTimeline({ actor: client, orderId });
    expect(timeline.visits.map((entry) => entry.visitId)).toEqual([visit.id]);
    expect(timeline.visits[0]!.events.map((event) => [event.kind, event.at.getTime()])).toEqual([
      ["no_backup", at(visit.startsAt, 30).getTime()],
      ["late_alert", at(visit.startsAt, 15).getTime()],
    ]);
  });

  test("a queue longer than its limit keeps the latest missed visits, latest first", async () => {
    const admin = await adminActor();
    const { visit } = await bookVisit("55401", weekday(3));
    // A year past every other test's visits: only these were missed in the week before.
    const now = new Date(visit.startsAt.getTime() + 365 * 24 * 60 * MINUTE);
    const missed = Array.from({ length: ATTENTION_QUEUE_LIMIT + 5 }, (_, index) => {
      const endsAt = new Date(now.getTime() - (index + 1) * 30 * MINUTE);
      return {
        ...visit,
        id: randomUUID(),
        status: "missed" as const,
        startsAt: new Date(endsAt.getTime() - 20 * MINUTE),
        endsAt,
      };
    });
    // Inserted oldest first, so that the table's order is not the queue's.
    await testDb.db.insert(visits).values(missed.toReversed());
    try {
      const queue = await listVisitsNeedingAttention({ actor: admin, now });
      expect(queue.isCut).toBe(true);
      expect(queue.visits.map((entry) => entry.visitId)).toEqual(
        missed.slice(0, ATTENTION_QUEUE_LIMIT).map((entry) => entry.id),
      );
    } finally {
      // Missed visits ending after another test's "now" would be in its queue.
      await testDb.db.delete(visits).where(
        inArray(
          visits.id,
          missed.map((entry) => entry.id),
        ),
      );
    }
  });

  test("the queue lists late, uncovered and missed visits from the facts; a check-in takes one out at once", async () => {
    const admin = await adminActor();
    const stays = await bookVisit("50309", weekday(2));
    const checksIn = await bookVisit("68102", weekday(2));
    const onTime = await bookVisit("64105", weekday(2));
    const start = stays.visit.startsAt;
    const ids = async (now: Date) =>
      (await listVisitsNeedingAttention({ actor: admin, now })).visits.map((visit) => visit.visitId);
    const mine = [stays.visit.id, checksIn.visit.id, onTime.visit.id];
    const listed = async (now: Date) => (await ids(now)).filter((id) => mine.includes(id));

    // Before the threshold nothing; past it, late even before the sweep has run.
    expect(await listed(at(start, 14))).toEqual([]);
    expect(new Set(await listed(at(start, 16)))).toEqual(new Set(mine));

    await recordCheck({
      actor: { id: onTime.caregiver.id },
      visitId: onTime.visit.id,
      kind: "check_in",
      clientEventId: randomUUID(),
      occurredAt: at(start, 10),
      verification: { method: "reason", reason: "Phone location is off" },
      now: at(start, 10),
    });
    await sweepVisits({ now: at(start, 15) });
    await sweepVisits({ now: at(start, 30) });
    const afterOffer = await listVisitsNeedingAttention({ actor: admin, now: at(start, 31) });
    const row = afterOffer.visits.find((visit) => visit.visitId === stays.visit.id);
    expect(row).toMatchObject({
      isLate: true,
      hasNoBackup: true,
      isMissed: false,
      isLookingForBackup: false,
      orderNumber: stays.orderNumber,
      caregiverName: "Jordan L.",
      area: "Des Moines, IA 50309",
    });
    expect(row!.familyPhone).toMatch(/\d/);

    // Checked in late: it leaves the queue, and the admins' open pages are told.
    const eventsBefore = (await attentionEvents(admin.id, checksIn.visit.id)).length;
    await recordCheck({
      actor: { id: checksIn.caregiver.id },
      visitId: checksIn.visit.id,
      kind: "check_in",
      clientEventId: randomUUID(),
      occurredAt: at(start, 40),
      verification: { method: "reason", reason: "Phone location is off" },
      now: at(start, 40),
    });
    expect(await attentionEvents(admin.id, checksIn.visit.id)).toHaveLength(eventsBefore + 1);
    expect(await listed(at(start, 41))).toEqual([stays.visit.id]);

    // Missed at its end: listed as missed (still without a backup) for 7 days, then gone.
    await sweepVisits({ now: stays.visit.endsAt });
    const missed = (await listVisitsNeedingAttention({ actor: admin, now: at(stays.visit.endsAt, 1) })).visits.find(
      (visit) => visit.visitId === stays.visit.id,
    );
    expect(missed).toMatchObject({ isMissed: true, isLate: false, hasNoBackup: true });
    expect(await listed(at(stays.visit.endsAt, 7 * 24 * 60 - 1))).toEqual([stays.visit.id]);
    expect(await listed(at(stays.visit.endsAt, 7 * 24 * 60))).toEqual([]);

    // The order page's marks agree with the queue.
    const marks = await getOrderVisitAttention({
      actor: admin,
      orderId: stays.orderId,
      now: at(stays.visit.endsAt, 1),
    });
    expect(marks.get(stays.visit.id)).toEqual({
      isLate: false,
      isMissed: true,
      hasNoBackup: true,
      isLookingForBackup: false,
    });

    // Administrators only.
    await expect(listVisitsNeedingAttention({ actor: stays.client })).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      getOrderVisitAttention({ actor: asCaregiver(stays.caregiver.id), orderId: stays.orderId }),
    ).rejects.toMatchObject({ code: "forbidden" });
  });
});
