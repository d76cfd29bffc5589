import { addDays, format } from "date-fns";
import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { careRequests, orders, visitBackupOffers, visits } from "~/platform/db/schema";
import { chooseCaregiver, respondToOffer } from "~/features/orders/offers.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { acceptBackupOffer } from "~/features/visits/backup-offers.server";
import { cancelVisit } from "~/features/visits/cancel-visit.server";
import { sweepVisits } from "~/features/visits/visit-alerts.server";
import { formatVisitShort } from "~/utils/datetime";
import { caregiverNear, clientActor, oneTimeRequest, upcomingMonday } from "./care-loop-helpers";
import { notificationsOf, queuedNotificationJobs, setLocale, useNotificationsDatabase } from "./notifications-helpers";

// Late, missed and cancelled visits and backup caregivers notify the family
// and the caregivers concerned (docs/product-rules.md, "Notifications"), once
// each. The sweep takes `now`; each test books in a city of its own, so that
// the caregivers of one test are never the backups of another.

const MINUTE = 60_000;
const at = (start: Date, minutes: number) => new Date(start.getTime() + minutes * MINUTE);
const asCaregiver = (id: string) => ({ id, roles: ["caregiver" as const] });
/** A weekday (Monday + offset, 0-4) a couple of weeks ahead: inside the caregivers' weekday hours. */
const weekday = (offset: number) => format(addDays(new Date(upcomingMonday(2)), offset), "yyyy-MM-dd");

/** What a person was notified of with this subtype. */
async function sentOf(userId: string, subtype: string) {
  return (await notificationsOf(userId)).filter((item) => item.subtype === subtype);
}

