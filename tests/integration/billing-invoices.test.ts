import { and, asc, eq, sql } from "drizzle-orm";
import { PDFParse } from "pdf-parse";
import { beforeAll, describe, expect, test } from "vitest";
import {
  accountCredits,
  caregiverEarnings,
  careRequests,
  familyMembers,
  invoiceLines,
  invoices,
  jobs,
  notifications,
  orders,
  promoCodes,
  userProfiles,
  visits,
} from "~/platform/db/schema";
import { createClient, createUser } from "~/platform/db/seed/factories.server";
import { INVOICE_DUE_DAYS } from "~/features/billing/billing-rules";
import { creditBalanceCents } from "~/features/billing/credits.server";
import { getFamilyInvoice, invoiceForReader, listFamilyInvoices } from "~/features/billing/family-billing.server";
import { renderInvoicePdf } from "~/features/billing/invoice-pdf.server";
import { weekOverAt } from "~/features/billing/invoice-math";
import { issueInvoices } from "~/features/billing/issue-invoices.server";
import { editVisitTimes } from "~/features/evv/edit-visit-times.server";
import { deliverNotificationHandler } from "~/features/notifications/notifications.job";
import { chooseCaregiver, respondToOffer } from "~/features/orders/offers.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { formatMoney } from "~/utils/money";
import { AppError } from "~/utils/app-error";
import { formatInZone, zonedInstant } from "~/utils/datetime";
import { getEnv, setEnvForTesting } from "~/utils/env.server";
import { useAuthTestSetup } from "./auth-env";
import { caregiverNear, careRequestInput, clientActor } from "./care-loop-helpers";
import { bookedVisit, hoursAgo, setVisit } from "./evv-helpers";

// Invoices from completed visits (docs/product-rules.md, "Billing and pay"; docs/decisions/0022-billing.md):
// issued on completion (one-time) or per week once over (recurring), each with its lines, credit used
// and earnings, never billing a visit twice; the family reads only their own.

const setup = useAuthTestSetup();
const ZONE = "America/Chicago";

let admin: { id: string; roles: "admin"[] };

beforeAll(async () => {
  admin = { ...(await createUser(setup.db, { roles: ["admin"] })), roles: ["admin"] };
});

async function complete(visitId: string, startsAt: Date, hours = 4) {
  await setVisit(
    setup.db,
    visitId,
    startsAt,
    {
      status: "completed",
      checkedInAt: startsAt,
      checkedOutAt: new Date(startsAt.getTime() + hours * 3_600_000),
    },
    hours,
  );
}

async function invoicesOf(orderId: string) {
  return setup.db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.invoiceNumber));
}

async function linesOf(invoiceId: string) {
  return setup.db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .orderBy(asc(invoiceLines.position));
}

async function quoteOf(orderId: string) {
  const [row] = await setup.db.select({ quote: orders.quote }).from(orders).where(eq(orders.id, orderId));
  return row!.quote as { subtotalCents: number; totalCents: number; caregiverPayCents: number };
}

/** A confirmed recurring order (Mondays and Wednesdays 09:00-13:00 in Chicago), optionally with a promo code. */
async function bookRecurring(promoCode = "") {
  const client = await clientActor(setup.db);
  const caregiver = await caregiverNear(setup.db, { lastName: "Weekly" });
  const { orderId } = await submitCareRequest({ actor: client, request: careRequestInput({ promoCode }) });
  await chooseCaregiver({ actor: client, orderId, caregiverId: caregiver.id });
  await respondToOffer({ actor: { id: caregiver.id, roles: ["caregiver"] }, orderId, accept: true });
  const booked = await setup.db.select().from(visits).where(eq(visits.orderId, orderId)).orderBy(asc(visits.startsAt));
  return { client, caregiver, orderId, visits: booked };
}

async function completeAsBooked(visit: typeof visits.$inferSelect) {
  await setup.db
    .update(visits)
    .set({ status: "completed", checkedInAt: visit.startsAt, checkedOutAt: visit.endsAt })
    .where(eq(visits.id, visit.id));
}

/** 09:00 in Chicago on a Tuesday `weeksAgo` weeks back: a weekday daytime visit, priced as booked. */
function pastTuesday(weeksAgo: number): Date {
  const today = formatInZone(new Date(), ZONE, "yyyy-MM-dd");
  const noon = new Date(`${today}T12:00:00Z`);
  const back = ((noon.getUTCDay() - 2 + 7) % 7) + 7 * weeksAgo;
  const day = new Date(noon.getTime() - back * 86_400_000).toISOString().slice(0, 10);
  return zonedInstant(day, "09:00", ZONE);
}

