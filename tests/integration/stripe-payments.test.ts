import { addDays } from "date-fns/addDays";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { invoices, jobs, notifications, payments, stripeAccounts, stripeEvents } from "~/platform/db/schema";
import { CHARGE_RETRY_DAYS } from "~/features/payments/payment-rules";
import { chargeInvoice, queueDueCharges } from "~/features/payments/charge-invoice.server";
import {
  invoiceCardAction,
  payInvoiceNow,
  settleConfirmedPayment,
} from "~/features/payments/invoice-card-payment.server";
import { chargeInvoiceHandler } from "~/features/payments/payments.job";
import { completeCardSetup, savedCardOf, startCardSetup } from "~/features/payments/setup-intents.server";
import { requireStripe } from "~/features/payments/stripe-client.server";
import { action as webhookAction } from "~/routes/api/stripe-webhook";
import { jobsByName, runDueJobs } from "~/platform/jobs/runner.server";
import { getDb } from "~/platform/db/client.server";
import type { FakeStripe, TEST_CARDS } from "../support/fake-stripe";
import { useAuthTestSetup } from "./auth-env";
import { sendWebhook as sendSignedWebhook, useFakeStripe, WEBHOOK_URL } from "./stripe-helpers";
import { deliverQueuedNotifications, setLocale } from "./notifications-helpers";
import { bookCare } from "./visit-helpers";

// Card payments through Stripe (docs/decisions/0022-billing.md), the real `stripe` SDK talking to a
// stand-in for Stripe's API (tests/support/fake-stripe.ts): a family saves a card, an invoice is
// charged and paid, a declined card is retried on schedule and the family told, a card that needs
// 3-D Secure is confirmed by the family and paid through the webhook, and webhooks are checked by
// signature and applied once.

const stripeApi = useFakeStripe();
let fake: FakeStripe;
beforeAll(() => {
  fake = stripeApi.fake;
});
const setup = useAuthTestSetup({ env: stripeApi.env });

type Family = Awaited<ReturnType<typeof bookCare>>;

/** A due invoice inserted as billing would issue it (billing's own code is not needed here). */
async function dueInvoice(family: Family, totalCents = 12_345) {
  const [invoice] = await setup.db
    .insert(invoices)
    .values({
      orderId: family.orderId,
      clientId: family.client.id,
      periodStart: "2026-03-02",
      periodEnd: "2026-03-02",
      subtotalCents: totalCents,
      totalCents,
      dueAt: addDays(new Date(), 14),
    })
    .returning();
  return invoice!;
}

/** The family saves `card` as the page does: a SetupIntent, Stripe.js confirms it, the page returns. */
async function saveCard(family: Family, card: keyof typeof TEST_CARDS) {
  const { clientSecret } = await startCardSetup({ userId: family.client.id });
  const setupIntentId = clientSecret.split("_secret_")[0]!;
  await fake.confirmSetup(setupIntentId, card);
  await completeCardSetup({ userId: family.client.id, setupIntentId });
  return setupIntentId;
}

async function invoiceRow(id: string) {
  const [row] = await setup.db.select().from(invoices).where(eq(invoices.id, id));
  return row!;
}

const paymentsOf = (invoiceId: string) => setup.db.select().from(payments).where(eq(payments.invoiceId, invoiceId));

async function paymentNotifications(userId: string) {
  await deliverQueuedNotifications();
  return setup.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, "payment")));
}

const sendWebhook = (event: Parameters<FakeStripe["webhookRequest"]>[1], options?: { secret?: string }) =>
  sendSignedWebhook(fake, event, options);

