import { mkdirSync, readFileSync } from "node:fs";
import { createClient } from "~/platform/db/seed/factories.server";
import { formatMoney } from "~/utils/money";
import { awaitInvoice, pdfText } from "./billing-helpers";
import { gotoHydrated } from "./chrome-helpers";
import { e2eDatabase } from "./e2e-database";
import { expect, loginAs, MOBILE, signIn, test, unique } from "./fixtures";
import { completeVisit, visitStartingSoon } from "./visit-helpers";

// The family's billing (/dashboard/billing): a visit checked in and out (through the check-in
// feature, as the caregiver's phone would) is invoiced by the server's job; the family finds the
// invoice in the list, its page shows the same total, the PDF downloads with that total in its
// text, another family gets a 404; in Spanish at 390 px.

const SHOTS = "/tmp/shots-billing";
mkdirSync(SHOTS, { recursive: true });

/** A family whose visit was just completed, and the invoice the server issued for it. */
async function familyWithInvoice(lastName: string) {
  const booked = await visitStartingSoon({ lastName });
  await completeVisit(booked);
  return { ...booked, invoice: await awaitInvoice(booked.orderId) };
}

test("a completed visit's invoice: in the list, its page's total, the PDF with the same total; others get 404", async ({
  page,
  playwright,
}) => {
  const lastName = unique("Moreno");
  const { client, invoice, orderNumber } = await familyWithInvoice(lastName);
  const total = formatMoney(invoice.totalCents, "en");
  expect(invoice.totalCents).toBeGreaterThan(0);

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, client.email);
  await gotoHydrated(page, "/dashboard/billing");
  await expect(page.getByRole("heading", { level: 1, name: "Billing" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: invoice.invoiceNumber });
  await expect(row).toContainText(total);
  await expect(row).toContainText("Due");
  await expect(row).toContainText(`Order ${orderNumber}`);
  await page.screenshot({ path: `${SHOTS}/family-billing-1280.png`, fullPage: true });

  await row.getByRole("link", { name: invoice.invoiceNumber }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/billing/${invoice.invoiceNumber}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`Invoice ${invoice.invoiceNumber}`);
  await expect(page.getByTestId("summary-total")).toContainText(total);
  await expect(page.getByTestId("summary-subtotal")).toContainText(formatMoney(invoice.subtotalCents, "en"));
  await expect(page.getByTestId("summary-platform_fee")).toContainText("Platform fee");
  await expect(page.getByRole("region", { name: "Visits" })).toContainText("With Iris");
  await expect(page.getByText("No payments yet.")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/family-invoice-1280.png`, fullPage: true });

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download PDF" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${invoice.invoiceNumber}.pdf`);
  const text = await pdfText(readFileSync((await download.path())!));
  expect(text).toContain(`Invoice ${invoice.invoiceNumber}`);
  expect(text).toContain(total);

  const response = await page.request.get(`/dashboard/billing/${invoice.invoiceNumber}/pdf`);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  expect(response.headers()["content-disposition"]).toBe(`attachment; filename="${invoice.invoiceNumber}.pdf"`);

  // Another family: the invoice, its PDF and a made-up number are not found.
  const other = await playwright.request.newContext({
    baseURL: test.info().project.use.baseURL!,
    extraHTTPHeaders: { "X-Forwarded-For": `10.251.${test.info().workerIndex % 250}.7` },
  });
  try {
    await loginAs({ request: other }, "client");
    expect((await other.get(`/dashboard/billing/${invoice.invoiceNumber}/pdf`)).status()).toBe(404);
    expect((await other.get(`/dashboard/billing/${invoice.invoiceNumber}`)).status()).toBe(404);
    expect((await other.get(`/dashboard/billing/INV-2026-999999/pdf`)).status()).toBe(404);
  } finally {
    await other.dispose();
  }
});

test.describe("in Spanish on a phone", () => {
  test.use({ ...MOBILE, locale: "es-US", extraHTTPHeaders: { "Accept-Language": "es-US,es;q=0.9" } });

  test("the list, the invoice and the PDF in Spanish", async ({ page }) => {
    const lastName = unique("Ibarra");
    const { client, invoice } = await familyWithInvoice(lastName);
    const total = formatMoney(invoice.totalCents, "es");
    await signIn(page, client.email);
    await gotoHydrated(page, "/dashboard/billing");
    await expect(page.getByRole("heading", { level: 1, name: "Facturación" })).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: invoice.invoiceNumber });
    await expect(row).toContainText("Pendiente");
    await expect(row).toContainText(total);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${SHOTS}/family-billing-es-390.png`, fullPage: true });

    await row.getByRole("link", { name: invoice.invoiceNumber }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`Factura ${invoice.invoiceNumber}`);
    await expect(page.getByTestId("summary-total")).toContainText(total);
    await expect(page.getByRole("link", { name: "Descargar PDF" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${SHOTS}/family-invoice-es-390.png`, fullPage: true });

    const response = await page.request.get(`/dashboard/billing/${invoice.invoiceNumber}/pdf`);
    const text = await pdfText(await response.body());
    expect(text).toContain(`Factura ${invoice.invoiceNumber}`);
    expect(text).toContain(formatMoney(invoice.totalCents, "en"));
  });

  test("a family without invoices sees the empty state", async ({ page }) => {
    const email = `family-${unique("empty").toLowerCase()}@example.test`;
    await createClient(e2eDatabase(), { firstName: "Rita", lastName: "Vacía", email });
    await signIn(page, email);
    await gotoHydrated(page, "/dashboard/billing");
    await expect(page.getByRole("heading", { name: "Aún no hay facturas" })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/family-billing-empty-es-390.png`, fullPage: true });
  });
});
