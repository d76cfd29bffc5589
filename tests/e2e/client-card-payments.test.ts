import { createClientAccount } from "./account-helpers";
import { expect, test } from "./fixtures";
import { routeStripe, useStripeServer } from "./stripe-helpers";

// The family's payment card (docs/decisions/0022-billing.md) in Chromium, with Stripe replaced at
// its HTTP boundary: Stripe.js by a stand-in served in place of js.stripe.com, Stripe's API by the
// fake API the server's SDK is pointed at. The card number goes from the card field to "Stripe"
// only; the page shows the saved card as Stripe describes it.

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
