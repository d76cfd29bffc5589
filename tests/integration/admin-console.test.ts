import { randomUUID } from "node:crypto";
import { credentialToday, listCredentialsExpiring } from "~/features/credentials/credentials.server";
import { addDays } from "~/features/credentials/credential-rules";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import {
  caregiverCredentials,
  caregiverEarnings,
  caregiverProfiles,
  conversations,
  messages,
  realtimeEvents,
  supportTickets,
} from "~/platform/db/schema";
import { createCaregiver, createUser } from "~/platform/db/seed/factories.server";
import { readAttention, type AttentionItem } from "~/features/admin/attention.server";
import { metricRows, type Metric } from "~/features/analytics/metrics";
import { readMetric, type MetricRange } from "~/features/analytics/metrics.server";
import { readWeekAgainstLast } from "~/features/analytics/week.server";
import { listAdminInvoices } from "~/features/billing/admin-billing.server";
import { listCaregiverQueue } from "~/features/caregiver-vetting/vetting.server";
import { QueueQuerySchema } from "~/features/caregiver-vetting/vetting";
import { SupportQuerySchema } from "~/features/support/support.schema";
import { listPendingEarnings } from "~/features/earnings/payouts.server";
import { listVisitExceptions } from "~/features/evv/exceptions.server";
import { listConversations } from "~/features/messaging/list-conversations.server";
import { listAdminOrders } from "~/features/orders/admin-orders.server";
import { closeSupportTicket, listSupportTickets, submitContactMessage } from "~/features/support/contact.server";
import { chooseCaregiver, respondToOffer } from "~/features/orders/offers.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { caregiverNear, clientActor, oneTimeRequest, upcomingMonday } from "./care-loop-helpers";
import { listVisitsNeedingAttention } from "~/features/visits/visit-attention.server";
import { at, insertInvoice, insertOrder, insertVisit, insertWorkedVisit } from "./analytics-helpers";
import { appRequest, signInCookie } from "./accounts-helpers";
import { useAuthTestSetup } from "./auth-env";
import { loader as exportLoader } from "~/routes/admin/analytics-export";

// The admin's home and analytics (docs/product-rules.md, "The admin's home", "Analytics"): every count is
// the number of rows its list shows, and moves when a visit goes late; the week against last week; each
// metric on a small hand-made set with known answers; the CSV's rows are the table's.

const setup = useAuthTestSetup();
const HOUR = 3_600_000;

const PASSWORD = "Analytics-admin-2026";
let admin: { id: string; email: string; roles: "admin"[] };

beforeAll(async () => {
  admin = { ...(await createUser(setup.db, { roles: ["admin"], password: PASSWORD })), roles: ["admin"] };
});

async function clientId() {
  return (await createUser(setup.db, { roles: ["client"] })).id;
}

async function caregiverIn(city: string, state: string, status: "approved" | "pending" = "approved") {
  const caregiver = await createCaregiver(setup.db, { status });
  await setup.db.update(caregiverProfiles).set({ city, state }).where(eq(caregiverProfiles.userId, caregiver.id));
  return caregiver.id;
}

/** The rows each count's list shows, by the list's own function. */
async function listed(now: Date): Promise<Record<AttentionItem, number>> {
  const adminMessaging = { id: admin.id, role: "admin" as const };
  return {
    applications: (await listCaregiverQueue({ actor: admin, query: QueueQuerySchema.parse({ status: "pending" }) }))
      .total,
    offers: (await listAdminOrders({ actor: admin, filters: { status: "offered" } })).total,
    visits: (await listVisitsNeedingAttention({ actor: admin, now })).visits.length,
    evv: (await listVisitExceptions({ actor: admin, now })).total,
    conversations: (await listConversations({ actor: adminMessaging, isWaitingOnly: true })).length,
    tickets: (await listSupportTickets({ actor: admin, query: SupportQuerySchema.parse({ status: "open" }) })).total,
    payments: (await listAdminInvoices({ actor: admin, filters: { chargeFailed: true }, now })).total,
    payouts: (await listPendingEarnings({ actor: admin })).length,
    credentials: (await listCredentialsExpiring({ actor: admin, now })).length,
  };
}

const countsOf = async (now: Date) =>
  Object.fromEntries((await readAttention({ actor: admin, now })).map((entry) => [entry.item, entry.count]));

