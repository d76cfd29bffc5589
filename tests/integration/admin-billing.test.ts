import { and, asc, eq, sql } from "drizzle-orm";
import { Stripe } from "stripe";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { accountCredits, auditEvents, invoiceLines, invoices, payments, visits } from "~/platform/db/schema";
import { createUser } from "~/platform/db/seed/factories.server";
import { getAdminInvoice, listAdminInvoices, recentCredits } from "~/features/billing/admin-billing.server";
import { ADMIN_BILLING_MESSAGES } from "~/features/billing/admin-billing-rules";
import { LATE_CANCELLATION_CREDIT_CENTS, MONEY_REASON_MAX } from "~/features/billing/billing-rules";
import { creditBalanceCents, giveCredit, LATE_CANCELLATION_CREDIT_REASON } from "~/features/billing/credits.server";
import { recordPayment, VOIDED_INVOICE_CREDIT_REASON, voidInvoice } from "~/features/billing/record-payment.server";
import { refundInvoice } from "~/features/billing/refunds.server";
import { cancelVisit } from "~/features/visits/cancel-visit.server";
import { messageText } from "~/i18n/i18n.server";
import { startFakeStripe, type FakeStripe } from "../support/fake-stripe";
import { useAuthTestSetup } from "./auth-env";
import { bookedVisit } from "./evv-helpers";
import { notificationsOf, setLocale } from "./notifications-helpers";

// Admin billing (docs/product-rules.md, "Billing and pay"): recording payments received (full,
// partial, never more than owed, not even two at once), refunds (recorded, and to the card through
// the real Stripe SDK against the local stand-in), credits by hand and for a caregiver's late
// cancellation (once per visit), voiding, the audit rows and the family's notifications. Invoices
// are inserted directly, on real orders booked through the care loop.

const setup = useAuthTestSetup();
let admin: { id: string; roles: "admin"[] };
let fake: FakeStripe;
let stripe: Stripe;

beforeAll(async () => {
  admin = { ...(await createUser(setup.db, { roles: ["admin"] })), roles: ["admin"] };
  fake = await startFakeStripe();
  const address = new URL(fake.url);
  stripe = new Stripe(fake.secretKey, {
    host: address.hostname,
    port: Number(address.port),
    protocol: "http",
    maxNetworkRetries: 0,
  });
});

afterAll(async () => {
  await fake?.close();
});

/** A due invoice of `totalCents` for a freshly booked order (one visit line), as issuing would leave it. */
async function dueInvoice(totalCents = 20_000, options: { creditCents?: number; dueAt?: Date } = {}) {
  const booked = await bookedVisit(setup.db);
  const creditCents = options.creditCents ?? 0;
  const [invoice] = await setup.db
    .insert(invoices)
    .values({
      orderId: booked.orderId,
      clientId: booked.client.id,
      periodStart: "2026-12-07",
      periodEnd: "2026-12-07",
      subtotalCents: totalCents + creditCents,
      creditCents,
      totalCents,
      dueAt: options.dueAt ?? new Date(Date.now() + 14 * 86_400_000),
    })
    .returning();
  await setup.db.insert(invoiceLines).values([
    {
      invoiceId: invoice!.id,
      position: 1,
      kind: "visit",
      visitId: booked.visitId,
      amountCents: totalCents + creditCents,
    },
    ...(creditCents
      ? [{ invoiceId: invoice!.id, position: 2, kind: "credit" as const, amountCents: -creditCents }]
      : []),
  ]);
  return { ...booked, invoice: invoice! };
}

async function invoiceRow(id: string) {
  const [row] = await setup.db.select().from(invoices).where(eq(invoices.id, id));
  return row!;
}

async function auditOf(invoiceNumber: string) {
  const rows = await setup.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.category, "billing"))
    .orderBy(asc(auditEvents.id));
  return rows.filter((row) => row.metadata.invoiceNumber === invoiceNumber);
}

/** The admin refunds part of the invoice (refundInvoice, the admin as actor). */
function adminRefund(
  invoiceNumber: string,
  refund: Omit<Parameters<typeof refundInvoice>[0], "actor" | "invoiceNumber">,
) {
  return refundInvoice({ actor: admin, invoiceNumber, ...refund });
}

