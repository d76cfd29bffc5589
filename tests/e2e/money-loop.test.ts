import { mkdirSync, readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { caregiverEarnings, payouts, stripeAccounts } from "~/platform/db/schema";
import { formatMoney } from "~/utils/money";
import { awaitInvoice, invoiceNow, pdfText } from "./billing-helpers";
import { gotoHydrated } from "./chrome-helpers";
import { e2eDatabase } from "./e2e-database";
import { caregiverWithEarning, payoutOf } from "./earnings-helpers";
import { expect, loginAs, signIn, test, unique } from "./fixtures";
import {
  deliverWebhook,
  paymentRows,
  refundedEventOf,
  saveCard,
  succeededEventOf,
  typedDollars,
} from "./money-loop-helpers";
import { routeStripe, useStripeServer } from "./stripe-helpers";
import { completeVisit, visitStartingSoon } from "./visit-helpers";
import { TIMEOUTS } from "./timeouts";

// The money loop (docs/product-rules.md, "Billing and pay") in Chromium, with Stripe replaced at its HTTP
// boundary (tests/support/fake-stripe.ts, fake-stripe-js.js): a family saves a card, a visit is
// checked in and out, the suite server's job issues the invoice, the family pays it on the
// invoice page (the Stripe-enabled server; the suite server runs the jobs without Stripe, so its
// charge job leaves the invoice due); the receipt PDF has the page's total; a replayed webhook
// changes nothing; an admin refunds part of it to the card with a reason; the caregiver's earnings
// and CSV have the visit. Then a card that needs 3-D Secure: the off-session charge asks for it,
// and the family confirms the payment through the bank's (stand-in) challenge. Last, the other end:
// a caregiver sets up payouts through Stripe's (stand-in) hosted onboarding, and an admin's payout
// to them is a transfer to their connected account.

const SHOTS = "/tmp/shots-money-loop";
mkdirSync(SHOTS, { recursive: true });

const stripe = useStripeServer();

/**
 * A family of their own, signed in on `page` at 1280 px, saves a test card on the Stripe server
 * before their visit; then the visit is completed and the suite server's job issues its invoice.
 */
async function invoiceAfterSavingCard(page: Page, lastName: string, cardNumber: string, last4: string) {
  const booked = await visitStartingSoon({ lastName });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, booked.client.email);
  await routeStripe(page, stripe.fake);
  await saveCard(page, stripe.server, cardNumber, last4);
  await completeVisit(booked);
  return { booked, issued: await awaitInvoice(booked.orderId) };
}

const heading = (page: Page) => page.getByRole("heading", { level: 1 });
const payments = (page: Page) => page.getByRole("region", { name: "Payments" });