describe("the admin home's counts", () => {
  test("each count is the number of rows its list shows, and a visit going late moves the visits' count", async () => {
    const now = new Date();
    const caregiver = await caregiverIn("Chicago", "IL");
    const other = await caregiverIn("Chicago", "IL");
    // An application waiting (pending, no draft: sent before the online application), and an approved one.
    const pending = await createCaregiver(setup.db, { status: "pending" });
    // Credentials: one expired and one expiring within 30 days are counted; one valid for 90 days and a
    // pending applicant's expired one are not (docs/product-rules.md, "Credentials that expire").
    const today = credentialToday(now);
    await setup.db.insert(caregiverCredentials).values([
      { caregiverId: caregiver, kind: "cpr", expiresOn: addDays(today, -3) },
      { caregiverId: other, kind: "tb_test", expiresOn: addDays(today, 20) },
      { caregiverId: other, kind: "licence", expiresOn: addDays(today, 90) },
      { caregiverId: pending.id, kind: "cpr", expiresOn: addDays(today, -3) },
    ]);
    // An offer unanswered, and a submitted order that is not one.
    await insertOrder(setup.db, { clientId: await clientId(), status: "offered", createdAt: now });
    await insertOrder(setup.db, { clientId: await clientId(), status: "submitted", createdAt: now });
    // A late visit (started 30 minutes ago, nobody checked in), a missed one yesterday, and one checked in
    // whose end is long past (an EVV exception: no check-out).
    const confirmed = await insertOrder(setup.db, {
      clientId: await clientId(),
      caregiverId: caregiver,
      createdAt: new Date(now.getTime() - 72 * HOUR),
      confirmedAt: new Date(now.getTime() - 70 * HOUR),
    });
    await insertVisit(setup.db, confirmed, { startsAt: new Date(now.getTime() - 0.5 * HOUR), status: "scheduled" });
    await insertVisit(setup.db, confirmed, {
      startsAt: new Date(now.getTime() - 30 * HOUR),
      status: "missed",
      lateAlertedAt: new Date(now.getTime() - 29.5 * HOUR),
    });
    await insertVisit(setup.db, confirmed, {
      caregiverId: other,
      startsAt: new Date(now.getTime() - 10 * HOUR),
      status: "checked_in",
      checkedInAt: new Date(now.getTime() - 10 * HOUR),
    });
    // A support conversation waiting (the person wrote last) and one answered.
    for (const answered of [false, true]) {
      const person = await clientId();
      const [conversation] = await setup.db
        .insert(conversations)
        .values({ kind: "support", userAId: person, lastMessageAt: now })
        .returning();
      await setup.db.insert(messages).values({
        conversationId: conversation!.id,
        senderId: person,
        side: "a",
        body: "Hello, I need help.",
        clientKey: randomUUID(),
      });
      if (answered) {
        await setup.db.insert(messages).values({
          conversationId: conversation!.id,
          senderId: admin.id,
          side: "b",
          body: "Happy to help.",
          clientKey: randomUUID(),
        });
      }
    }
    // A contact message open, one answered.
    await setup.db.insert(supportTickets).values([
      { name: "Ana", email: "ana@example.test", topic: "general", message: "A question" },
      { name: "Bo", email: "bo@example.test", topic: "general", message: "Done", status: "closed" },
    ]);
    // A failed card payment, a due invoice without a failure, and a paid one that once failed.
    await insertInvoice(setup.db, confirmed, { issuedAt: now, totalCents: 5000, lastChargeError: "card_declined" });
    await insertInvoice(setup.db, confirmed, { issuedAt: now, totalCents: 5000 });
    await insertInvoice(setup.db, confirmed, {
      issuedAt: now,
      totalCents: 5000,
      status: "paid",
      lastChargeError: "card_declined",
    });
    // Earnings waiting for a payout: two for one caregiver, one for another.
    for (const [who, hoursAgo] of [
      [caregiver, 100],
      [caregiver, 120],
      [other, 140],
    ] as const) {
      const worked = await insertWorkedVisit(
        setup.db,
        { ...confirmed, caregiverId: who },
        new Date(now.getTime() - hoursAgo * HOUR),
        2,
      );
      await setup.db.insert(caregiverEarnings).values({
        caregiverId: who,
        visitId: worked.id,
        orderId: confirmed.orderId,
        workedAt: worked.checkedOutAt!,
        workedOn: worked.checkedOutAt!.toISOString().slice(0, 10),
        minutes: 120,
        payRateCents: 2000,
        amountCents: 4000,
      });
    }

    const counts = await countsOf(now);
    expect(counts).toEqual(await listed(now));
    expect(counts).toEqual({
      applications: 1,
      offers: 1,
      visits: 2,
      evv: 1,
      conversations: 1,
      tickets: 1,
      payments: 1,
      payouts: 2,
      credentials: 2,
    });

    // A visit booked to start in two hours is not counted; half an hour after its start it is late.
    await insertVisit(setup.db, confirmed, {
      caregiverId: other,
      startsAt: new Date(now.getTime() + 2 * HOUR),
      status: "scheduled",
    });
    expect((await countsOf(now)).visits).toBe(2);
    const later = new Date(now.getTime() + 2.5 * HOUR);
    const laterCounts = await countsOf(later);
    expect(laterCounts.visits).toBe(3);
    expect(laterCounts).toEqual(await listed(later));
  });

  test("every count links to its list, filtered", async () => {
    const links = Object.fromEntries((await readAttention({ actor: admin })).map((entry) => [entry.item, entry.href]));
    expect(links).toMatchObject({
      applications: "/admin/caregivers?status=pending",
      offers: "/admin/orders?status=offered",
      payments: "/admin/billing?payment=failed",
      conversations: "/admin/support?waiting=1",
    });
  });
});