async function refundRows(invoiceId: string) {
  return setup.db
    .select()
    .from(payments)
    .where(and(eq(payments.invoiceId, invoiceId), eq(payments.kind, "refund")));
}

/** What a card charge leaves (features/payments): the invoice paid in full by the PaymentIntent `intentId`. */
async function paidByCard(invoice: { id: string; totalCents: number }, intentId: string) {
  await setup.db.insert(payments).values({
    invoiceId: invoice.id,
    kind: "payment",
    method: "card",
    amountCents: invoice.totalCents,
    stripeId: intentId,
  });
  await setup.db
    .update(invoices)
    .set({ status: "paid", amountPaidCents: invoice.totalCents, paidAt: new Date(), stripePaymentIntentId: intentId })
    .where(eq(invoices.id, invoice.id));
}

describe("recording a payment received", () => {
  test("a partial payment keeps the invoice due; the rest pays it, with paid_at", async () => {
    const { invoice, client } = await dueInvoice(20_000);
    const first = await recordPayment({
      actor: admin,
      invoiceNumber: invoice.invoiceNumber,
      amountCents: 7_550,
      method: "check",
      reference: "Check 1042",
    });
    expect(first).toMatchObject({ status: "due", amountPaidCents: 7_550 });
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: "due", amountPaidCents: 7_550, paidAt: null });

    const at = new Date("2026-12-10T15:00:00Z");
    const second = await recordPayment({
      actor: admin,
      invoiceNumber: invoice.invoiceNumber.toLowerCase(),
      amountCents: 12_450,
      method: "bank_transfer",
      now: at,
    });
    expect(second).toMatchObject({ status: "paid", amountPaidCents: 20_000 });
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: "paid", amountPaidCents: 20_000, paidAt: at });

    const rows = await setup.db.select().from(payments).where(eq(payments.invoiceId, invoice.id));
    expect(rows.map((row) => [row.kind, row.method, row.amountCents, row.note, row.recordedBy]).sort()).toEqual(
      [
        ["payment", "bank_transfer", 12_450, null, admin.id],
        ["payment", "check", 7_550, "Check 1042", admin.id],
      ].sort(),
    );
    const audit = await auditOf(invoice.invoiceNumber);
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({
      eventType: "billing_payment_recorded",
      userId: admin.id,
      category: "billing",
      metadata: { amountCents: 7_550, method: "check", reference: "Check 1042", status: "due" },
    });
    expect(audit[1]?.metadata).toMatchObject({ amountCents: 12_450, amountPaidCents: 20_000, status: "paid" });
    // The family hears, in their language.
    const notices = await notificationsOf(client.id);
    expect(notices.map((notice) => [notice.type, notice.title])).toContainEqual([
      "payment",
      `Payment received for ${invoice.invoiceNumber}`,
    ]);
  });

  test("more than is owed is refused, and nothing is written; a paid invoice takes nothing more", async () => {
    const { invoice } = await dueInvoice(10_000);
    await expect(
      recordPayment({ actor: admin, invoiceNumber: invoice.invoiceNumber, amountCents: 10_001, method: "cash" }),
    ).rejects.toThrow(ADMIN_BILLING_MESSAGES.overPayment);
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: "due", amountPaidCents: 0 });
    await recordPayment({ actor: admin, invoiceNumber: invoice.invoiceNumber, amountCents: 10_000, method: "cash" });
    await expect(
      recordPayment({ actor: admin, invoiceNumber: invoice.invoiceNumber, amountCents: 1, method: "cash" }),
    ).rejects.toThrow(ADMIN_BILLING_MESSAGES.notDue);
    expect(await auditOf(invoice.invoiceNumber)).toHaveLength(1);
  });

  test("two admins recording at once cannot pay more than the total between them", async () => {
    const { invoice } = await dueInvoice(10_000);
    // Four connections open and idle first, so that the three transactions really run side by side.
    await Promise.all([1, 2, 3, 4].map(() => setup.db.execute(sql`select pg_sleep(0.05)`)));
    const attempts = await Promise.allSettled(
      [6_000, 6_000, 6_000].map((amountCents) =>
        recordPayment({ actor: admin, invoiceNumber: invoice.invoiceNumber, amountCents, method: "other" }),
      ),
    );
    expect(attempts.filter((attempt) => attempt.status === "fulfilled")).toHaveLength(1);
    const refused = attempts.filter((attempt) => attempt.status === "rejected");
    expect(refused.map((attempt) => (attempt as PromiseRejectedResult).reason.message)).toEqual([
      ADMIN_BILLING_MESSAGES.overPayment,
      ADMIN_BILLING_MESSAGES.overPayment,
    ]);
    expect(await invoiceRow(invoice.id)).toMatchObject({ amountPaidCents: 6_000, status: "due" });
  });

  test("the same form sent twice records one payment", async () => {
    const { invoice } = await dueInvoice(10_000);
    const idempotencyKey = crypto.randomUUID();
    const send = () =>
      recordPayment({
        actor: admin,
        invoiceNumber: invoice.invoiceNumber,
        amountCents: 2_000,
        method: "cash",
        idempotencyKey,
      });
    const [one, two] = await Promise.all([send(), send()]);
    expect(two.paymentId).toBe(one.paymentId);
    expect(await invoiceRow(invoice.id)).toMatchObject({ amountPaidCents: 2_000 });
  });

  test("non-admins are refused", async () => {
    const { invoice, client, caregiver } = await dueInvoice(10_000);
    const asClient = { id: client.id, roles: ["client" as const] };
    await expect(
      recordPayment({ actor: asClient, invoiceNumber: invoice.invoiceNumber, amountCents: 100, method: "cash" }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      refundInvoice({
        actor: { id: caregiver.id, roles: ["caregiver"] },
        invoiceNumber: invoice.invoiceNumber,
        amountCents: 100,
        method: "cash",
        reason: "x",
      }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      giveCredit({ actor: asClient, clientId: client.id, amountCents: 100, reason: "free money" }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      voidInvoice({ actor: asClient, invoiceNumber: invoice.invoiceNumber, reason: "x" }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(listAdminInvoices({ actor: asClient })).rejects.toMatchObject({ code: "forbidden" });
    await expect(getAdminInvoice({ actor: asClient, invoiceNumber: invoice.invoiceNumber })).rejects.toMatchObject({
      code: "forbidden",
    });
    expect(await invoiceRow(invoice.id)).toMatchObject({ amountPaidCents: 0 });
    expect(await creditBalanceCents(setup.db, client.id)).toBe(0);
  });
});

describe("refunds", () => {
  test("a recorded refund, up to paid less refunded, with a reason; over that is refused", async () => {
    const { invoice, client } = await dueInvoice(10_000);
    await setLocale(client.id, "es");
    await recordPayment({ actor: admin, invoiceNumber: invoice.invoiceNumber, amountCents: 10_000, method: "check" });
    await expect(
      adminRefund(invoice.invoiceNumber, { amountCents: 1_000, method: "check", reason: "  " }),
    ).rejects.toThrow(ADMIN_BILLING_MESSAGES.reasonRequired);
    await expect(
      adminRefund(invoice.invoiceNumber, {
        amountCents: 1_000,
        method: "check",
        reason: "x".repeat(MONEY_REASON_MAX + 1),
      }),
    ).rejects.toThrow(ADMIN_BILLING_MESSAGES.reasonTooLong);
    const refund = await adminRefund(invoice.invoiceNumber, {
      amountCents: 4_000,
      method: "check",
      reason: "Visit cut short",
    });
    expect(refund).toMatchObject({ amountRefundedCents: 4_000, stripeRefundId: null });
    await expect(
      adminRefund(invoice.invoiceNumber, { amountCents: 6_001, method: "cash", reason: "More" }),
    ).rejects.toThrow(ADMIN_BILLING_MESSAGES.overRefund);
    // The card was never used here.
    await expect(
      adminRefund(invoice.invoiceNumber, { amountCents: 100, method: "card", reason: "More", stripe }),
    ).rejects.toThrow(ADMIN_BILLING_MESSAGES.noCardPayment);
    expect(await invoiceRow(invoice.id)).toMatchObject({
      status: "paid",
      amountPaidCents: 10_000,
      amountRefundedCents: 4_000,
    });
    const [row] = await refundRows(invoice.id);
    expect(row).toMatchObject({ method: "check", amountCents: 4_000, note: "Visit cut short", recordedBy: admin.id });
    const audit = (await auditOf(invoice.invoiceNumber)).filter((event) => event.eventType === "billing_refund_issued");
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      severity: "medium",
      metadata: { amountCents: 4_000, method: "check", reason: "Visit cut short", amountRefundedCents: 4_000 },
    });
    // In Spanish: the family's language.
    const notices = await notificationsOf(client.id);
    expect(notices.map((notice) => notice.title)).toContain(`Reembolso de $40.00 en ${invoice.invoiceNumber}`);
  });

  test("a card payment is refunded through Stripe, once, even when the same form is sent twice", async () => {
    const { invoice, client } = await dueInvoice(15_000);
    const customer = await stripe.customers.create({ email: "family@example.test" });
    const intent = await stripe.paymentIntents.create({
      amount: 15_000,
      currency: "usd",
      customer: customer.id,
      payment_method: "pm_card_visa",
      confirm: true,
      off_session: true,
    });
    expect(intent.status).toBe("succeeded");
    await paidByCard(invoice, intent.id);

    const idempotencyKey = crypto.randomUUID();
    const send = () =>
      adminRefund(invoice.invoiceNumber, {
        amountCents: 5_000,
        method: "card",
        reason: "Caregiver left early",
        idempotencyKey,
        stripe,
      });
    const [one, two] = await Promise.all([send(), send()]);
    expect(two.refundId).toBe(one.refundId);
    expect(one.stripeRefundId).toMatch(/^re_/);
    const refundCalls = fake.requests.filter((call) => call.path === "/v1/refunds");
    expect(refundCalls).toHaveLength(1);
    expect(refundCalls[0]).toMatchObject({
      method: "POST",
      body: { payment_intent: intent.id, amount: "5000" },
      idempotencyKey: `tendly-refund-${idempotencyKey}`,
    });
    expect(await invoiceRow(invoice.id)).toMatchObject({ amountRefundedCents: 5_000, status: "paid" });
    const [row] = await refundRows(invoice.id);
    expect(row).toMatchObject({ method: "card", amountCents: 5_000, stripeId: one.stripeRefundId });

    // The card holds 10,000 more; Stripe refuses past it, and we refuse first.
    await expect(
      adminRefund(invoice.invoiceNumber, { amountCents: 10_001, method: "card", reason: "Too much", stripe }),
    ).rejects.toThrow(ADMIN_BILLING_MESSAGES.overRefund);
    // Without Stripe set up, no card refund.
    await expect(
      adminRefund(invoice.invoiceNumber, { amountCents: 100, method: "card", reason: "x", stripe: null }),
    ).rejects.toThrow(ADMIN_BILLING_MESSAGES.cardUnavailable);
    const audit = (await auditOf(invoice.invoiceNumber)).filter((event) => event.eventType === "billing_refund_issued");
    expect(audit.map((event) => event.metadata)).toEqual([
      expect.objectContaining({ amountCents: 5_000, method: "card", stripeRefundId: one.stripeRefundId }),
    ]);
    const notices = await notificationsOf(client.id);
    expect(notices.map((notice) => notice.title)).toContain(`Refund of $50.00 on ${invoice.invoiceNumber}`);
  });

  test("Stripe refusing the refund changes nothing", async () => {
    const { invoice } = await dueInvoice(10_000);
    // A PaymentIntent Stripe does not know: its refund is refused.
    await paidByCard(invoice, "pi_unknown");
    await expect(
      adminRefund(invoice.invoiceNumber, { amountCents: 1_000, method: "card", reason: "x", stripe }),
    ).rejects.toThrow(ADMIN_BILLING_MESSAGES.cardRefused);
    expect(await invoiceRow(invoice.id)).toMatchObject({ amountRefundedCents: 0 });
    expect(await auditOf(invoice.invoiceNumber)).toHaveLength(0);
  });
});

describe("credits", () => {
  test("an admin gives credit with a reason: a positive 'admin' row, audited, the family told", async () => {
    const { invoice, client } = await dueInvoice(10_000);
    await expect(giveCredit({ actor: admin, clientId: client.id, amountCents: 2_000, reason: "" })).rejects.toThrow(
      ADMIN_BILLING_MESSAGES.reasonRequired,
    );
    const given = await giveCredit({
      actor: admin,
      clientId: client.id,
      amountCents: 2_000,
      reason: "Sorry for the late start",
      invoiceNumber: invoice.invoiceNumber,
    });
    expect(given).toMatchObject({ amountCents: 2_000, balanceCents: 2_000 });
    const rows = await setup.db.select().from(accountCredits).where(eq(accountCredits.clientId, client.id));
    expect(rows).toEqual([
      expect.objectContaining({
        amountCents: 2_000,
        source: "admin",
        reason: "Sorry for the late start",
        createdBy: admin.id,
      }),
    ]);
    expect((await getAdminInvoice({ actor: admin, invoiceNumber: invoice.invoiceNumber })).creditBalanceCents).toBe(
      2_000,
    );
    expect(await auditOf(invoice.invoiceNumber)).toEqual([
      expect.objectContaining({
        eventType: "billing_credit_given",
        metadata: expect.objectContaining({
          amountCents: 2_000,
          clientId: client.id,
          reason: "Sorry for the late start",
        }),
      }),
    ]);
    const notices = await notificationsOf(client.id);
    expect(notices.map((notice) => notice.title)).toContain("Credit of $20.00 added: balance $20.00");
  });

  test("a caregiver's late cancellation credits the family once; an early one does not", async () => {
    const late = await bookedVisit(setup.db);
    const startsAt = await visitStart(late.visitId);
    const result = await cancelVisit({
      actor: { id: late.caregiver.id, roles: ["caregiver"] },
      visitId: late.visitId,
      reason: "My car broke down",
      now: new Date(startsAt.getTime() - 2 * 3_600_000),
    });
    expect(result.isLate).toBe(true);
    // A second cancellation is refused by the visit's rules; the credit's unique index holds regardless.
    await expect(
      cancelVisit({
        actor: { id: late.caregiver.id, roles: ["caregiver"] },
        visitId: late.visitId,
        reason: "again",
        now: new Date(startsAt.getTime() - 3_600_000),
      }),
    ).rejects.toThrow("alerts:refusals.alreadyCancelled");
    const rows = await setup.db.select().from(accountCredits).where(eq(accountCredits.clientId, late.client.id));
    expect(rows).toEqual([
      expect.objectContaining({
        amountCents: LATE_CANCELLATION_CREDIT_CENTS,
        source: "late_cancellation",
        visitId: late.visitId,
      }),
    ]);
    expect(await creditBalanceCents(setup.db, late.client.id)).toBe(LATE_CANCELLATION_CREDIT_CENTS);
    // The stored reason reads in the reader's language.
    expect(rows[0]?.reason).toBe(LATE_CANCELLATION_CREDIT_REASON);
    const [credit] = await recentCredits(late.client.id);
    expect(credit?.reasonKey).toBe("admin-billing:credits.lateCancellationReason");
    expect(messageText("es", { key: credit!.reasonKey! })).toBe("Su cuidador canceló una visita con poca antelación.");
    const notices = await notificationsOf(late.client.id);
    expect(notices.filter((notice) => notice.title.startsWith("Credit for the cancelled visit on "))).toHaveLength(1);

    const early = await bookedVisit(setup.db);
    const earlyStart = await visitStart(early.visitId);
    const earlyResult = await cancelVisit({
      actor: { id: early.caregiver.id, roles: ["caregiver"] },
      visitId: early.visitId,
      reason: "Family event",
      now: new Date(earlyStart.getTime() - 3 * 86_400_000),
    });
    expect(earlyResult.isLate).toBe(false);
    expect(await creditBalanceCents(setup.db, early.client.id)).toBe(0);
  });
});

describe("voiding and reading", () => {
  test("a due invoice with nothing paid is voided with a reason, its credit given back; a paid one cannot be", async () => {
    const { invoice, client } = await dueInvoice(8_000, { creditCents: 2_000 });
    await setup.db.insert(accountCredits).values([
      { clientId: client.id, amountCents: 2_000, source: "admin", reason: "Welcome" },
      { clientId: client.id, amountCents: -2_000, source: "invoice", reason: "Used", invoiceId: invoice.id },
    ]);
    await expect(voidInvoice({ actor: admin, invoiceNumber: invoice.invoiceNumber, reason: "" })).rejects.toThrow(
      ADMIN_BILLING_MESSAGES.reasonRequired,
    );
    const voided = await voidInvoice({ actor: admin, invoiceNumber: invoice.invoiceNumber, reason: "Billed in error" });
    expect(voided.creditReturnedCents).toBe(2_000);
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: "void" });
    expect(await creditBalanceCents(setup.db, client.id)).toBe(2_000);
    // The reason Tendly wrote reads in the reader's language; the admin's stays as they wrote it.
    const credits = await recentCredits(client.id);
    const givenBack = credits.find((row) => row.reason === VOIDED_INVOICE_CREDIT_REASON);
    expect(givenBack?.reasonKey).toBe("admin-billing:credits.voidedInvoice");
    expect(messageText("es", { key: givenBack!.reasonKey! })).toBe("Crédito devuelto de una factura anulada.");
    expect(credits.find((row) => row.reason === "Welcome")?.reasonKey).toBeUndefined();
    await expect(
      recordPayment({ actor: admin, invoiceNumber: invoice.invoiceNumber, amountCents: 100, method: "cash" }),
    ).rejects.toThrow(ADMIN_BILLING_MESSAGES.notDue);
    expect((await auditOf(invoice.invoiceNumber)).map((event) => [event.eventType, event.metadata.reason])).toEqual([
      ["billing_invoice_voided", "Billed in error"],
    ]);

    const paid = await dueInvoice(5_000);
    await recordPayment({ actor: admin, invoiceNumber: paid.invoice.invoiceNumber, amountCents: 100, method: "cash" });
    await expect(voidInvoice({ actor: admin, invoiceNumber: paid.invoice.invoiceNumber, reason: "x" })).rejects.toThrow(
      ADMIN_BILLING_MESSAGES.voidPaid,
    );
  });

  test("the list filters by status (overdue is due and past its date) and searches number, order or email", async () => {
    const overdue = await dueInvoice(3_000, { dueAt: new Date(Date.now() - 86_400_000) });
    const current = await dueInvoice(4_000);
    const byNumber = await listAdminInvoices({ actor: admin, filters: { search: overdue.invoice.invoiceNumber } });
    expect(byNumber.invoices.map((row) => [row.invoiceNumber, row.status, row.owedCents, row.timeZone])).toEqual([
      [overdue.invoice.invoiceNumber, "overdue", 3_000, "America/Chicago"],
    ]);
    const byOrder = await listAdminInvoices({ actor: admin, filters: { search: current.orderNumber } });
    expect(byOrder.invoices.map((row) => row.invoiceNumber)).toEqual([current.invoice.invoiceNumber]);
    const byEmail = await listAdminInvoices({ actor: admin, filters: { search: current.client.email.toUpperCase() } });
    expect(byEmail.invoices.map((row) => row.invoiceNumber)).toEqual([current.invoice.invoiceNumber]);

    const overdueList = await listAdminInvoices({ actor: admin, filters: { status: "overdue" } });
    expect(overdueList.invoices.map((row) => row.invoiceNumber)).toContain(overdue.invoice.invoiceNumber);
    expect(overdueList.invoices.map((row) => row.invoiceNumber)).not.toContain(current.invoice.invoiceNumber);
    const dueList = await listAdminInvoices({ actor: admin, filters: { status: "due" } });
    expect(dueList.invoices.map((row) => row.invoiceNumber)).toContain(current.invoice.invoiceNumber);
    expect(dueList.invoices.map((row) => row.invoiceNumber)).not.toContain(overdue.invoice.invoiceNumber);
    const voidList = await listAdminInvoices({ actor: admin, filters: { status: "void" } });
    expect(voidList.invoices.every((row) => row.status === "void")).toBe(true);
    // A pattern's wildcards are taken literally.
    expect((await listAdminInvoices({ actor: admin, filters: { search: "%" } })).total).toBe(0);

    const detail = await getAdminInvoice({ actor: admin, invoiceNumber: current.invoice.invoiceNumber });
    expect(detail).toMatchObject({
      status: "due",
      owedCents: 4_000,
      refundableCents: 0,
      canRecordPayment: true,
      canRefund: false,
      canVoid: true,
      lines: [expect.objectContaining({ kind: "visit", amountCents: 4_000 })],
      movements: [],
    });
    await expect(getAdminInvoice({ actor: admin, invoiceNumber: "INV-1999-999999" })).rejects.toThrow(
      ADMIN_BILLING_MESSAGES.invoiceNotFound,
    );
  });
});

async function visitStart(visitId: string) {
  const [row] = await setup.db.select({ startsAt: visits.startsAt }).from(visits).where(eq(visits.id, visitId));
  return row!.startsAt;
}
