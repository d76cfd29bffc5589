import { and, eq, isNotNull, lte, sql } from "drizzle-orm";
import { publishAdminAttention } from "~/platform/realtime/publish.server";
import type Stripe from "stripe";
import { z } from "zod";
import { db, type Executor } from "~/platform/db/client.server";
import { defineJob, queueJob } from "~/platform/db/job-queue.server";
import { invoices, stripeAccounts } from "~/platform/db/schema";
import { CURRENCY } from "~/utils/money";
import { notifyChargeFailed, notifyConfirmationNeeded } from "./payment-notifications.server";
import {
  amountDueCents,
  needsFamilyConfirmation,
  nextChargeAt,
  PAYMENT_INTENT_IN_FLIGHT,
  STRIPE_MINIMUM_CENTS,
} from "./payment-rules";
import { recordCardPayment } from "./record-card-payment.server";
import { getStripe } from "./stripe-client.server";

// Charging a due invoice to the family's saved card (docs/decisions/0022-billing.md): a
// PaymentIntent confirmed off-session, with an idempotency key per invoice and attempt, so a job
// run twice (a retry after a crash, two runners) makes one charge. Paid: a payments row and the
// invoice paid. The bank asks for 3-D Secure: the invoice stays due and the family is asked to
// confirm on the invoice page. Declined: the attempt is counted, the next one scheduled by
// CHARGE_RETRY_DAYS and the family told (payment_overdue). Anything else (Stripe unreachable)
// throws, and the job queue tries the same attempt again later.

/** Queued when an invoice is issued with Stripe configured (event-handlers.server.ts; payload: the invoice). */
export const chargeInvoiceJob = defineJob({
  name: "payments.charge-invoice",
  payload: z.object({ invoiceId: z.uuid() }),
});

/** Queues the charge of an invoice (in `tx` when given); while one is pending, another does nothing. */
export async function queueInvoiceCharge(invoiceId: string, chargeAttempts: number, tx?: Executor) {
  await queueJob(chargeInvoiceJob, { invoiceId }, { key: `charge-${invoiceId}-${chargeAttempts}`, tx });
}

export type ChargeOutcome =
  | "paid"
  | "needs_confirmation"
  | "failed"
  /** Under way at Stripe; the webhook records the end. */
  | "pending"
  /** Nothing to do: no Stripe, no saved card, nothing due, or below Stripe's minimum. */
  | "skipped";

async function loadChargeable(invoiceId: string) {
  const [row] = await db
    .select({
      invoice: invoices,
      customerId: stripeAccounts.customerId,
      paymentMethodId: stripeAccounts.paymentMethodId,
    })
    .from(invoices)
    .leftJoin(stripeAccounts, eq(stripeAccounts.userId, invoices.clientId))
    .where(eq(invoices.id, invoiceId));
  return row ?? null;
}

function asCardError(error: unknown): Stripe.errors.StripeCardError | null {
  const candidate = error as { type?: string } | null;
  return candidate?.type === "StripeCardError" ? (error as Stripe.errors.StripeCardError) : null;
}

export async function chargeInvoice({ invoiceId }: { invoiceId: string }): Promise<ChargeOutcome> {
  const stripe = getStripe();
  if (!stripe) return "skipped";
  const row = await loadChargeable(invoiceId);
  if (!row || row.invoice.status !== "due") return "skipped";
  const { invoice, customerId, paymentMethodId } = row;
  const amount = amountDueCents(invoice);
  if (amount < STRIPE_MINIMUM_CENTS || !customerId || !paymentMethodId) return "skipped";

  // The last PaymentIntent may have ended (or still be running) since we last looked.
  if (invoice.stripePaymentIntentId) {
    const previous = await stripe.paymentIntents.retrieve(invoice.stripePaymentIntentId);
    if (previous.status === "succeeded") {
      await db.transaction((tx) => recordCardPayment(tx, previous));
      return "paid";
    }
    if (PAYMENT_INTENT_IN_FLIGHT.includes(previous.status)) return "pending";
  }

  const attempt = invoice.chargeAttempts + 1;
  let paymentIntent: Stripe.PaymentIntent;
  try {
    paymentIntent = await stripe.paymentIntents.create(
      {
        amount,
        currency: CURRENCY,
        customer: customerId,
        payment_method: paymentMethodId,
        off_session: true,
        confirm: true,
        description: `Tendly ${invoice.invoiceNumber}`,
        metadata: { invoiceId: invoice.id, invoiceNumber: invoice.invoiceNumber, attempt: String(attempt) },
      },
      { idempotencyKey: `invoice-${invoice.id}-charge-${attempt}` },
    );
  } catch (error) {
    const cardError = asCardError(error);
    if (!cardError) throw error;
    const failedIntent = cardError.payment_intent;
    if (needsFamilyConfirmation({ code: cardError.code }))
      return askForConfirmation(invoice, attempt, amount, failedIntent?.id ?? null, cardError.message);
    return recordFailure(invoice, attempt, amount, failedIntent?.id ?? null, cardError.message);
  }

  if (paymentIntent.status === "succeeded") {
    await db.transaction((tx) => recordCardPayment(tx, paymentIntent));
    return "paid";
  }
  if (needsFamilyConfirmation({ status: paymentIntent.status }))
    return askForConfirmation(invoice, attempt, amount, paymentIntent.id, null);
  await db
    .update(invoices)
    .set({ chargeAttempts: attempt, stripePaymentIntentId: paymentIntent.id, nextChargeAt: null })
    .where(and(eq(invoices.id, invoice.id), eq(invoices.chargeAttempts, attempt - 1)));
  return "pending";
}

