import { addDays, format } from "date-fns";
import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { getDb } from "~/platform/db/client.server";
import {
  careRequests,
  familyMembers,
  orders,
  realtimeEvents,
  smsPhones,
  userProfiles,
  type FamilyRole,
} from "~/platform/db/schema";
import { listOutbox } from "~/platform/email/mailer.server";
import { jobsByName, runDueJobs } from "~/platform/jobs/runner.server";
import { removeFamilyMember } from "~/features/family/circle.server";
import { saveDeliveryPreferences } from "~/features/notifications/delivery-preferences.server";
import { loadDeliveryPreferences } from "~/features/notifications/notifications.server";
import { smsJobs } from "~/features/notifications/sms.job";
import { cancelOrder } from "~/features/orders/cancel-order.server";
import { chooseCaregiver, respondToOffer } from "~/features/orders/offers.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { sayOnMyWay } from "~/features/visits/on-my-way.server";
import { sweepVisits } from "~/features/visits/visit-alerts.server";
import { formatVisitShort } from "~/utils/datetime";
import { useFakeSmsSetup } from "./sms-helpers";
import { bookVisitNear, caregiverNear, clientActor, oneTimeRequest, upcomingMonday } from "./care-loop-helpers";
import { deliverQueuedEmails } from "./emails";
import { notificationsOf, setLocale } from "./notifications-helpers";

// The family's alerts reach the whole circle (docs/product-rules.md, "Family circle"): the holder and every member,
// each their own notification, email and text, in their language and by their own preferences; the order page is
// the link of whoever may open it, none for an alerts-only member. Each test books in a city of its own, with no
// other caregiver there, so no backup is ever free.

const sms = useFakeSmsSetup();
const { setup } = sms;

const MINUTE = 60_000;
/** A weekday (Monday + offset, 0-4) a few weeks ahead: inside the caregivers' weekday hours. */
const weekday = (offset: number) => format(addDays(new Date(upcomingMonday(3)), offset), "yyyy-MM-dd");

type Person = Awaited<ReturnType<typeof clientActor>>;

/** One member of each role in the circle of the order's care recipient (the alerts-only one reads Spanish). */
async function circleOf(orderId: string, holderId: string) {
  const [request] = await setup.db
    .select({ recipientId: careRequests.careRecipientId, orderNumber: orders.orderNumber })
    .from(orders)
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(eq(orders.id, orderId));
  const members = {} as Record<FamilyRole, Person & { memberId: string }>;
  for (const role of ["manage", "follow", "alerts"] as const) {
    const person = await clientActor(setup.db);
    const [row] = await setup.db
      .insert(familyMembers)
      .values({ careRecipientId: request!.recipientId!, userId: person.id, role, addedBy: holderId })
      .returning({ id: familyMembers.id });
    members[role] = { ...person, memberId: row!.id };
  }
  await setLocale(members.alerts.id, "es");
  return { members, orderNumber: request!.orderNumber };
}

/** A booked visit whose family is the holder and one member of each role. */
async function circleWithVisit(zip: string, date: string) {
  const booked = await bookVisitNear(setup.db, zip, date);
  const { members, orderNumber } = await circleOf(booked.orderId, booked.client.id);
  // What booking sent is read now: each test counts only what its own step sends.
  for (const id of [booked.client.id, ...Object.values(members).map((member) => member.id)]) await notificationsOf(id);
  const when = (locale: "en" | "es") =>
    formatVisitShort(booked.visit.startsAt, booked.zone, { withZone: true, locale });
  return { ...booked, members, orderNumber, when };
}

const makeLate = (visit: { startsAt: Date }) => sweepVisits({ now: new Date(visit.startsAt.getTime() + 15 * MINUTE) });

async function sentOf(userId: string, subtype: string) {
  return (await notificationsOf(userId)).filter((item) => item.subtype === subtype);
}

/** The live "visit-update" events published to a person (their open order page reloads on one). */
const visitUpdatesOf = (userId: string) =>
  setup.db
    .select()
    .from(realtimeEvents)
    .where(and(eq(realtimeEvents.userId, userId), eq(realtimeEvents.kind, "visit-update")));

async function subjectsTo(userId: string) {
  await deliverQueuedEmails();
  const [row] = await setup.db
    .select({ email: userProfiles.email })
    .from(userProfiles)
    .where(eq(userProfiles.id, userId));
  return (await listOutbox()).filter((mail) => mail.to === row!.email);
}