/** The admin-attention events each administrator's stream got, by the count they name. */
async function announced(item: string) {
  const rows = await setup.db
    .select({ userId: realtimeEvents.userId })
    .from(realtimeEvents)
    .where(and(eq(realtimeEvents.kind, "admin-attention"), sql`${realtimeEvents.payload}->>'item' = ${item}`));
  return rows.filter((row) => row.userId === admin.id).length;
}

describe("the admin home hears of changes", () => {
  test("a contact message, a ticket closed, an offer made and answered: each tells every administrator's page", async () => {
    const tickets = await announced("tickets");
    const sent = await submitContactMessage({
      input: { name: "Rosa", email: "rosa-live@example.test", topic: "care", message: "Do you cover Evanston?" },
      ipAddress: null,
    });
    expect(await announced("tickets")).toBe(tickets + 1);
    const [ticket] = await setup.db
      .select({ id: supportTickets.id })
      .from(supportTickets)
      .where(eq(supportTickets.email, "rosa-live@example.test"));
    expect(sent.status).not.toBe("limited");
    await closeSupportTicket({ actor: admin, ticketId: ticket!.id });
    expect(await announced("tickets")).toBe(tickets + 2);

    const offers = await announced("offers");
    const client = await clientActor(setup.db);
    const caregiver = await caregiverNear(setup.db);
    const { orderId } = await submitCareRequest({ actor: client, request: oneTimeRequest(upcomingMonday(2)) });
    await chooseCaregiver({ actor: client, orderId, caregiverId: caregiver.id });
    expect(await announced("offers")).toBe(offers + 1);
    await respondToOffer({ actor: { id: caregiver.id, roles: ["caregiver"] }, orderId, accept: true });
    expect(await announced("offers")).toBe(offers + 2);
  });
});

