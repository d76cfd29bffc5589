import { createClientAccount } from "./account-helpers";
import { awaitInvoice } from "./billing-helpers";
import { gotoHydrated } from "./chrome-helpers";
import { expect, MOBILE, signIn, test, unique } from "./fixtures";
import { saveCard } from "./money-loop-helpers";
import { routeStripe, useStripeServer } from "./stripe-helpers";
import { TIMEOUTS } from "./timeouts";
import { completeVisit, visitStartingSoon } from "./visit-helpers";
import { formatMoney } from "~/utils/money";

// The family's payment card (docs/decisions/0022-billing.md) in Chromium, with Stripe replaced at
// its HTTP boundary: Stripe.js by a stand-in served in place of js.stripe.com, Stripe's API by the
// fake API the server's SDK is pointed at. The card number goes from the card field to "Stripe"
// only; the page shows the saved card as Stripe describes it. On a phone, a family with a saved
// card pays a completed visit's invoice from the invoice page.

const stripe = useStripeServer();

test("a family saves a card with Stripe's card field; only Stripe's description of it comes back", async ({ page }) => {
  await createClientAccount(page);
  await routeStripe(page, stripe.fake);
  await page.goto(`${stripe.server.baseURL}/dashboard/billing/card`);
  await expect(page.getByRole("heading", { name: "Payment card", level: 1 })).toBeVisible();
  await expect(page.getByText("No card is saved yet.")).toBeVisible();

  await page.getByRole("button", { name: "Add a card" }).click();
  const field = page.getByLabel("Card number (test)");
  await expect(field).toBeFocused();
  // A card the bank declines is not saved, and the page says so.
  await field.fill("4000 0000 0000 0002");
  await page.getByRole("button", { name: "Save card" }).click();
  await expect(page.getByRole("alert")).toContainText("The card was not saved: Your card was declined.");

  await field.fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: "Save card" }).click();
  await expect(page.getByText("Visa ending in 4242")).toBeVisible();
  await expect(page.getByRole("button", { name: "Replace card" })).toBeVisible();
  // Nothing of the card is kept in the browser, nor sent to our server.
  const kept = await page.evaluate(() => JSON.stringify([{ ...localStorage }, { ...sessionStorage }, document.cookie]));
  expect(kept).not.toContain("4242");
  expect(
    stripe.fake.requests.some(
      (request) => request.path.endsWith("/confirm") && request.body.payment_method === "pm_card_visa",
    ),
  ).toBe(true);
});

test("works at 390 px: the card form fits and can be cancelled", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await createClientAccount(page);
  await routeStripe(page, stripe.fake);
  await page.goto(`${stripe.server.baseURL}/dashboard/billing/card`);
  await page.getByRole("button", { name: "Add a card" }).click();
  await expect(page.getByLabel("Card number (test)")).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("button", { name: "Add a card" })).toBeVisible();
});

test("without Stripe the page says invoices are paid by other means, with no card form", async ({ page }) => {
  await createClientAccount(page);
  await page.goto("/dashboard/billing/card");
  await expect(page.getByText("Card payments are not available.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add a card" })).toHaveCount(0);
});

test("the webhook takes Stripe's signed body through the host; a forged one is refused; a replay changes nothing", async () => {
  const event = {
    id: `evt_e2e_${Date.now()}`,
    object: "event",
    type: "customer.created",
    api_version: null,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: { id: "cus_e2e", object: "customer" } },
  } as never;
  const url = `${stripe.server.baseURL}/api/stripe/webhook`;
  const forged = await fetch(stripe.fake.webhookRequest(url, event, { secret: "whsec_forged" }));
  expect(forged.status).toBe(400);
  const first = await fetch(stripe.fake.webhookRequest(url, event));
  expect(first.status).toBe(200);
  expect(await first.json()).toEqual({ received: true, result: "ignored" });
  const replay = await fetch(stripe.fake.webhookRequest(url, event));
  expect(await replay.json()).toEqual({ received: true, result: "replayed" });
  expect((await fetch(url)).status).toBe(405);
});

test("at 390 px, a family pays an invoice by card from the invoice page", async ({ browser }) => {
  test.setTimeout(TIMEOUTS.journey);
  const context = await browser.newContext({ ...MOBILE, baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  try {
    const booked = await visitStartingSoon({ lastName: unique("Baptiste") });
    await signIn(page, booked.client.email);
    await routeStripe(page, stripe.fake);
    await saveCard(page, stripe.server, "4242 4242 4242 4242", "4242");
    await completeVisit(booked);
    const invoice = await awaitInvoice(booked.orderId);
    const total = formatMoney(invoice.totalCents, "en");

    await gotoHydrated(page, `${stripe.server.baseURL}/dashboard/billing/${invoice.invoiceNumber}`);
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toContainText("Due");
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.getByRole("button", { name: "Pay now" }).click();
    await expect(heading).toContainText("Paid");
    await expect(page.getByTestId("summary-paid")).toContainText(total);
    await expect(page.getByRole("region", { name: "Payments" })).toContainText("Payment · Card");
    // Paid: the page says nothing more about paying it.
    await expect(page.getByRole("region", { name: "How to pay", exact: true })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Pay now" })).toHaveCount(0);
    await page.screenshot({ path: "/tmp/shots-payment-instructions/family-paid-by-card-390.png", fullPage: true });
    // Charged once, for the total.
    const charges = stripe.fake.requests.filter(
      (request) =>
        request.method === "POST" &&
        request.path === "/v1/payment_intents" &&
        (request.body.metadata as Record<string, string> | undefined)?.invoiceId === invoice.id,
    );
    expect(charges.map((request) => request.body.amount)).toEqual([String(invoice.totalCents)]);
  } finally {
    await context.close();
  }
});
