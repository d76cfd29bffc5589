import type { Page } from "@playwright/test";
import { createClientAccount } from "./account-helpers";
import { fillClientInfo, fillHealthNeeds, fillOneTimeSchedule } from "./care-request-helpers";
import { gotoHydrated } from "./chrome-helpers";
import { expect, MOBILE, test } from "./fixtures";
import { saveCard } from "./money-loop-helpers";
import { routeStripe, useStripeServer } from "./stripe-helpers";
import { TIMEOUTS } from "./timeouts";

// At booking (docs/product-rules.md, "Billing and pay"): once a care request is sent, a family
// with no saved card is offered to save one, so that invoices are charged when issued; with a card
// saved, or where cards are not taken at all, the offer is not there.

test.describe.configure({ timeout: TIMEOUTS.journey });

const main = (page: Page) => page.getByRole("main");
const OFFER = "Pay invoices automatically";

const stripe = useStripeServer();

/** Sends a one-time request from `origin` and waits for the thank-you page. */
async function sendRequest(page: Page, origin = "") {
  await gotoHydrated(page, `${origin}/request/client-info`);
  await fillClientInfo(page);
  await fillHealthNeeds(page);
  await fillOneTimeSchedule(page);
  await expect(page).toHaveURL(/\/request\/review-submit$/);
  await main(page)
    .getByLabel(/I accept the/)
    .check();
  await main(page).getByRole("button", { name: "Send request" }).click();
  await expect(page).toHaveURL(/\/request\/thank-you\?order=/, { timeout: TIMEOUTS.background });
  await expect(main(page).getByText(/TN-\d{4}-\d{6}/)).toBeVisible({ timeout: TIMEOUTS.background });
}

test("a family without a card is offered one at booking; once saved, it is not offered again", async ({ page }) => {
  await createClientAccount(page);
  const { fake, server } = stripe;
  await routeStripe(page, fake);
  await sendRequest(page, server.baseURL);
  const offer = main(page).getByRole("complementary", { name: OFFER });
  await expect(offer).toBeVisible();
  await expect(offer).toContainText("each invoice is charged when it is issued");

  await offer.getByRole("link", { name: "Save a card" }).click();
  await expect(page).toHaveURL(`${server.baseURL}/dashboard/billing/card`);
  await saveCard(page, server, "4242 4242 4242 4242", "4242");

  await sendRequest(page, server.baseURL);
  await expect(main(page).getByRole("heading", { name: OFFER })).toHaveCount(0);
});

test("on a 390 px phone, in Spanish, the offer fits", async ({ page }) => {
  await page.setViewportSize(MOBILE.viewport);
  await createClientAccount(page);
  await sendRequest(page, stripe.server.baseURL);
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("dialog").getByTestId("language-switch-drawer").getByRole("button", { name: "Español" }).click();
  await page.keyboard.press("Escape");
  const offer = main(page).getByRole("complementary", { name: "Pague sus facturas automáticamente" });
  await expect(offer).toBeVisible();
  await expect(offer.getByRole("link", { name: "Guardar una tarjeta" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath("booking-card-offer-es-390.png"), fullPage: true });
});

test("where cards are not taken, booking offers no card", async ({ page }) => {
  await createClientAccount(page);
  await sendRequest(page);
  await expect(main(page).getByRole("heading", { name: OFFER })).toHaveCount(0);
});