const local = (date: Date) => formatInZone(date, ZONE, "yyyy-MM-dd'T'HH:mm");

const weekStartOf = (visit: typeof visits.$inferSelect) => formatInZone(visit.startsAt, ZONE, "yyyy-MM-dd");

describe("one-time care", () => {
  test("a completed visit is invoiced at once: the quote's total, its lines, the earnings and the family's notification", async () => {
    const care = await bookedVisit(setup.db);
    const startsAt = pastTuesday(2);
    await complete(care.visitId, startsAt);
    const now = new Date();
    const issued = await issueInvoices({ orderId: care.orderId, now });
    expect(issued).toHaveLength(1);

    const [invoice] = await invoicesOf(care.orderId);
    const quote = await quoteOf(care.orderId);
    expect(invoice).toMatchObject({
      clientId: care.client.id,
      status: "due",
      subtotalCents: quote.subtotalCents,
      totalCents: quote.totalCents,
      creditCents: 0,
    });
    expect(invoice!.invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);
    expect(invoice!.dueAt.getTime() - invoice!.issuedAt.getTime()).toBe(INVOICE_DUE_DAYS * 86_400_000);
    expect(invoice!.periodStart).toBe(formatInZone(startsAt, ZONE, "yyyy-MM-dd"));
    const lines = await linesOf(invoice!.id);
    expect(lines.map((line) => line.kind)).toEqual(["visit", "platform_fee"]);
    expect(lines[0]).toMatchObject({ visitId: care.visitId, amountCents: quote.subtotalCents });

    const [earning] = await setup.db
      .select()
      .from(caregiverEarnings)
      .where(eq(caregiverEarnings.visitId, care.visitId));
    expect(earning).toMatchObject({
      caregiverId: care.caregiver.id,
      orderId: care.orderId,
      minutes: 240,
      amountCents: quote.caregiverPayCents,
      status: "pending",
      workedOn: formatInZone(startsAt, ZONE, "yyyy-MM-dd"),
    });
    expect(earning!.workedAt.getTime()).toBe(startsAt.getTime() + 4 * 3_600_000);
    expect(earning!.payRateCents).toBe(Math.round(quote.caregiverPayCents / 4));

    // The notification, written in the family's language when the job runs.
    await setup.db.update(userProfiles).set({ locale: "es" }).where(eq(userProfiles.id, care.client.id));
    const [queued] = await setup.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, "notifications.deliver"), sql`${jobs.payload}->>'userId' = ${care.client.id}`))
      .orderBy(sql`${jobs.id} desc`)
      .limit(1);
    expect(queued!.payload).toMatchObject({ type: "payment", params: { invoiceNumber: invoice!.invoiceNumber } });
    await deliverNotificationHandler.run(deliverNotificationHandler.payload.parse(queued!.payload), {
      jobId: queued!.id,
      queuedAt: queued!.createdAt,
      key: null,
      attempt: 1,
    });
    const [stored] = await setup.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, care.client.id), eq(notifications.type, "payment")));
    expect(stored!.title).toBe(`La factura ${invoice!.invoiceNumber} está lista`);
    expect(stored!.actionUrl).toBe(`/dashboard/billing/${invoice!.invoiceNumber}`);

    // No card charge is queued without Stripe.
    const charges = await setup.db.select().from(jobs).where(eq(jobs.name, "payments.charge-invoice"));
    expect(charges.filter((job) => job.payload.invoiceId === invoice!.id)).toHaveLength(0);

    // A second run finds nothing to bill.
    expect(await issueInvoices({ orderId: care.orderId })).toHaveLength(0);
  });

  test("with Stripe configured, an invoice with something to pay queues its card charge", async () => {
    const before = getEnv();
    setEnvForTesting({ ...before, STRIPE_SECRET_KEY: "sk_test_billing" });
    try {
      const care = await bookedVisit(setup.db);
      await complete(care.visitId, pastTuesday(3));
      const [issued] = await issueInvoices({ orderId: care.orderId });
      const [charge] = await setup.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.name, "payments.charge-invoice"), eq(jobs.key, `charge-${issued!.invoiceId}-0`)));
      expect(charge!.payload).toEqual({ invoiceId: issued!.invoiceId });
    } finally {
      setEnvForTesting(before);
    }
  });

  test("a visit not completed is not invoiced", async () => {
    const care = await bookedVisit(setup.db);
    await setVisit(setup.db, care.visitId, hoursAgo(30), { status: "checked_in", checkedInAt: hoursAgo(30) });
    expect(await issueInvoices({ orderId: care.orderId })).toHaveLength(0);
  });

  test("the family's credit pays what it can; a ledger row records what was used", async () => {
    const care = await bookedVisit(setup.db);
    await setup.db.insert(accountCredits).values({
      clientId: care.client.id,
      amountCents: 2500,
      source: "admin",
      reason: "Goodwill",
      createdBy: admin.id,
    });
    await complete(care.visitId, pastTuesday(4));
    await issueInvoices({ orderId: care.orderId });
    const [invoice] = await invoicesOf(care.orderId);
    const quote = await quoteOf(care.orderId);
    expect(invoice).toMatchObject({ creditCents: 2500, totalCents: quote.totalCents - 2500, status: "due" });
    expect((await linesOf(invoice!.id)).at(-1)).toMatchObject({ kind: "credit", amountCents: -2500 });
    const used = await setup.db
      .select()
      .from(accountCredits)
      .where(and(eq(accountCredits.clientId, care.client.id), eq(accountCredits.source, "invoice")));
    expect(used).toMatchObject([{ amountCents: -2500, invoiceId: invoice!.id }]);
    expect(await creditBalanceCents(setup.db, care.client.id)).toBe(0);
  });

  test("credit covering the whole invoice leaves nothing to pay: it is paid at once", async () => {
    const care = await bookedVisit(setup.db);
    await setup.db
      .insert(accountCredits)
      .values({ clientId: care.client.id, amountCents: 500_000, source: "admin", reason: "Big", createdBy: admin.id });
    await complete(care.visitId, pastTuesday(5));
    await issueInvoices({ orderId: care.orderId });
    const [invoice] = await invoicesOf(care.orderId);
    expect(invoice).toMatchObject({ totalCents: 0, status: "paid" });
    expect(invoice!.paidAt).not.toBeNull();
    expect(await creditBalanceCents(setup.db, care.client.id)).toBe(500_000 - invoice!.creditCents);
  });

  test("times an admin corrected are billed; the correction that completes a visit queues its invoicing", async () => {
    const care = await bookedVisit(setup.db);
    const startsAt = pastTuesday(6);
    await setVisit(setup.db, care.visitId, startsAt, { status: "checked_in", checkedInAt: startsAt });
    await editVisitTimes({
      actor: admin,
      visitId: care.visitId,
      checkedInAt: local(startsAt),
      checkedOutAt: local(new Date(startsAt.getTime() + 6 * 3_600_000)),
      reason: "Stayed two more hours, agreed with the family",
    });
    const [queued] = await setup.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `billing-issue-invoices:${care.orderId}`));
    expect(queued).toMatchObject({ name: "billing.issue-invoices", payload: { orderId: care.orderId } });

    await issueInvoices({ orderId: care.orderId });
    const [invoice] = await invoicesOf(care.orderId);
    const [line] = await linesOf(invoice!.id);
    expect(line!.figures).toMatchObject({ billedMinutes: 360, isTimesEdited: true });
    expect(invoice!.subtotalCents).toBe(Math.round((360 * (line!.figures.rateCents as number)) / 60));
    const [earning] = await setup.db
      .select()
      .from(caregiverEarnings)
      .where(eq(caregiverEarnings.visitId, care.visitId));
    expect(earning!.minutes).toBe(360);
  });

  test("two runs at once bill a visit once", async () => {
    const care = await bookedVisit(setup.db);
    await complete(care.visitId, pastTuesday(7));
    const results = await Promise.all([issueInvoices({ orderId: care.orderId }), issueInvoices()]);
    expect(results.flat().filter((invoice) => invoice.orderId === care.orderId)).toHaveLength(1);
    expect(await invoicesOf(care.orderId)).toHaveLength(1);
    const earnings = await setup.db.select().from(caregiverEarnings).where(eq(caregiverEarnings.visitId, care.visitId));
    expect(earnings).toHaveLength(1);
  });
});