test("a completed visit's invoice paid by card, its receipt, a replayed webhook, a partial refund, the caregiver's earnings", async ({
  page,
  browser,
}) => {
  // Three people, two servers, a production build's first loads.
  test.setTimeout(TIMEOUTS.journey);
  const lastName = unique("Lindqvist");
  // The family saves a Visa that pays, before the visit.
  // 1. The visit is completed: an invoice is issued, due, with "Pay now" for the saved card.
  const { booked, issued } = await invoiceAfterSavingCard(page, lastName, "4242 4242 4242 4242", "4242");
  const { client, caregiver } = booked;
  expect(issued.totalCents).toBeGreaterThan(0);
  const total = formatMoney(issued.totalCents, "en");
  const invoiceUrl = `${stripe.server.baseURL}/dashboard/billing/${issued.invoiceNumber}`;
  await gotoHydrated(page, invoiceUrl);
  await expect(heading(page)).toContainText(`Invoice ${issued.invoiceNumber}`);
  await expect(heading(page)).toContainText("Due");
  await expect(page.getByTestId("summary-total")).toContainText(total);
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(heading(page)).toContainText("Paid");
  await expect(page.getByRole("button", { name: "Pay now" })).toHaveCount(0);
  await expect(page.getByTestId("summary-paid")).toContainText(total);
  await expect(payments(page).getByRole("listitem")).toHaveCount(1);
  await expect(payments(page)).toContainText("Payment · Card");
  await expect(payments(page)).toContainText(total);
  const paid = await invoiceNow(issued.id);
  expect(paid.status).toBe("paid");
  expect(paid.amountPaidCents).toBe(issued.totalCents);
  // Charged off-session, once, for the invoice's total.
  const charges = stripe.fake.requests.filter(
    (request) =>
      request.method === "POST" &&
      request.path === "/v1/payment_intents" &&
      (request.body.metadata as Record<string, string> | undefined)?.invoiceId === issued.id,
  );
  expect(charges.map((request) => [request.body.amount, request.body.off_session])).toEqual([
    [String(issued.totalCents), "true"],
  ]);
  await page.screenshot({ path: `${SHOTS}/paid-invoice-1280.png`, fullPage: true });

  await gotoHydrated(page, `${stripe.server.baseURL}/dashboard/billing`);
  const row = page.getByRole("row").filter({ hasText: issued.invoiceNumber });
  await expect(row).toContainText("Paid");
  await expect(row).toContainText(total);

  // 2. The receipt: the PDF has the page's total and reads Paid.
  const pdf = await page.request.get(`${invoiceUrl}/pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const receipt = await pdfText(await pdf.body());
  expect(receipt).toContain(`Invoice ${issued.invoiceNumber}`);
  expect(receipt).toContain(total);
  expect(receipt).toContain("Paid");

  // 5. Stripe's webhook for the same payment, then the same signed event again: one payment.
  const succeeded = succeededEventOf(stripe.fake, issued.id);
  expect(await deliverWebhook(stripe.fake, stripe.server, succeeded)).toEqual({ received: true, result: "handled" });
  expect(await deliverWebhook(stripe.fake, stripe.server, succeeded)).toEqual({ received: true, result: "replayed" });
  expect(await paymentRows(issued.id, "payment")).toHaveLength(1);
  const afterReplay = await invoiceNow(issued.id);
  expect(afterReplay.amountPaidCents).toBe(paid.amountPaidCents);
  expect(afterReplay.paidAt).toEqual(paid.paidAt);
  await gotoHydrated(page, invoiceUrl);
  await expect(payments(page).getByRole("listitem")).toHaveCount(1);
  await expect(page.getByTestId("summary-paid")).toContainText(total);

  // 3. An admin refunds part of it to the card, with a reason.
  const refundCents = Math.floor(issued.totalCents / 3);
  const refunded = formatMoney(refundCents, "en");
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const admin = await adminContext.newPage();
    await loginAs(admin, "admin");
    await gotoHydrated(admin, `${stripe.server.baseURL}/admin/billing/${issued.invoiceNumber}`);
    await expect(admin.getByRole("heading", { level: 1, name: issued.invoiceNumber })).toBeVisible();
    await expect(heading(admin)).toContainText("Paid");
    const refund = admin.getByRole("main").getByRole("region", { name: "Refund", exact: true });
    await refund.getByLabel("Amount to refund (USD)").fill(typedDollars(refundCents));
    await refund.getByLabel("How the money goes back").selectOption("card");
    await refund.getByLabel("Reason").fill("Visit ended early");
    await refund.getByRole("button", { name: "Refund", exact: true }).click();
    await expect(admin.getByText(`Refund of ${refunded} issued.`)).toBeVisible();
    const movements = admin.getByRole("main").getByRole("region", { name: "Payments and refunds", exact: true });
    await expect(movements).toContainText(`Refund of ${refunded} by card`);
    await expect(movements).toContainText("Visit ended early");
    await admin.screenshot({ path: `${SHOTS}/admin-refund-1280.png`, fullPage: true });
  } finally {
    await adminContext.close();
  }
  const stripeRefunds = stripe.fake.requests.filter(
    (request) => request.method === "POST" && request.path === "/v1/refunds",
  );
  expect(stripeRefunds.map((request) => [request.body.payment_intent, request.body.amount])).toEqual([
    [paid.stripePaymentIntentId, String(refundCents)],
  ]);
  // Stripe's charge.refunded for that refund, delivered after: still one refund of that amount.
  const chargeRefunded = refundedEventOf(stripe.fake, paid.stripePaymentIntentId!);
  expect(await deliverWebhook(stripe.fake, stripe.server, chargeRefunded)).toEqual({
    received: true,
    result: "handled",
  });
  expect((await paymentRows(issued.id, "refund")).map((refund) => refund.amountCents)).toEqual([refundCents]);
  expect((await invoiceNow(issued.id)).amountRefundedCents).toBe(refundCents);

  // The family sees the refund on the invoice.
  await gotoHydrated(page, invoiceUrl);
  await expect(heading(page)).toContainText("Paid");
  await expect(page.getByTestId("summary-refunded")).toContainText(refunded);
  await expect(payments(page).getByRole("listitem")).toHaveCount(2);
  await expect(payments(page).getByRole("listitem").filter({ hasText: "Refund · Card" })).toContainText(`−${refunded}`);
  await page.screenshot({ path: `${SHOTS}/paid-refunded-invoice-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, invoiceUrl);
  await expect(heading(page)).toContainText("Paid");
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/paid-refunded-invoice-390.png`, fullPage: true });

  // 4. The caregiver's earnings have the visit, in its week and the CSV.
  const [earning] = await e2eDatabase()
    .select()
    .from(caregiverEarnings)
    .where(eq(caregiverEarnings.visitId, booked.visit.id));
  expect(earning).toBeDefined();
  const earned = formatMoney(earning!.amountCents, "en");
  const caregiverContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const carer = await caregiverContext.newPage();
    await signIn(carer, caregiver.email);
    await gotoHydrated(carer, "/caregiver/earnings");
    await expect(carer.getByRole("heading", { level: 1, name: "Earnings" })).toBeVisible();
    const visitRow = carer.locator(`[data-visit="${booked.visit.id}"]`);
    await expect(visitRow).toContainText(`${client.firstName} ${lastName.charAt(0)}.`);
    await expect(visitRow).toContainText(earned);
    await expect(visitRow).toContainText("Pending");
    await expect(carer.locator(`[data-week]`).filter({ has: visitRow })).toContainText(earned);
    await expect(carer.getByTestId("earnings-chart").locator(".recharts-bar-rectangle")).toHaveCount(1);
    await expect(carer.getByRole("table", { name: "Last 12 weeks" })).toContainText(earned);
    await carer.screenshot({ path: `${SHOTS}/caregiver-earnings-1280.png`, fullPage: true });

    const downloading = carer.waitForEvent("download");
    await carer.getByRole("link", { name: "Export CSV" }).click();
    const csv = readFileSync((await (await downloading).path())!, "utf8");
    const lines = csv.trimEnd().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      new RegExp(
        `^${earning!.workedOn},[\\d-]+,${client.firstName} ${lastName.charAt(0)}\\.,${earning!.minutes},[\\d.]+,[\\d.]+,${typedDollars(earning!.amountCents)},pending,$`,
      ),
    );
  } finally {
    await caregiverContext.close();
  }
});

test("a card that needs 3-D Secure: the off-session charge asks, the family confirms with the bank, the invoice is Paid", async ({
  page,
}) => {
  test.setTimeout(TIMEOUTS.journey);
  const { issued } = await invoiceAfterSavingCard(page, unique("Achterberg"), "4000 0027 6000 3184", "3184");
  const total = formatMoney(issued.totalCents, "en");
  const invoiceUrl = `${stripe.server.baseURL}/dashboard/billing/${issued.invoiceNumber}`;
  await gotoHydrated(page, invoiceUrl);
  await expect(heading(page)).toContainText("Due");

  // Off-session the bank asks for authentication: the charge fails and the page asks to confirm.
  await page.getByRole("button", { name: "Pay now" }).click();
  const confirm = page.getByRole("region", { name: "Your bank needs you to confirm this payment" });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText(total);
  await expect(heading(page)).toContainText("Due");
  const asked = await invoiceNow(issued.id);
  expect(asked.status).toBe("due");
  expect(asked.stripePaymentIntentId).toMatch(/^pi_/);
  expect(stripe.fake.paymentIntent(asked.stripePaymentIntentId!).last_payment_error).toMatchObject({
    code: "authentication_required",
  });
  expect(await paymentRows(issued.id, "payment")).toHaveLength(0);
  await page.screenshot({ path: `${SHOTS}/confirm-payment-1280.png`, fullPage: true });

  // The family fails the bank's challenge once: told so, still due, and may try again.
  await confirm.getByRole("button", { name: "Confirm payment" }).click();
  const challenge = page.getByRole("dialog", { name: "3D Secure test page" });
  await expect(challenge).toBeVisible();
  await challenge.getByRole("button", { name: "Fail authentication" }).click();
  await expect(confirm).toContainText(
    "The payment was not confirmed: We are unable to authenticate your payment method.",
  );
  await expect(heading(page)).toContainText("Due");
  expect((await invoiceNow(issued.id)).status).toBe("due");

  // Then passes it: Paid.
  await confirm.getByRole("button", { name: "Confirm payment" }).click();
  await expect(challenge).toBeVisible();
  await challenge.getByRole("button", { name: "Complete authentication" }).click();
  await expect(heading(page)).toContainText("Paid");
  await expect(page.getByRole("button", { name: "Confirm payment" })).toHaveCount(0);
  await expect(payments(page).getByRole("listitem")).toHaveCount(1);
  await expect(page.getByTestId("summary-paid")).toContainText(total);
  const paid = await invoiceNow(issued.id);
  expect(paid.status).toBe("paid");
  expect(paid.amountPaidCents).toBe(issued.totalCents);
  expect(stripe.fake.paymentIntent(paid.stripePaymentIntentId!).status).toBe("succeeded");

  // Stripe's webhook for it arrives after the page recorded it: nothing more.
  expect(await deliverWebhook(stripe.fake, stripe.server, succeededEventOf(stripe.fake, issued.id))).toEqual({
    received: true,
    result: "handled",
  });
  expect(await paymentRows(issued.id, "payment")).toHaveLength(1);
  await page.screenshot({ path: `${SHOTS}/paid-3ds-invoice-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, invoiceUrl);
  await expect(heading(page)).toContainText("Paid");
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/paid-3ds-invoice-390.png`, fullPage: true });
});

test("a card the bank declines: Pay now leaves the invoice due and says why", async ({ page }) => {
  test.setTimeout(TIMEOUTS.journey);
  // Saved fine; its charges are declined (Stripe's 4000 0000 0000 0341).
  const { issued } = await invoiceAfterSavingCard(page, unique("Declan"), "4000 0000 0000 0341", "0341");
  await gotoHydrated(page, `${stripe.server.baseURL}/dashboard/billing/${issued.invoiceNumber}`);
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(page.getByText("The last charge to your card failed: Your card was declined.")).toBeVisible();
  await expect(heading(page)).toContainText("Due");
  await expect(page.getByText("No payments yet.")).toBeVisible();
  const failed = await invoiceNow(issued.id);
  expect(failed.status).toBe("due");
  expect(failed.chargeAttempts).toBe(1);
  expect(await paymentRows(issued.id, "payment")).toHaveLength(0);
});

test("a caregiver sets up payouts at Stripe; the admin's payout to them is a transfer to that account", async ({
  page,
  browser,
}) => {
  test.setTimeout(TIMEOUTS.journey);
  const lastName = unique("Mwangi");
  const { caregiver, earning } = await caregiverWithEarning(lastName);
  const earningsUrl = `${stripe.server.baseURL}/caregiver/earnings`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, caregiver.email);
  await gotoHydrated(page, earningsUrl);
  const account = page.getByRole("region", { name: "Where your pay goes" });
  await expect(account).toContainText("Payouts can go straight to your bank account through Stripe.");
  await page.screenshot({ path: `${SHOTS}/payout-account-none-1280.png`, fullPage: true });

  // To Stripe's hosted onboarding (the fake's page), left unfinished: back, and asked to continue.
  await account.getByRole("button", { name: "Set up payouts" }).click();
  await expect(page.getByRole("heading", { name: "Stripe Express test onboarding" })).toBeVisible();
  expect(page.url().startsWith(`${stripe.fake.url}/setup/e/`)).toBe(true);
  await page.getByRole("button", { name: "Leave for now" }).click();
  await expect(page).toHaveURL(`${earningsUrl}?payouts=return`);
  await expect(account).toContainText("Stripe still needs some details. Continue the setup when you are ready.");
  const [stored] = await e2eDatabase().select().from(stripeAccounts).where(eq(stripeAccounts.userId, caregiver.id));
  expect(stored).toMatchObject({ connectedAccountId: expect.stringMatching(/^acct_/), connectPayoutsEnabled: false });

  // Continued and finished: set up, and the button is gone.
  await account.getByRole("button", { name: "Continue payout setup" }).click();
  await page.getByRole("button", { name: "Finish onboarding" }).click();
  await expect(page).toHaveURL(`${earningsUrl}?payouts=return`);
  await expect(account).toContainText("Your payout account is set up.");
  await expect(account).toContainText("Your payouts go to your bank account through Stripe.");
  await expect(account.getByRole("button")).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/payout-account-ready-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, `${earningsUrl}?payouts=return`);
  await expect(account).toContainText("Your payout account is set up.");
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/payout-account-ready-390.png`, fullPage: true });

  // The admin pays the caregiver's payout (a batch of its own): one transfer to the connected account.
  const payout = await payoutOf(earning);
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const admin = await adminContext.newPage();
    await loginAs(admin, "admin");
    await gotoHydrated(admin, `${stripe.server.baseURL}/admin/payouts`);
    const name = `Iris ${lastName}`;
    await admin
      .getByRole("form", { name: `Mark the payout to ${name} paid` })
      .getByRole("button", { name: "Mark paid" })
      .click();
    await expect(admin.getByRole("status").filter({ hasText: `Payout to ${name} marked paid.` })).toBeVisible();
    await expect(admin.locator(`[data-payout="${payout.id}"]`)).toContainText("Paid");
  } finally {
    await adminContext.close();
  }
  const transfers = stripe.fake.transfers().filter((transfer) => transfer.destination === stored!.connectedAccountId);
  expect(transfers).toMatchObject([{ amount: 9200, currency: "usd", metadata: { payout_id: payout.id } }]);
  const [paid] = await e2eDatabase().select().from(payouts).where(eq(payouts.id, payout.id));
  expect(paid).toMatchObject({ status: "paid", stripeTransferId: transfers[0]!.id });

  await gotoHydrated(page, earningsUrl);
  await expect(page.locator(`[data-visit="${earning.visitId}"]`)).toContainText("Paid");
});

test("without JavaScript (not loaded yet, or failed), Set up payouts still leads to Stripe and back", async ({
  browser,
}) => {
  const { caregiver } = await caregiverWithEarning(unique("Otieno"));
  const earningsUrl = `${stripe.server.baseURL}/caregiver/earnings`;
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    await signIn(page, caregiver.email);
    await page.goto(earningsUrl);
    const account = page.getByRole("region", { name: "Where your pay goes" });
    // A plain form post whose answer redirects to Stripe: the page's form-action must allow it.
    await account.getByRole("button", { name: "Set up payouts" }).click();
    await expect(page.getByRole("heading", { name: "Stripe Express test onboarding" })).toBeVisible();
    await page.getByRole("button", { name: "Finish onboarding" }).click();
    await expect(page).toHaveURL(`${earningsUrl}?payouts=return`);
    await expect(account).toContainText("Your payout account is set up.");
  } finally {
    await context.close();
  }
});