describe("saving a card", () => {
  test("the SetupIntent's card is stored as an id only, and shown from Stripe as brand and last four", async () => {
    const family = await bookCare(setup.db);
    expect(await savedCardOf({ userId: family.client.id })).toBeNull();
    await saveCard(family, "pm_card_visa");
    const [account] = await setup.db.select().from(stripeAccounts).where(eq(stripeAccounts.userId, family.client.id));
    expect(account?.customerId).toMatch(/^cus_/);
    expect(account?.paymentMethodId).toMatch(/^pm_/);
    expect(await savedCardOf({ userId: family.client.id })).toMatchObject({ brand: "visa", last4: "4242" });
    // The customer was made once, whatever the number of setups.
    await startCardSetup({ userId: family.client.id });
    expect(
      fake.requests.filter(
        (r) =>
          r.path === "/v1/customers" &&
          r.body.metadata &&
          (r.body.metadata as Record<string, string>).userId === family.client.id,
      ),
    ).toHaveLength(1);
    expect(
      new Set(
        fake.events
          .filter((e) => e.type === "setup_intent.succeeded")
          .map((e) => (e.data.object as { customer: string }).customer),
      ).has(account!.customerId!),
    ).toBe(true);
  });

  test("another family's SetupIntent is refused", async () => {
    const family = await bookCare(setup.db);
    const other = await bookCare(setup.db);
    await saveCard(other, "pm_card_visa");
    const { clientSecret } = await startCardSetup({ userId: other.client.id });
    const foreign = clientSecret.split("_secret_")[0]!;
    await fake.confirmSetup(foreign, "pm_card_visa");
    await startCardSetup({ userId: family.client.id });
    await expect(completeCardSetup({ userId: family.client.id, setupIntentId: foreign })).rejects.toMatchObject({
      code: "not_found",
    });
  });

  test("the setup_intent.succeeded webhook stores the card too, and queues the family's due invoices", async () => {
    const family = await bookCare(setup.db);
    const invoice = await dueInvoice(family);
    const { clientSecret } = await startCardSetup({ userId: family.client.id });
    await fake.confirmSetup(clientSecret.split("_secret_")[0]!, "pm_card_visa");
    const response = await sendWebhook(fake.lastEvent("setup_intent.succeeded"));
    expect(response.status).toBe(200);
    const [account] = await setup.db.select().from(stripeAccounts).where(eq(stripeAccounts.userId, family.client.id));
    expect(account?.paymentMethodId).toMatch(/^pm_/);
    const queued = await setup.db.select().from(jobs).where(eq(jobs.name, "payments.charge-invoice"));
    expect(queued.some((job) => job.payload.invoiceId === invoice.id)).toBe(true);
  });
});

