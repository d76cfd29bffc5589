import { mkdirSync, readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { paymentInstructions } from "~/platform/db/schema";
import { formatMoney } from "~/utils/money";
import { awaitInvoice, pdfText } from "./billing-helpers";
import { gotoHydrated } from "./chrome-helpers";
import { e2eDatabase } from "./e2e-database";
import { expect, loginAs, MOBILE, signIn, test, unique } from "./fixtures";
import { TIMEOUTS } from "./timeouts";
import { completeVisit, visitStartingSoon } from "./visit-helpers";

// A way to pay (docs/product-rules.md, "How to pay an invoice") on a 390 px phone. Without Stripe
// (the suite's server): until an admin sets the payment instructions, the family's invoice says to
// write to support and the admin's billing page says they are missing; an admin sets them on
// /admin/billing (a missing payee and a missing way to pay are refused beside their fields); the
// family reads them on the invoice, with the invoice number as the reference, downloads the PDF
// and finds them there, and the card page shows them. Paying by card from the invoice page, with
// Stripe, is in client-card-payments.test.ts.

test.use(MOBILE);

const SHOTS = "/tmp/shots-payment-instructions";
mkdirSync(SHOTS, { recursive: true });

const howToPay = (page: Page) => page.getByRole("main").getByRole("region", { name: "How to pay", exact: true });

async function fitsWidth(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test("an admin sets the payment instructions; a family without Stripe reads how to pay on the invoice and in its PDF", async ({
  page,
  browser,
}) => {
  test.setTimeout(TIMEOUTS.journey);
  // Instructions are the platform's one row: this journey starts from none.
  await e2eDatabase().delete(paymentInstructions);
  const booked = await visitStartingSoon({ lastName: unique("Adeyemi") });
  await completeVisit(booked);
  const invoice = await awaitInvoice(booked.orderId);
  const invoicePath = `/dashboard/billing/${invoice.invoiceNumber}`;

  // 1. Nothing set yet: a clear line to reach support, with the invoice number; never an empty box.
  await signIn(page, booked.client.email);
  await gotoHydrated(page, invoicePath);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`Invoice ${invoice.invoiceNumber}`);
  await expect(howToPay(page)).toContainText("Payment details are not published yet.");
  await expect(howToPay(page)).toContainText(`with the reference ${invoice.invoiceNumber}`);
  await expect(howToPay(page).getByRole("link", { name: "support@tendly.test" })).toHaveAttribute(
    "href",
    `mailto:support@tendly.test?subject=${invoice.invoiceNumber}`,
  );

  // 2. The admin's billing page says they are missing; a form without a payee or a way to pay is refused.
  const adminContext = await browser.newContext({ ...MOBILE, baseURL: test.info().project.use.baseURL });
  const admin = await adminContext.newPage();
  try {
    await loginAs(admin, "admin");
    await gotoHydrated(admin, "/admin/billing");
    await expect(admin.getByRole("main").getByText("Payment instructions are missing.").first()).toBeVisible();
    const section = admin.getByRole("region", { name: "Payment instructions" });
    await section.getByRole("button", { name: "Save payment instructions" }).click();
    await expect(section.getByText("Enter the name payments are made out to.")).toBeVisible();
    await expect(
      section.getByText("Give an account number for transfers or a mailing address for checks."),
    ).toBeVisible();
    await expect(section.getByLabel("Payee name")).toHaveAccessibleDescription(
      /Enter the name payments are made out to\./,
    );

    await section.getByLabel("Payee name").fill("Tendly Care LLC");
    await section.getByLabel("Bank name").fill("First Prairie Bank");
    await section.getByLabel("Account number or IBAN").fill("000123456789");
    await section.getByLabel("Routing number, SWIFT or BIC").fill("071000013");
    await section
      .getByLabel("Mailing address for checks")
      .fill("Tendly Care LLC\n200 W Adams St, Suite 500\nChicago, IL 60606");
    await section.getByLabel("Note to families").fill("Payments are recorded within two business days.");
    await section.getByRole("button", { name: "Save payment instructions" }).click();
    await expect(section.getByText("Payment instructions saved.")).toBeVisible();
    await expect(section.getByTestId("instructions-history")).toContainText("Payee name, Bank name");
    await fitsWidth(admin);
    await admin.screenshot({ path: `${SHOTS}/admin-instructions-390.png`, fullPage: true });
    // Saved: after a reload the page no longer says they are missing.
    await gotoHydrated(admin, "/admin/billing");
    await expect(admin.getByText("Payment instructions are missing.")).toHaveCount(0);
    await expect(section.getByLabel("Payee name")).toHaveValue("Tendly Care LLC");
  } finally {
    await adminContext.close();
  }

  // 3. The family's invoice: the instructions and the reference to write.
  await gotoHydrated(page, invoicePath);
  const box = howToPay(page);
  await expect(box).toContainText("Pay to");
  await expect(box).toContainText("Tendly Care LLC");
  await expect(box).toContainText("First Prairie Bank");
  await expect(box).toContainText("000123456789");
  await expect(box).toContainText("071000013");
  await expect(box).toContainText("200 W Adams St, Suite 500");
  await expect(box).toContainText("Payments are recorded within two business days.");
  await expect(box.getByTestId("how-to-pay-reference")).toHaveText(invoice.invoiceNumber);
  await expect(box).not.toContainText("not published yet");
  await fitsWidth(page);
  await page.screenshot({ path: `${SHOTS}/family-invoice-390.png`, fullPage: true });

  // 4. The PDF the family downloads says the same.
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download PDF" }).click();
  const download = await downloading;
  const text = (await pdfText(readFileSync((await download.path())!))).replace(/\s+/g, " ");
  expect(text).toContain(`Invoice ${invoice.invoiceNumber}`);
  expect(text).toContain(formatMoney(invoice.totalCents, "en"));
  for (const expected of [
    "How to pay",
    "Pay to: Tendly Care LLC",
    "Bank: First Prairie Bank",
    "Account number: 000123456789",
    "Routing number: 071000013",
    "Mail checks to: Tendly Care LLC 200 W Adams St, Suite 500 Chicago, IL 60606",
    `Reference: ${invoice.invoiceNumber}`,
  ])
    expect(text).toContain(expected);

  // 5. The card page: card payments are not available, and how to pay instead.
  await gotoHydrated(page, "/dashboard/billing/card");
  await expect(page.getByText("Card payments are not available.")).toBeVisible();
  await expect(howToPay(page)).toContainText("Tendly Care LLC");
  await expect(howToPay(page)).toContainText("Write the invoice number on your transfer or check");
  await fitsWidth(page);
  await page.screenshot({ path: `${SHOTS}/family-card-page-390.png`, fullPage: true });
});