describe("visit notifications", () => {
  const testDb = useNotificationsDatabase(8);

  /** A confirmed one-time order in `zip` with its one visit, its caregiver, and "when" as a reader sees it. */
  async function bookVisit(zip: string, date: string) {
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
    // Only what the visit's events send is looked at: the booking's own notifications are read now.
    await notificationsOf(client.id);
    await notificationsOf(caregiver.id);
    return { client, caregiver, orderId, visit, when };
  }

  test("a late visit notifies the family and the caregiver once, urgently, each in their language", async () => {
    const { client, caregiver, orderId, visit, when } = await bookVisit("77002", weekday(0));
    await setLocale(caregiver.id, "es");
    await sweepVisits({ now: at(visit.startsAt, 15) });
    await sweepVisits({ now: at(visit.startsAt, 16) });

    const family = await sentOf(client.id, "visit_late");
    expect(family).toHaveLength(1);
    expect(family[0]).toMatchObject({
      type: "schedule",
      priority: "urgent",
      title: `Caregiver not checked in: ${when()}`,
      message:
        "Jordan M. has not checked in for this visit yet. Our team has been alerted and will find a backup caregiver if needed.",
      actionUrl: `/dashboard/appointments/order/${orderId}`,
      metadata: { serviceDate: visit.startsAt.toISOString(), caregiverName: "Jordan M." },
    });
    const toCaregiver = await sentOf(caregiver.id, "visit_late");
    expect(toCaregiver).toHaveLength(1);
    expect(toCaregiver[0]).toMatchObject({
      type: "schedule",
      priority: "urgent",
      title: `No ha registrado su llegada: ${when("es")}`,
      actionText: "Abrir la agenda",
      actionUrl: "/caregiver/schedule",
    });
  });

  test("a missed visit notifies the family and the caregiver once; it is emailed by the notification only", async () => {
    const { client, caregiver, visit, when } = await bookVisit("85004", weekday(1));
    await sweepVisits({ now: at(visit.startsAt, 20) });
    await notificationsOf(client.id);
    await sweepVisits({ now: visit.endsAt });
    const flags = (await queuedNotificationJobs(client.id))
      .filter((job) => job.payload.key === "visitMissedFamily")
      .map((job) => job.payload.emailedSeparately);
    expect(flags).toEqual([false]);
    await sweepVisits({ now: at(visit.endsAt, 1) });

    const family = await sentOf(client.id, "visit_missed");
    expect(family).toHaveLength(1);
    expect(family[0]).toMatchObject({
      priority: "urgent",
      title: `Visit missed: ${when()}`,
      message: "No caregiver checked in for this visit. Contact us if you need help rescheduling it.",
    });
    const toCaregiver = await sentOf(caregiver.id, "visit_missed");
    expect(toCaregiver).toHaveLength(1);
    expect(toCaregiver[0]!.title).toBe(`Visit missed: ${when()}`);
  });

  test("a caregiver who cannot come: the family is told, backups are offered it, and a backup who takes it is named", async () => {
    const { client, caregiver, orderId, visit, when } = await bookVisit("98101", weekday(2));
    const backup = await caregiverNear(testDb.db, { zipCode: "98101", firstName: "Casey", lastName: "Backup" });
    await cancelVisit({
      actor: asCaregiver(caregiver.id),
      visitId: visit.id,
      reason: "Family event",
      now: at(visit.startsAt, -3 * 24 * 60),
    });

    const cancelled = await sentOf(client.id, "visit_cancelled");
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]).toMatchObject({
      type: "schedule",
      // Three days ahead is not a late cancellation.
      priority: "normal",
      title: `Caregiver cannot come: ${when()}`,
      message: "Jordan M. cannot make this visit. We are asking other caregivers to cover it.",
    });
    const offered = await sentOf(backup.id, "backup_offer");
    expect(offered).toHaveLength(1);
    expect(offered[0]).toMatchObject({
      type: "schedule",
      priority: "urgent",
      title: `Backup caregiver needed: ${when()}`,
      message: "A family in Seattle, WA 98101 needs a caregiver for this visit. The first to accept takes it.",
      actionUrl: `/caregiver/visits/${visit.id}/backup`,
      metadata: { requiresAction: true, serviceDate: visit.startsAt.toISOString() },
    });
    // A caregiver is not sent the name of the colleague who cancelled.
    expect(offered[0]!.metadata).not.toHaveProperty("caregiverName");

    const [offer] = await testDb.db
      .select({ id: visitBackupOffers.id })
      .from(visitBackupOffers)
      .where(and(eq(visitBackupOffers.visitId, visit.id), eq(visitBackupOffers.caregiverId, backup.id)));
    await acceptBackupOffer({
      actor: asCaregiver(backup.id),
      offerId: offer!.id,
      now: at(visit.startsAt, -2 * 24 * 60),
    });

    const assigned = await sentOf(client.id, "caregiver_assigned");
    expect(assigned).toHaveLength(1);
    expect(assigned[0]).toMatchObject({
      type: "caregiver",
      title: `New caregiver: ${when()}`,
      message: "Casey B. will cover this visit.",
      actionUrl: `/dashboard/appointments/order/${orderId}`,
    });
    const reassigned = await sentOf(caregiver.id, "visit_reassigned");
    expect(reassigned).toHaveLength(1);
    expect(reassigned[0]).toMatchObject({
      type: "schedule",
      title: `Visit covered: ${when()}`,
      message: "Casey B. is covering this visit, so you do not need to go.",
    });
    // The backup took it themselves: only the offer was theirs.
    expect((await notificationsOf(backup.id)).map((item) => item.subtype)).toEqual(["backup_offer"]);
  });

  test("a late cancellation is urgent; the caregiver who cancelled is not told the visit is late or missed", async () => {
    // Nobody else works in Denver: no backup takes it.
    const { client, caregiver, visit } = await bookVisit("80202", weekday(3));
    await cancelVisit({
      actor: asCaregiver(caregiver.id),
      visitId: visit.id,
      reason: "My car broke down",
      now: at(visit.startsAt, -120),
    });
    expect((await sentOf(client.id, "visit_cancelled"))[0]).toMatchObject({ priority: "urgent" });
    await sweepVisits({ now: at(visit.startsAt, 15) });
    await sweepVisits({ now: visit.endsAt });
    expect(await sentOf(client.id, "visit_late")).toHaveLength(1);
    expect(await sentOf(client.id, "visit_missed")).toHaveLength(1);
    expect(await sentOf(caregiver.id, "visit_late")).toEqual([]);
    expect(await sentOf(caregiver.id, "visit_missed")).toEqual([]);
  });
});