describe("this week against last week", () => {
  test("bookings, hours and revenue from Monday to now, against last week to the same moment", async () => {
    // Wednesday 12 March 2025, noon UTC: this week from Monday the 10th, last week from Monday the 3rd.
    const now = at("2025-03-12", 12);
    const family = await clientId();
    const caregiver = await caregiverIn("Chicago", "IL");
    const order = (createdAt: Date) => insertOrder(setup.db, { clientId: family, caregiverId: caregiver, createdAt });
    const thisWeek = await order(at("2025-03-10", 10));
    await order(at("2025-03-11", 10));
    await order(at("2025-03-12", 9));
    await order(at("2025-03-12", 13)); // after now
    const lastWeek = await order(at("2025-03-03", 10));
    await order(at("2025-03-05", 11));
    await order(at("2025-03-05", 13)); // after the same moment last week
    await order(at("2025-03-07", 10));
    await insertWorkedVisit(setup.db, thisWeek, at("2025-03-11", 9), 4);
    await insertWorkedVisit(setup.db, lastWeek, at("2025-03-04", 9), 2);
    await insertWorkedVisit(setup.db, lastWeek, at("2025-03-06", 9), 5); // after the same moment
    await insertInvoice(setup.db, thisWeek, { issuedAt: at("2025-03-11", 8), totalCents: 10_000 });
    await insertInvoice(setup.db, thisWeek, { issuedAt: at("2025-03-11", 8), totalCents: 5_000, status: "void" });
    await insertInvoice(setup.db, lastWeek, { issuedAt: at("2025-03-04", 8), totalCents: 12_000, status: "paid" });

    const week = await readWeekAgainstLast({ actor: admin, now });
    expect(week.monday).toBe("2025-03-10");
    expect(week.lastMonday).toBe("2025-03-03");
    expect(week.figures).toEqual([
      { metric: "bookings", thisWeek: 3, lastWeek: 2, change: { direction: "up", difference: 1, percent: 50 } },
      { metric: "hours", thisWeek: 4, lastWeek: 2, change: { direction: "up", difference: 2, percent: 100 } },
      {
        metric: "revenue",
        thisWeek: 10_000,
        lastWeek: 12_000,
        change: { direction: "down", difference: 2_000, percent: 17 },
      },
    ]);
  });
});

