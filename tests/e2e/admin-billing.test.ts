import { mkdirSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { invoiceLines, invoices } from "~/platform/db/schema";
import { confirmedOrderForAdmin } from "./care-order-helpers";
import { gotoHydrated } from "./chrome-helpers";
import { e2eDatabase } from "./e2e-database";
import { expect, loginAs, MOBILE, test, unique } from "./fixtures";

// Admin billing (/admin/billing): an admin finds a due invoice, records a partial payment and
// then the rest (the invoice shows Paid), refunds part of it with a reason, gives the family
// credit; wrong amounts and a missing reason are refused beside their fields. In Spanish at 390 px.

const SHOTS = "/tmp/shots-admin-billing";
mkdirSync(SHOTS, { recursive: true });

/** A due invoice of $180.00 for a confirmed order's first visit, inserted as issuing would leave it. */
async function dueInvoice(lastName: string) {
  const db = e2eDatabase();
  const order = await confirmedOrderForAdmin(lastName);
  const [invoice] = await db
    .insert(invoices)
    .values({
      orderId: order.orderId,
      clientId: order.client.id,
      periodStart: "2026-12-07",
      periodEnd: "2026-12-07",
      subtotalCents: 16_000,
      platformFeeCents: 2_000,
      totalCents: 18_000,
      dueAt: new Date(Date.now() + 14 * 86_400_000),
    })
    .returning();
  await db.insert(invoiceLines).values([
    { invoiceId: invoice!.id, position: 1, kind: "visit", visitId: order.firstVisit.id, amountCents: 16_000 },
    { invoiceId: invoice!.id, position: 2, kind: "platform_fee", amountCents: 2_000 },
  ]);
  return { ...order, invoice: invoice! };
}

const main = (page: Page) => page.getByRole("main");
const section = (page: Page, name: string) => main(page).getByRole("region", { name, exact: true });

async function fitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function submit(form: Locator, button: string) {
  await form.getByRole("button", { name: button, exact: true }).click();
}

test("an admin records a partial payment, then the rest: the invoice is Paid; a refund and a credit show", async ({
  page,
}) => {
  // Eight submissions on one page: slower than the default on a busy machine.
  test.slow();
  const lastName = unique("Okafor");
  const { invoice } = await dueInvoice(lastName);
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, "admin");
  await gotoHydrated(page, "/admin");
  await main(page).waitFor();
  await gotoHydrated(page, "/admin/billing");
  await expect(page.getByRole("heading", { level: 1, name: "Billing" })).toBeVisible();
  await main(page).getByLabel("Search").fill(invoice.invoiceNumber);
  await main(page).getByLabel("Status").selectOption("due");
  await main(page).getByRole("button", { name: "Show invoices" }).click();
  await expect(page).toHaveURL(/status=due/);
  const row = main(page).getByTestId("invoice-row").filter({ hasText: invoice.invoiceNumber });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`Dana ${lastName}`);
  await expect(row).toContainText("Due");
  await expect(row).toContainText("$180.00");
  await page.screenshot({ path: `${SHOTS}/admin-billing-list-1280.png`, fullPage: true });
  await row.getByRole("link", { name: invoice.invoiceNumber }).click();
  await expect(page.getByRole("heading", { level: 1, name: invoice.invoiceNumber })).toBeVisible();

  // A wrong amount, then more than is owed, refused beside the field.
  const payment = section(page, "Record a payment");
  await expect(payment).toContainText("Still owed: $180.00.");
  await payment.getByLabel("Amount received (USD)").fill("12.345");
  await payment.getByLabel("How it was paid").selectOption("check");
  await submit(payment, "Record payment");
  await expect(payment.getByText("Enter an amount in dollars and cents, such as 120 or 120.50.")).toBeVisible();
  await payment.getByLabel("Amount received (USD)").fill("180.01");
  await submit(payment, "Record payment");
  await expect(payment.getByText("That is more than is still owed on this invoice.")).toBeVisible();

  await payment.getByLabel("Amount received (USD)").fill("50");
  await payment.getByLabel("Reference (optional)").fill("Check 1042");
  await submit(payment, "Record payment");
  await expect(page.getByText("Payment of $50.00 recorded.")).toBeVisible();
  const movements = section(page, "Payments and refunds");
  await expect(movements).toContainText("Payment of $50.00 by check");
  await expect(movements).toContainText("Check 1042");
  await expect(section(page, "Record a payment")).toContainText("Still owed: $130.00.");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Due");
  // Money was paid: no more voiding.
  await expect(section(page, "Void this invoice")).toHaveCount(0);

  await payment.getByLabel("Amount received (USD)").fill("130");
  await payment.getByLabel("How it was paid").selectOption("bank_transfer");
  await submit(payment, "Record payment");
  await expect(page.getByText("Payment of $130.00 recorded.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Paid");
  await expect(section(page, "Record a payment")).toHaveCount(0);
  await expect(section(page, "Summary")).toContainText("Paid in full");

  // A refund needs a reason and stays within what was paid.
  const refund = section(page, "Refund");
  await expect(refund).toContainText("Up to $180.00 can be refunded.");
  await refund.getByLabel("Amount to refund (USD)").fill("20");
  await refund.getByLabel("How the money goes back").selectOption("cash");
  await submit(refund, "Refund");
  await expect(refund.getByText("Please give a reason.")).toBeVisible();
  await refund.getByLabel("Amount to refund (USD)").fill("180.01");
  await refund.getByLabel("Reason").fill("Visit cut short");
  await submit(refund, "Refund");
  await expect(refund.getByText("That is more than was paid and not yet refunded.")).toBeVisible();
  await refund.getByLabel("Amount to refund (USD)").fill("20");
  await submit(refund, "Refund");
  await expect(page.getByText("Refund of $20.00 issued.")).toBeVisible();
  await expect(movements).toContainText("Refund of $20.00 by cash");
  await expect(movements).toContainText("Visit cut short");
  await expect(section(page, "Summary")).toContainText("$20.00");
  await expect(section(page, "Refund")).toContainText("Up to $160.00 can be refunded.");

  // Credit for the family.
  const credit = section(page, "The family's credit");
  await expect(credit.getByTestId("credit-balance")).toContainText("$0.00");
  await credit.getByLabel("Credit (USD)").fill("15");
  await credit.getByLabel("Reason").fill("Sorry for the late start");
  await submit(credit, "Give credit");
  await expect(page.getByText("Credit of $15.00 given.")).toBeVisible();
  await expect(credit.getByTestId("credit-balance")).toContainText("$15.00");
  await expect(credit).toContainText("Sorry for the late start");
  await fitsWidth(page, 1280);
  await page.screenshot({ path: `${SHOTS}/admin-invoice-1280.png`, fullPage: true });

  // Back on the list, the paid filter finds it.
  await gotoHydrated(page, `/admin/billing?status=paid&q=${invoice.invoiceNumber}`);
  await expect(main(page).getByTestId("invoice-row").filter({ hasText: invoice.invoiceNumber })).toContainText("Paid");
});