describe("charging an invoice", () => {
  test("the charge job pays the invoice: one card payment with the PaymentIntent's id, and the family told", async () => {
    const family = await bookCare(setup.db);
    await saveCard(family, "pm_card_visa");
    const invoice = await dueInvoice(family, 12_345);
    await chargeInvoiceHandler.run(
      { invoiceId: invoice.id },
      { jobId: 1, queuedAt: new Date(), key: null, attempt: 1 },
    );
    const paid = await invoiceRow(invoice.id);
    expect(paid).toMatchObject({ status: "paid", amountPaidCents: 12_345, chargeAttempts: 0 });
    expect(paid.paidAt).not.toBeNull();
    const rows = await paymentsOf(invoice.id);
    expect(rows).toEqual([
      expect.objectContaining({
        kind: "payment",
        method: "card",
        amountCents: 12_345,
        stripeId: paid.stripePaymentIntentId,
      }),
    ]);
    const request = fake.requests.find(
      (r) =>
        r.path === "/v1/payment_intents" &&
        r.body.metadata &&
        (r.body.metadata as Record<string, string>).invoiceId === invoice.id,
    );
    expect(request).toMatchObject({
      body: { amount: "12345", currency: "usd", off_session: "true", confirm: "true" },
      idempotencyKey: `invoice-${invoice.id}-charge-1`,
    });
    const told = await paymentNotifications(family.client.id);
    expect(told.map((n) => n.title)).toContain(`Payment received for ${invoice.invoiceNumber}`);
    // Charged again (a job run twice): nothing more.
    expect(await chargeInvoice({ invoiceId: invoice.id })).toBe("skipped");
    expect(await paymentsOf(invoice.id)).toHaveLength(1);
  });

  test("a run of the same attempt again (a crash before the write) reuses the idempotency key: one charge", async () => {
    const family = await bookCare(setup.db);
    await saveCard(family, "pm_card_visa");
    const invoice = await dueInvoice(family, 5_000);
    const stripe = requireStripe();
    // What a first run did before dying: the PaymentIntent with this attempt's key.
    const first = await stripe.paymentIntents.create(
      {
        amount: 5_000,
        currency: "usd",
        customer: (await setup.db.select().from(stripeAccounts).where(eq(stripeAccounts.userId, family.client.id)))[0]!
          .customerId!,
        payment_method: (
          await setup.db.select().from(stripeAccounts).where(eq(stripeAccounts.userId, family.client.id))
        )[0]!.paymentMethodId!,
        off_session: true,
        confirm: true,
        description: `Tendly ${invoice.invoiceNumber}`,
        metadata: { invoiceId: invoice.id, invoiceNumber: invoice.invoiceNumber, attempt: "1" },
      },
      { idempotencyKey: `invoice-${invoice.id}-charge-1` },
    );
    expect(await chargeInvoice({ invoiceId: invoice.id })).toBe("paid");
    const rows = await paymentsOf(invoice.id);
    expect(rows.map((row) => row.stripeId)).toEqual([first.id]);
  });

  test("a declined card: the attempt counted, a retry scheduled, the family told in their language; the retry pays", async () => {
    const family = await bookCare(setup.db);
    await setLocale(family.client.id, "es");
    await saveCard(family, "pm_card_chargeCustomerFail");
    const invoice = await dueInvoice(family, 8_000);
    const before = Date.now();
    expect(await chargeInvoice({ invoiceId: invoice.id })).toBe("failed");
    const failed = await invoiceRow(invoice.id);
    expect(failed).toMatchObject({ status: "due", chargeAttempts: 1, lastChargeError: "Your card was declined." });
    const retryIn = failed.nextChargeAt!.getTime() - before;
    expect(Math.round(retryIn / 86_400_000)).toBe(CHARGE_RETRY_DAYS[0]);
    expect(await paymentsOf(invoice.id)).toHaveLength(0);
    const told = await paymentNotifications(family.client.id);
    expect(told).toEqual([
      expect.objectContaining({
        subtype: "payment_overdue",
        title: `No se pudo cobrar ${invoice.invoiceNumber}`,
        actionUrl: `/dashboard/billing/${invoice.invoiceNumber}`,
      }),
    ]);
    expect(told[0]!.message).toContain("$80.00");
    expect(told[0]!.message).toContain("1 día");

    // Not yet time: the periodic retry leaves it alone.
    expect(await queueDueCharges(new Date())).toBe(0);
    // The family replaces the card; at the retry time the invoice is charged again and paid.
    await saveCard(family, "pm_card_visa");
    await setup.db.delete(jobs).where(eq(jobs.name, "payments.charge-invoice"));
    expect(await queueDueCharges(addDays(new Date(), 1.01))).toBeGreaterThanOrEqual(1);
    const ran = await runDueJobs(getDb(), jobsByName([chargeInvoiceHandler]));
    expect(ran).toBeGreaterThanOrEqual(1);
    const paid = await invoiceRow(invoice.id);
    expect(paid).toMatchObject({ status: "paid", chargeAttempts: 1, nextChargeAt: null, lastChargeError: null });
    expect(await paymentsOf(invoice.id)).toHaveLength(1);
  });

  test("after the last retry fails, no more are scheduled and the family is told to pay another way", async () => {
    const family = await bookCare(setup.db);
    await saveCard(family, "pm_card_chargeCustomerFail");
    const invoice = await dueInvoice(family, 6_000);
    for (let attempt = 1; attempt <= CHARGE_RETRY_DAYS.length + 1; attempt += 1)
      expect(await chargeInvoice({ invoiceId: invoice.id })).toBe("failed");
    const last = await invoiceRow(invoice.id);
    expect(last).toMatchObject({ status: "due", chargeAttempts: CHARGE_RETRY_DAYS.length + 1, nextChargeAt: null });
    const titles = (await paymentNotifications(family.client.id)).map((n) => n.title);
    expect(titles).toContain(`Payment overdue for ${invoice.invoiceNumber}`);
    // Each attempt was its own PaymentIntent, with its own idempotency key.
    const keys = fake.requests
      .filter(
        (r) =>
          r.path === "/v1/payment_intents" &&
          (r.body.metadata as Record<string, string> | undefined)?.invoiceId === invoice.id,
      )
      .map((r) => r.idempotencyKey);
    expect(new Set(keys).size).toBe(CHARGE_RETRY_DAYS.length + 1);
  });

  test("3-D Secure: the charge needs the family, who confirms after the challenge; the webhook pays the invoice", async () => {
    const family = await bookCare(setup.db);
    await saveCard(family, "pm_card_authenticationRequired");
    const invoice = await dueInvoice(family, 9_900);
    expect(await chargeInvoice({ invoiceId: invoice.id })).toBe("needs_confirmation");
    const waiting = await invoiceRow(invoice.id);
    expect(waiting).toMatchObject({ status: "due", nextChargeAt: null });
    expect(waiting.stripePaymentIntentId).toMatch(/^pi_/);
    const told = await paymentNotifications(family.client.id);
    expect(told).toEqual([
      expect.objectContaining({
        title: `Confirm your payment for ${invoice.invoiceNumber}`,
        message: `Your bank needs you to confirm the payment for ${invoice.invoiceNumber} ($99.00).`,
        actionUrl: `/dashboard/billing/${invoice.invoiceNumber}`,
      }),
    ]);
    // Not retried off-session: the bank would only ask again.
    expect(await queueDueCharges(addDays(new Date(), 30))).toBe(0);
    // While the family has it open, another charge run leaves it to them.
    const intentId = waiting.stripePaymentIntentId!;
    const onSession = await fake.confirmOnSession(intentId);
    expect(onSession.status).toBe("requires_action");
    expect(await chargeInvoice({ invoiceId: invoice.id })).toBe("pending");
    // The bank's challenge passes; Stripe tells us by webhook.
    await fake.completeChallenge(intentId, "succeed");
    const response = await sendWebhook(fake.lastEvent("payment_intent.succeeded"));
    expect(response.status).toBe(200);
    const paid = await invoiceRow(invoice.id);
    expect(paid).toMatchObject({ status: "paid", amountPaidCents: 9_900, stripePaymentIntentId: intentId });
    expect(await paymentsOf(invoice.id)).toEqual([expect.objectContaining({ stripeId: intentId, method: "card" })]);
  });
});