type InvoiceRow = typeof invoices.$inferSelect;

/** This attempt's result, written once: a second run of the same attempt finds it counted. */
async function writeAttempt(
  invoice: InvoiceRow,
  attempt: number,
  values: Partial<Pick<InvoiceRow, "nextChargeAt" | "lastChargeError" | "stripePaymentIntentId">>,
  notify: (tx: Executor) => Promise<void>,
) {
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(invoices)
      .set({ chargeAttempts: attempt, ...values })
      .where(and(eq(invoices.id, invoice.id), eq(invoices.status, "due"), eq(invoices.chargeAttempts, attempt - 1)))
      .returning({ id: invoices.id });
    if (updated.length === 0) return;
    await notify(tx);
    // The admin home counts unpaid invoices whose last charge failed.
    if (values.lastChargeError) await publishAdminAttention(tx, "payments");
  });
}

async function askForConfirmation(
  invoice: InvoiceRow,
  attempt: number,
  amount: number,
  paymentIntentId: string | null,
  message: string | null,
): Promise<ChargeOutcome> {
  // No automatic retry: off-session the bank would ask again. The family confirms on our page.
  await writeAttempt(
    invoice,
    attempt,
    {
      nextChargeAt: null,
      lastChargeError: message ?? "authentication_required",
      ...(paymentIntentId ? { stripePaymentIntentId: paymentIntentId } : {}),
    },
    (tx) => notifyConfirmationNeeded(tx, invoice, amount),
  );
  return "needs_confirmation";
}

async function recordFailure(
  invoice: InvoiceRow,
  attempt: number,
  amount: number,
  paymentIntentId: string | null,
  message: string,
): Promise<ChargeOutcome> {
  const failedAt = new Date();
  const next = nextChargeAt(attempt, failedAt);
  await writeAttempt(
    invoice,
    attempt,
    {
      nextChargeAt: next,
      lastChargeError: message,
      ...(paymentIntentId ? { stripePaymentIntentId: paymentIntentId } : {}),
    },
    (tx) =>
      notifyChargeFailed(
        tx,
        invoice,
        amount,
        next ? Math.round((next.getTime() - failedAt.getTime()) / 86_400_000) : null,
      ),
  );
  return "failed";
}

/** The periodic retry: queues the charge of every due invoice whose next try has come. */
export async function queueDueCharges(now = new Date()): Promise<number> {
  if (!getStripe()) return 0;
  const due = await db
    .select({ id: invoices.id, chargeAttempts: invoices.chargeAttempts })
    .from(invoices)
    .where(and(eq(invoices.status, "due"), isNotNull(invoices.nextChargeAt), lte(invoices.nextChargeAt, now)));
  for (const invoice of due) await queueInvoiceCharge(invoice.id, invoice.chargeAttempts);
  return due.length;
}

/**
 * A family saved a card: their due invoices that no charge is under way for are charged now
 * (the charge itself looks at the last PaymentIntent before making another).
 */
export async function queueChargesForFamily(tx: Executor, userId: string) {
  const due = await tx
    .select({ id: invoices.id, chargeAttempts: invoices.chargeAttempts })
    .from(invoices)
    .where(
      and(
        eq(invoices.clientId, userId),
        eq(invoices.status, "due"),
        sql`${invoices.totalCents} - ${invoices.amountPaidCents} >= ${STRIPE_MINIMUM_CENTS}`,
      ),
    );
  for (const invoice of due) await queueInvoiceCharge(invoice.id, invoice.chargeAttempts, tx);
}