describe("recurring care", () => {
  test("one invoice per week once it is over; a visit completed after its week goes on an invoice of its own", async () => {
    const care = await bookRecurring();
    const [monday, wednesday, nextMonday] = care.visits;
    const week = weekStartOf(monday!);
    await completeAsBooked(monday!);
    // During the week: nothing yet.
    expect(await issueInvoices({ orderId: care.orderId, now: wednesday!.startsAt })).toHaveLength(0);
    await completeAsBooked(wednesday!);
    await completeAsBooked(nextMonday!);
    const afterWeek = new Date(weekOverAt(week, ZONE).getTime() + 60_000);
    const first = await issueInvoices({ orderId: care.orderId, now: afterWeek });
    expect(first).toHaveLength(1);
    expect(first[0]!.visitIds.toSorted()).toEqual([monday!.id, wednesday!.id].toSorted());
    const [invoice] = await invoicesOf(care.orderId);
    expect(invoice).toMatchObject({ periodStart: week });
    const quote = (await quoteOf(care.orderId)) as unknown as { laterWeeksTotalCents: number };
    expect(invoice!.totalCents).toBe(quote.laterWeeksTotalCents);

    // The second week, once over: its two visits, none of the first week's again.
    const [, , , secondWednesday] = care.visits;
    await completeAsBooked(secondWednesday!);
    const afterSecondWeek = new Date(weekOverAt(weekStartOf(nextMonday!), ZONE).getTime() + 60_000);
    const second = await issueInvoices({ orderId: care.orderId, now: afterSecondWeek });
    expect(second).toHaveLength(1);
    expect(second[0]!.visitIds).toHaveLength(2);
    const lines = await setup.db.select({ visitId: invoiceLines.visitId }).from(invoiceLines);
    const billed = lines.map((line) => line.visitId).filter((id) => id && care.visits.some((v) => v.id === id));
    expect(new Set(billed).size).toBe(billed.length);
  });

  test("a visit of a week already invoiced, completed later, gets an invoice of its own", async () => {
    const care = await bookRecurring();
    const [monday, wednesday] = care.visits;
    await completeAsBooked(monday!);
    const afterWeek = new Date(weekOverAt(weekStartOf(monday!), ZONE).getTime() + 60_000);
    await issueInvoices({ orderId: care.orderId, now: afterWeek });
    await completeAsBooked(wednesday!);
    const late = await issueInvoices({ orderId: care.orderId, now: new Date(afterWeek.getTime() + 3_600_000) });
    expect(late).toHaveLength(1);
    expect(late[0]!.visitIds).toEqual([wednesday!.id]);
    expect(await invoicesOf(care.orderId)).toHaveLength(2);
  });

  test("a fixed promo comes off the order's first invoice only; a percentage off every one", async () => {
    await setup.db.insert(promoCodes).values([
      { code: "BILLFIXED", kind: "fixed", amount: 2000 },
      { code: "BILLPCT", kind: "percent", amount: 10 },
    ]);
    for (const [code, expectFirst, expectSecond] of [
      ["BILLFIXED", 2000, 0],
      ["BILLPCT", "percent", "percent"],
    ] as const) {
      const care = await bookRecurring(code);
      const [monday, , nextMonday] = care.visits;
      await completeAsBooked(monday!);
      await completeAsBooked(nextMonday!);
      await issueInvoices({ orderId: care.orderId, now: weekOverAt(weekStartOf(nextMonday!), ZONE) });
      const [first, second] = await invoicesOf(care.orderId);
      expect(first!.periodStart < second!.periodStart).toBe(true);
      const percentOf = (invoice: typeof first) => Math.round((invoice!.subtotalCents * 10) / 100);
      expect(first!.discountCents).toBe(expectFirst === "percent" ? percentOf(first) : expectFirst);
      expect(second!.discountCents).toBe(expectSecond === "percent" ? percentOf(second) : expectSecond);
    }
  });
});