test("a family cannot open the admin's billing", async ({ page }) => {
  await loginAs(page, "client");
  const response = await page.goto("/admin/billing");
  await expect(page).not.toHaveURL(/\/admin\/billing$/);
  expect(response?.status()).toBeLessThan(500);
  await expect(page.getByRole("heading", { level: 1, name: "Billing" })).toHaveCount(0);
});

test.describe("on a phone", () => {
  test.use(MOBILE);

  test("in Spanish at 390 px: the list as cards, a payment recorded, the void form's reason required", async ({
    page,
  }) => {
    test.slow();
    const lastName = unique("Reyes");
    const { invoice } = await dueInvoice(lastName);
    await loginAs(page, "admin");
    await gotoHydrated(page, `/admin/billing?lang=es&q=${invoice.invoiceNumber}`);
    await expect(page.getByRole("heading", { level: 1, name: "Facturación" })).toBeVisible();
    const row = main(page).getByTestId("invoice-row").filter({ hasText: invoice.invoiceNumber });
    await expect(row).toContainText("Pendiente de pago");
    await expect(row).toContainText("Familia: ");
    await fitsWidth(page, 390);
    await page.screenshot({ path: `${SHOTS}/admin-billing-list-es-390.png`, fullPage: true });

    await row.getByRole("link", { name: invoice.invoiceNumber }).click();
    await expect(page.getByRole("heading", { level: 1, name: invoice.invoiceNumber })).toBeVisible();
    const voiding = section(page, "Anular esta factura");
    await submit(voiding, "Anular factura");
    await expect(voiding.getByText("Indique un motivo.")).toBeVisible();

    const payment = section(page, "Registrar un pago");
    await payment.getByLabel("Importe recibido (USD)").fill("180");
    await payment.getByLabel("Cómo se pagó").selectOption("cash");
    await submit(payment, "Registrar pago");
    await expect(page.getByText("Pago de $180.00 registrado.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Pagada");
    await expect(section(page, "Pagos y reembolsos")).toContainText("Pago de $180.00 por efectivo");
    await fitsWidth(page, 390);
    await page.screenshot({ path: `${SHOTS}/admin-invoice-es-390.png`, fullPage: true });
  });
});