/** An invoice Stripe took the money for, with the succeeded event our webhook has not had yet. */
async function paidByCard() {
  const family = await bookCare(setup.db);
  await saveCard(family, "pm_card_visa");
  const invoice = await dueInvoice(family, 7_500);
  // Stripe took the money, but our job died before writing it: only the webhook will tell us.
  const [account] = await setup.db.select().from(stripeAccounts).where(eq(stripeAccounts.userId, family.client.id));
  const intent = await requireStripe().paymentIntents.create({
    amount: 7_500,
    currency: "usd",
    customer: account!.customerId!,
    payment_method: account!.paymentMethodId!,
    off_session: true,
    confirm: true,
    metadata: { invoiceId: invoice.id, invoiceNumber: invoice.invoiceNumber },
  });
  return {
    family,
    invoice,
    event: fake.events.find(
      (e) => e.type === "payment_intent.succeeded" && (e.data.object as { id: string }).id === intent.id,
    )!,
  };
}

describe("the webhook", () => {
  test("a bad signature is refused with 400 and changes nothing", async () => {
    const { invoice, event } = await paidByCard();
    const forged = await sendWebhook(event, { secret: "whsec_not_the_secret" });
    expect(forged.status).toBe(400);
    const unsigned = await webhookAction({
      request: new Request(WEBHOOK_URL, { method: "POST", body: JSON.stringify(event) }),
      params: {},
      context: {},
    } as never);
    expect((unsigned as Response).status).toBe(400);
    // A signed body altered afterwards: the signature no longer matches.
    const signed = fake.webhookRequest(WEBHOOK_URL, event);
    const tampered = new Request(WEBHOOK_URL, {
      method: "POST",
      headers: signed.headers,
      body: (await signed.text()).replace('"amount": 7500', '"amount": 1'),
    });
    expect(((await webhookAction({ request: tampered, params: {}, context: {} } as never)) as Response).status).toBe(
      400,
    );
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: "due", amountPaidCents: 0 });
    expect(await paymentsOf(invoice.id)).toHaveLength(0);
    expect(await setup.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toHaveLength(0);
  });

  test("the same event twice makes one payment row; the replay changes nothing", async () => {
    const { invoice, event } = await paidByCard();
    const first = await sendWebhook(event);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ result: "handled" });
    const afterFirst = await invoiceRow(invoice.id);
    const replay = await sendWebhook(event);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ result: "replayed" });
    expect(await paymentsOf(invoice.id)).toHaveLength(1);
    expect(await invoiceRow(invoice.id)).toEqual(afterFirst);
    expect(afterFirst).toMatchObject({ status: "paid", amountPaidCents: 7_500 });
  });

  test("two deliveries at once still make one payment row", async () => {
    const { invoice, event } = await paidByCard();
    const answers = await Promise.all([sendWebhook(event), sendWebhook(event), sendWebhook(event)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await paymentsOf(invoice.id)).toHaveLength(1);
  });

  test("charge.refunded records the refund once, and the invoice's amount refunded", async () => {
    const { invoice, event } = await paidByCard();
    await sendWebhook(event);
    const intentId = (event.data.object as { id: string }).id;
    await requireStripe().refunds.create({ payment_intent: intentId, amount: 2_500 });
    const refunded = fake.lastEvent("charge.refunded");
    expect((await sendWebhook(refunded)).status).toBe(200);
    expect((await sendWebhook(refunded)).status).toBe(200);
    const rows = await paymentsOf(invoice.id);
    expect(rows.filter((row) => row.kind === "refund")).toEqual([
      expect.objectContaining({ amountCents: 2_500, method: "card", stripeId: expect.stringMatching(/^re_/) }),
    ]);
    expect(await invoiceRow(invoice.id)).toMatchObject({ amountPaidCents: 7_500, amountRefundedCents: 2_500 });
  });
});

