import type { Page } from "@playwright/test";
import { and, eq } from "drizzle-orm";
import type { Stripe } from "stripe";
import { payments } from "~/platform/db/schema";
import type { FakeStripe } from "../support/fake-stripe";
import { gotoHydrated } from "./chrome-helpers";
import { e2eDatabase } from "./e2e-database";
import { expect } from "./fixtures";
import type { StripeServer } from "./stripe-helpers";

// Helpers of the money loop end to end (money-loop.test.ts): a card saved through the card page
// with the stand-in Stripe.js, an invoice's payments and refunds, and what Stripe sent. The visit
// and its invoice come from visit-helpers.ts and billing-helpers.ts.

/** Saves a test card on the family's card page of the Stripe-enabled server (the page is signed in). */
export async function saveCard(page: Page, server: StripeServer, cardNumber: string, last4: string) {
  await gotoHydrated(page, `${server.baseURL}/dashboard/billing/card`);
  await expect(page.getByRole("heading", { name: "Payment card", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Add a card" }).click();
  await page.getByLabel("Card number (test)").fill(cardNumber);
  await page.getByRole("button", { name: "Save card" }).click();
  await expect(page.getByText(`Visa ending in ${last4}`)).toBeVisible();
}

export async function paymentRows(invoiceId: string, kind: "payment" | "refund") {
  return e2eDatabase()
    .select()
    .from(payments)
    .where(and(eq(payments.invoiceId, invoiceId), eq(payments.kind, kind)));
}

/** The event Stripe sent when this invoice's PaymentIntent succeeded. */
export function succeededEventOf(fake: FakeStripe, invoiceId: string): Stripe.Event {
  const event = fake.events.find(
    (candidate) =>
      candidate.type === "payment_intent.succeeded" &&
      (candidate.data.object as Stripe.PaymentIntent).metadata?.invoiceId === invoiceId,
  );
  if (!event) throw new Error(`No payment_intent.succeeded event for invoice ${invoiceId}.`);
  return event;
}

/** The event Stripe sent when the charge of this PaymentIntent was refunded. */
export function refundedEventOf(fake: FakeStripe, paymentIntentId: string): Stripe.Event {
  const event = fake.events.findLast(
    (candidate) =>
      candidate.type === "charge.refunded" &&
      (candidate.data.object as Stripe.Charge).payment_intent === paymentIntentId,
  );
  if (!event) throw new Error(`No charge.refunded event for ${paymentIntentId}.`);
  return event;
}

/** Delivers `event` to the Stripe server's webhook, signed as Stripe signs it; the endpoint's answer. */
export async function deliverWebhook(fake: FakeStripe, server: StripeServer, event: Stripe.Event) {
  const response = await fetch(fake.webhookRequest(`${server.baseURL}/api/stripe/webhook`, event));
  expect(response.status).toBe(200);
  return (await response.json()) as { received: boolean; result: string };
}

/** Dollars and cents as an admin types them in a form ("12.34"). */
export function typedDollars(cents: number) {
  return (cents / 100).toFixed(2);
}