describe("the family's billing pages' reads", () => {
  test("a manage member of the family circle lists and reads the holder's invoices and pays them without the card", async () => {
    const care = await bookedVisit(setup.db);
    await complete(care.visitId, pastTuesday(9));
    const [issued] = await issueInvoices({ orderId: care.orderId });
    const [order] = await setup.db
      .select({ recipientId: careRequests.careRecipientId })
      .from(orders)
      .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
      .where(eq(orders.id, care.orderId));
    const [daughter, son] = await Promise.all([clientActor(setup.db), clientActor(setup.db)]);
    await setup.db.insert(familyMembers).values([
      { careRecipientId: order!.recipientId!, userId: daughter.id, role: "manage", addedBy: care.client.id },
      { careRecipientId: order!.recipientId!, userId: son.id, role: "follow", addedBy: care.client.id },
    ]);
    const [holder] = await setup.db
      .select({ name: userProfiles.name })
      .from(userProfiles)
      .where(eq(userProfiles.id, care.client.id));

    expect((await listFamilyInvoices({ actor: daughter })).invoices).toMatchObject([
      { invoiceNumber: issued!.invoiceNumber, holderName: holder!.name },
    ]);
    expect((await listFamilyInvoices({ actor: care.client })).invoices[0]!.holderName).toBeNull();
    // Follow members do not see the family's money.
    expect((await listFamilyInvoices({ actor: son })).invoices).toHaveLength(0);
    await expect(getFamilyInvoice({ actor: son, invoiceNumber: issued!.invoiceNumber })).rejects.toMatchObject({
      code: "not_found",
    });

    // With card payments on and no instructions saved, the holder pays by card; the member is sent to support.
    const before = getEnv();
    setEnvForTesting({ ...before, STRIPE_SECRET_KEY: "sk_test_member", STRIPE_PUBLISHABLE_KEY: "pk_test_member" });
    try {
      const forMember = await getFamilyInvoice({ actor: daughter, invoiceNumber: issued!.invoiceNumber });
      expect(forMember).toMatchObject({ clientId: care.client.id, holderName: holder!.name });
      expect(forMember.howToPay.kind).toBe("ask-support");
      const forHolder = await getFamilyInvoice({ actor: care.client, invoiceNumber: issued!.invoiceNumber });
      expect(forHolder.howToPay.kind).toBe("card-only");
    } finally {
      setEnvForTesting(before);
    }

    // Once removed from the circle, the invoice is not theirs to read.
    await setup.db.delete(familyMembers).where(eq(familyMembers.userId, daughter.id));
    expect((await listFamilyInvoices({ actor: daughter })).invoices).toHaveLength(0);
    await expect(getFamilyInvoice({ actor: daughter, invoiceNumber: issued!.invoiceNumber })).rejects.toMatchObject({
      code: "not_found",
    });
  });

  test("the family lists and reads their invoice; another family and a made-up number get not found", async () => {
    const care = await bookedVisit(setup.db);
    await complete(care.visitId, pastTuesday(8));
    const [issued] = await issueInvoices({ orderId: care.orderId });
    const list = await listFamilyInvoices({ actor: care.client });
    expect(list.invoices).toMatchObject([{ invoiceNumber: issued!.invoiceNumber, status: "due" }]);
    const view = await getFamilyInvoice({ actor: care.client, invoiceNumber: issued!.invoiceNumber });
    expect(view.totalCents).toBe(issued!.totalCents);
    expect(view.lines[0]).toMatchObject({ kind: "visit", caregiverName: expect.stringMatching(/^Elena /) });

    const other = { ...(await createClient(setup.db)), roles: ["client" as const] };
    await expect(getFamilyInvoice({ actor: other, invoiceNumber: issued!.invoiceNumber })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(getFamilyInvoice({ actor: care.client, invoiceNumber: "INV-2026-999999" })).rejects.toBeInstanceOf(
      AppError,
    );
    expect((await listFamilyInvoices({ actor: other })).invoices).toHaveLength(0);
    // An admin reads any invoice through the same module; a caregiver is refused.
    expect((await invoiceForReader({ actor: admin, invoiceNumber: issued!.invoiceNumber })).clientId).toBe(
      care.client.id,
    );
    await expect(
      getFamilyInvoice({
        actor: { id: care.caregiver.id, roles: ["caregiver"] },
        invoiceNumber: issued!.invoiceNumber,
      }),
    ).rejects.toMatchObject({ code: "forbidden" });

    // Past its due date it reads overdue.
    const later = new Date(Date.now() + 30 * 86_400_000);
    expect((await listFamilyInvoices({ actor: care.client, now: later })).invoices[0]!.status).toBe("overdue");

    for (const [locale, heading] of [
      ["en", "Invoice"],
      ["es", "Factura"],
    ] as const) {
      const pdf = await renderInvoicePdf({ invoice: view, locale, clientName: "Nora Test" });
      expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
      const parser = new PDFParse({ data: new Uint8Array(pdf) });
      const { text } = await parser.getText();
      await parser.destroy();
      expect(text).toContain(`${heading} ${issued!.invoiceNumber}`);
      expect(text).toContain(formatMoney(issued!.totalCents, "en"));
      expect(text).toContain("Nora Test");
    }
  });
});