describe("the invoice page's card actions", () => {
  test("add a card, then pay now; another family's invoice does not exist for them", async () => {
    const family = await bookCare(setup.db);
    const other = await bookCare(setup.db);
    const invoice = await dueInvoice(family, 4_200);
    expect(await invoiceCardAction({ userId: family.client.id, invoiceId: invoice.id })).toEqual({ kind: "add-card" });
    await expect(invoiceCardAction({ userId: other.client.id, invoiceId: invoice.id })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(payInvoiceNow({ userId: other.client.id, invoiceId: invoice.id })).rejects.toMatchObject({
      code: "not_found",
    });
    await saveCard(family, "pm_card_visa");
    expect(await invoiceCardAction({ userId: family.client.id, invoiceId: invoice.id })).toMatchObject({
      kind: "pay-now",
    });
    expect(await payInvoiceNow({ userId: family.client.id, invoiceId: invoice.id })).toBe("paid");
    expect(await invoiceCardAction({ userId: family.client.id, invoiceId: invoice.id })).toEqual({ kind: "none" });
    expect(await paymentsOf(invoice.id)).toHaveLength(1);
  });

  test("confirm: the PaymentIntent's client secret for Stripe.js, then the page settles it without the webhook", async () => {
    const family = await bookCare(setup.db);
    await saveCard(family, "pm_card_authenticationRequired");
    const invoice = await dueInvoice(family, 3_000);
    await chargeInvoice({ invoiceId: invoice.id });
    const action = await invoiceCardAction({ userId: family.client.id, invoiceId: invoice.id });
    const intentId = (await invoiceRow(invoice.id)).stripePaymentIntentId!;
    expect(action).toMatchObject({
      kind: "confirm",
      publishableKey: fake.publishableKey,
      clientSecret: expect.stringMatching(new RegExp(`^${intentId}_secret_`)),
      amountCents: 3_000,
    });
    expect(await settleConfirmedPayment({ userId: family.client.id, invoiceId: invoice.id })).toBe(false);
    await fake.confirmOnSession(intentId);
    await fake.completeChallenge(intentId, "succeed");
    expect(await settleConfirmedPayment({ userId: family.client.id, invoiceId: invoice.id })).toBe(true);
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: "paid", amountPaidCents: 3_000 });
    // The webhook arrives afterwards: recorded already, nothing more.
    expect((await sendWebhook(fake.lastEvent("payment_intent.succeeded"))).status).toBe(200);
    expect(await paymentsOf(invoice.id)).toHaveLength(1);
  });

  test("a challenge the family fails leaves the invoice due with the bank's reason", async () => {
    const family = await bookCare(setup.db);
    await saveCard(family, "pm_card_authenticationRequired");
    const invoice = await dueInvoice(family, 3_100);
    await chargeInvoice({ invoiceId: invoice.id });
    const intentId = (await invoiceRow(invoice.id)).stripePaymentIntentId!;
    await fake.confirmOnSession(intentId);
    await fake.completeChallenge(intentId, "fail");
    expect((await sendWebhook(fake.lastEvent("payment_intent.payment_failed"))).status).toBe(200);
    expect(await invoiceRow(invoice.id)).toMatchObject({
      status: "due",
      lastChargeError: "We are unable to authenticate your payment method.",
    });
    expect(await paymentsOf(invoice.id)).toHaveLength(0);
  });
});

test("two charges of one invoice at once (the job and Pay now) make one PaymentIntent and one payment", async () => {
  const family = await bookCare(setup.db);
  await saveCard(family, "pm_card_visa");
  const invoice = await dueInvoice(family, 2_200);
  const outcomes = await Promise.all([
    chargeInvoice({ invoiceId: invoice.id }),
    payInvoiceNow({ userId: family.client.id, invoiceId: invoice.id }),
    chargeInvoice({ invoiceId: invoice.id }),
  ]);
  expect(outcomes.filter((outcome) => outcome === "paid").length).toBeGreaterThanOrEqual(1);
  const created = fake.requests.filter(
    (r) =>
      r.path === "/v1/payment_intents" &&
      (r.body.metadata as Record<string, string> | undefined)?.invoiceId === invoice.id,
  );
  // The SDK may send each, but Stripe answers one key with one PaymentIntent.
  expect(new Set(created.map((r) => r.idempotencyKey))).toEqual(new Set([`invoice-${invoice.id}-charge-1`]));
  expect(await paymentsOf(invoice.id)).toHaveLength(1);
  expect(await invoiceRow(invoice.id)).toMatchObject({ status: "paid", amountPaidCents: 2_200 });
});