describe("the family circle's alerts", () => {
  test("a late visit notifies the holder and every member, each in their language, with a link they may open", async () => {
    const { client, members, orderId, when, visit } = await circleWithVisit("82001", weekday(0));
    await makeLate(visit);

    const orderPage = `/dashboard/appointments/order/${orderId}`;
    for (const person of [client, members.manage, members.follow]) {
      const late = await sentOf(person.id, "visit_late");
      expect(late).toHaveLength(1);
      expect(late[0]).toMatchObject({
        title: `Caregiver not checked in: ${when("en")}`,
        priority: "urgent",
        actionText: "View order",
        actionUrl: orderPage,
      });
      const emails = (await subjectsTo(person.id)).filter((mail) => mail.subject.includes("has not checked in yet"));
      expect(emails).toHaveLength(1);
      expect(emails[0]!.text).toContain(orderPage);
    }
    // The alerts-only member: in Spanish, and no link to the order page they may not open.
    const alerted = await sentOf(members.alerts.id, "visit_late");
    expect(alerted).toHaveLength(1);
    expect(alerted[0]).toMatchObject({ title: `Cuidador sin registrar su llegada: ${when("es")}`, actionUrl: null });
    expect(alerted[0]!.actionText).toBeNull();
    const spanish = (await subjectsTo(members.alerts.id)).filter((mail) => mail.subject.includes("todavía no ha"));
    expect(spanish).toHaveLength(1);
    expect(spanish[0]!.subject).toBe(`Jordan M. todavía no ha registrado su llegada`);
    expect(spanish[0]!.text).not.toContain("/dashboard/appointments/order/");
  });

  test("a member who turned the type off gets nothing of it, and a removed member no longer gets alerts", async () => {
    const { client, members, visit } = await circleWithVisit("82601", weekday(1));
    const preferences = await loadDeliveryPreferences(members.follow.id);
    await saveDeliveryPreferences({
      actor: members.follow,
      preferences: { ...preferences, schedule: { inApp: false, email: false, push: false, sms: false } },
    });
    await removeFamilyMember({ actor: client, memberId: members.manage.memberId });
    await makeLate(visit);

    expect(await sentOf(client.id, "visit_late")).toHaveLength(1);
    expect(await sentOf(members.alerts.id, "visit_late")).toHaveLength(1);
    expect(await sentOf(members.follow.id, "visit_late")).toHaveLength(0);
    expect(await sentOf(members.manage.id, "visit_late")).toHaveLength(0);
    for (const id of [members.follow.id, members.manage.id]) {
      const emails = (await subjectsTo(id)).filter((mail) => mail.subject.includes("has not checked in yet"));
      expect(emails).toHaveLength(0);
    }
  });

  test("an alerts-only member's text message goes to their own verified phone, in their language", async () => {
    const { client, members, visit, when } = await circleWithVisit("82901", weekday(2));
    const phones = { holder: "+13125550181", member: "+13125550182" };
    await setup.db.insert(smsPhones).values([
      { userId: client.id, phone: phones.holder, verifiedAt: new Date() },
      { userId: members.alerts.id, phone: phones.member, verifiedAt: new Date() },
    ]);
    for (const person of [client, members.alerts]) {
      const preferences = await loadDeliveryPreferences(person.id);
      await saveDeliveryPreferences({
        actor: person,
        preferences: { ...preferences, schedule: { ...preferences.schedule, sms: true } },
      });
    }
    await makeLate(visit);
    await notificationsOf(members.alerts.id);
    await notificationsOf(client.id);
    while ((await runDueJobs(getDb(), jobsByName(smsJobs))) > 0);

    const toMember = sms.fake.messages.filter((message) => message.to === phones.member);
    expect(toMember).toHaveLength(1);
    expect(toMember[0]!.body).toContain(`Cuidador sin registrar su llegada: ${when("es")}`);
    expect(toMember[0]!.body).not.toContain("/dashboard/appointments/order/");
    expect(sms.fake.messages.filter((message) => message.to === phones.holder)).toHaveLength(1);
  });

  test("an order cancelled by a manage member tells the holder and the others, not the one who cancelled", async () => {
    const { client, members, orderId, orderNumber } = await circleWithVisit("82801", weekday(3));
    await cancelOrder({ actor: members.manage, orderId, reason: "We found care closer to home" });

    expect(await sentOf(members.manage.id, "order_cancelled")).toHaveLength(0);
    for (const person of [client, members.follow]) {
      expect((await sentOf(person.id, "order_cancelled"))[0]).toMatchObject({
        actionUrl: `/dashboard/appointments/order/${orderId}`,
      });
    }
    const alerted = await sentOf(members.alerts.id, "order_cancelled");
    expect(alerted).toHaveLength(1);
    expect(alerted[0]!.actionUrl).toBeNull();
    const emails = (await subjectsTo(members.alerts.id)).filter((mail) => mail.subject.includes(orderNumber));
    expect(emails.length).toBeGreaterThan(0);
  });

  test("no caregiver yet goes to the holder and manage members, who can change the request, and to nobody else", async () => {
    const client = await clientActor(setup.db);
    const caregiver = await caregiverNear(setup.db, { zipCode: "82930", firstName: "Jordan", lastName: "Main82930" });
    const { orderId } = await submitCareRequest({
      actor: client,
      request: oneTimeRequest(weekday(4), "09:00", "13:00", { zipCode: "82930" }),
    });
    const { members } = await circleOf(orderId, client.id);
    await chooseCaregiver({ actor: client, orderId, caregiverId: caregiver.id });
    await respondToOffer({
      actor: { id: caregiver.id, roles: ["caregiver"] },
      orderId,
      accept: false,
      reason: "Not that day after all",
    });

    for (const person of [client, members.manage]) {
      expect((await sentOf(person.id, "no_caregiver_yet"))[0]).toMatchObject({
        actionUrl: `/dashboard/appointments/order/${orderId}`,
      });
    }
    expect(await sentOf(members.follow.id, "no_caregiver_yet")).toHaveLength(0);
    expect(await sentOf(members.alerts.id, "no_caregiver_yet")).toHaveLength(0);
  });

  test("On my way: every member is notified, and the open order pages of those who may open it follow live", async () => {
    const { client, caregiver, members, orderId, visit } = await circleWithVisit("82501", weekday(0));
    await sayOnMyWay({
      actor: { id: caregiver.id },
      visitId: visit.id,
      arrival: { by: "estimate", minutes: 20 },
      now: new Date(visit.startsAt.getTime() - 30 * MINUTE),
    });

    for (const person of [client, ...Object.values(members)])
      expect(await sentOf(person.id, "caregiver_on_the_way")).toHaveLength(1);
    for (const person of [client, members.manage, members.follow])
      expect((await visitUpdatesOf(person.id)).map((event) => event.payload)).toEqual([{ orderId, visitId: visit.id }]);
    expect(await visitUpdatesOf(members.alerts.id)).toEqual([]);
  });
});