describe("analytics", () => {
  const METRO = "Springfield, ZZ";
  const WEEKS: MetricRange = {
    period: "week",
    from: "2025-01-06",
    to: "2025-01-19",
    metro: METRO,
    now: at("2025-06-01"),
  };

  beforeAll(async () => {
    const family = await clientId();
    const first = await caregiverIn("Springfield", "ZZ");
    const second = await caregiverIn("Springfield", "ZZ");
    const place = { city: "Springfield", state: "ZZ" };
    const a = await insertOrder(setup.db, {
      clientId: family,
      caregiverId: first,
      createdAt: at("2025-01-06", 10),
      confirmedAt: at("2025-01-06", 14),
      ...place,
    });
    const b = await insertOrder(setup.db, {
      clientId: family,
      caregiverId: second,
      createdAt: at("2025-01-07", 10),
      confirmedAt: at("2025-01-08", 10),
      ...place,
    });
    await insertOrder(setup.db, { clientId: family, createdAt: at("2025-01-08", 10), ...place });
    const d = await insertOrder(setup.db, {
      clientId: family,
      caregiverId: first,
      createdAt: at("2025-01-14", 9),
      confirmedAt: at("2025-01-14", 11),
      ...place,
    });
    // Elsewhere: counted without a metro only.
    await insertOrder(setup.db, {
      clientId: family,
      createdAt: at("2025-01-06", 12),
      confirmedAt: at("2025-01-06", 13),
      city: "Shelbyville",
      state: "ZZ",
    });
    await insertWorkedVisit(setup.db, a, at("2025-01-07", 9), 4);
    await insertWorkedVisit(setup.db, a, at("2025-01-09", 14), 2);
    await insertVisit(setup.db, b, {
      startsAt: at("2025-01-09", 9),
      status: "missed",
      lateAlertedAt: at("2025-01-09", 9.25),
    });
    await insertVisit(setup.db, b, {
      startsAt: at("2025-01-10", 9),
      status: "completed",
      lateAlertedAt: at("2025-01-10", 9.25),
      checkedInAt: at("2025-01-10", 9.5),
      checkedOutAt: at("2025-01-10", 12.5),
    });
    await insertWorkedVisit(setup.db, d, at("2025-01-14", 9), 5);
    await insertVisit(setup.db, d, { caregiverId: second, startsAt: at("2025-01-15", 9), status: "cancelled" });
    await insertInvoice(setup.db, a, { issuedAt: at("2025-01-08", 8), totalCents: 12_000, status: "paid" });
    await insertInvoice(setup.db, b, { issuedAt: at("2025-01-10", 8), totalCents: 5_000, status: "void" });
    await insertInvoice(setup.db, d, { issuedAt: at("2025-01-15", 8), totalCents: 7_550 });
  });

  const rowsOf = async (metric: Metric, range: MetricRange = WEEKS) =>
    metricRows(metric, await readMetric({ actor: admin, metric, range }));

  test("by week in one metro: every metric, with what it is made of", async () => {
    expect(await rowsOf("bookings")).toEqual([
      ["2025-01-06", "3"],
      ["2025-01-13", "1"],
    ]);
    expect(await rowsOf("hours")).toEqual([
      ["2025-01-06", "9.0"],
      ["2025-01-13", "5.0"],
    ]);
    expect(await rowsOf("revenue")).toEqual([
      ["2025-01-06", "120.00"],
      ["2025-01-13", "75.50"],
    ]);
    expect(await rowsOf("fillRate")).toEqual([
      ["2025-01-06", "66.7", "2", "3"],
      ["2025-01-13", "100.0", "1", "1"],
    ]);
    expect(await rowsOf("timeToMatch")).toEqual([
      ["2025-01-06", "14.0", "2"],
      ["2025-01-13", "2.0", "1"],
    ]);
    // Two approved caregivers, Monday to Friday 8:00-18:00: 100 hours a week.
    expect(await rowsOf("utilisation")).toEqual([
      ["2025-01-06", "9.0", "9", "100"],
      ["2025-01-13", "5.0", "5", "100"],
    ]);
    expect(await rowsOf("retention")).toEqual([
      ["2025-01-06", "50.0", "1", "2"],
      ["2025-01-13", "0.0", "0", "1"],
    ]);
    expect(await rowsOf("lateRate")).toEqual([
      ["2025-01-06", "50.0", "2", "4"],
      ["2025-01-13", "0.0", "0", "1"],
    ]);
    expect(await rowsOf("missedRate")).toEqual([
      ["2025-01-06", "25.0", "1", "4"],
      ["2025-01-13", "0.0", "0", "1"],
    ]);
  });

  test("every metro, by month, and periods with nothing", async () => {
    const all = { ...WEEKS, metro: "" };
    expect((await rowsOf("bookings", all))[0]).toEqual(["2025-01-06", "4"]);
    expect((await rowsOf("fillRate", all))[0]).toEqual(["2025-01-06", "75.0", "3", "4"]);
    expect((await rowsOf("timeToMatch", all))[0]).toEqual(["2025-01-06", "4.0", "3"]);
    const month = { ...WEEKS, period: "month" as const, from: "2025-01-01", to: "2025-02-28" };
    expect(await rowsOf("bookings", month)).toEqual([
      ["2025-01-01", "4"],
      ["2025-02-01", "0"],
    ]);
    expect(await rowsOf("revenue", month)).toEqual([
      ["2025-01-01", "195.50"],
      ["2025-02-01", "0.00"],
    ]);
    expect(await rowsOf("timeToMatch", month)).toEqual([
      ["2025-01-01", "4.0", "3"],
      ["2025-02-01", "", "0"],
    ]);
    // Utilisation over the days of the month inside the range: January's 31 days, February's 28.
    expect(await rowsOf("utilisation", month)).toEqual([
      ["2025-01-01", "3.2", "14", "443"],
      ["2025-02-01", "0.0", "0", "400"],
    ]);
  });

  test("retention is blank until the next period is over", async () => {
    const rows = await rowsOf("retention", { ...WEEKS, now: at("2025-01-20", 12) });
    expect(rows).toEqual([
      ["2025-01-06", "50.0", "1", "2"],
      ["2025-01-13", "", "0", "1"],
    ]);
  });

  test("the CSV export's rows are the table's rows", async () => {
    const cookie = await signInCookie(admin.email, PASSWORD);
    for (const metric of ["bookings", "fillRate", "timeToMatch"] as const) {
      const path = `/admin/analytics/export.csv?metric=${metric}&period=week&from=2025-01-06&to=2025-01-19&metro=${encodeURIComponent(METRO)}`;
      const response = (await exportLoader({
        request: appRequest(path, { cookie }),
        params: {},
        context: undefined,
      } as never)) as Response;
      expect(response.headers.get("content-type")).toMatch(/text\/csv/);
      const records = (await response.text())
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\r\n")
        .map((line) => line.split(","));
      expect(records.slice(1)).toEqual(await rowsOf(metric));
      expect(records[0]![0]).toBe("Period starting");
    }
  });
});
