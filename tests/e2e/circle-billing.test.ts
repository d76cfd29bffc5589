import { addDays, format } from "date-fns";
import { eq } from "drizzle-orm";
import { careRequests, familyMembers, invoices, orders, visits } from "~/platform/db/schema";
import { createClient } from "~/platform/db/seed/factories.server";
import { issueInvoices } from "~/features/billing/issue-invoices.server";
import { bookedOneVisit } from "./booked-visit-helpers";
import { gotoHydrated } from "./chrome-helpers";
import { e2eDatabase } from "./e2e-database";
import { expect, MOBILE, signIn, test, unique } from "./fixtures";

// The family circle's money (docs/product-rules.md, "Family circle"): a manage member finds the holder's invoice on
// their own billing page, reads it, downloads it and is told how to pay it (the card on file stays the holder's); a
// follow member sees no invoice, and the invoice's address is not found for them. The family books in Sioux City,
// where no other test does.

test.use(MOBILE);

test("a manage member reads and downloads the holder's invoice; a follow member does not see it", async ({ page }) => {
  const tag = unique("Ledger");
  const { client, orderId, visit } = await bookedOneVisit({
    zip: "51101",
    date: format(addDays(new Date(), 14), "yyyy-MM-dd"),
    startTime: "09:00",
    endTime: "12:00",
    family: tag,
    main: tag,
  });
  const db = e2eDatabase();
  await db
    .update(visits)
    .set({ status: "completed", checkedInAt: visit.startsAt, checkedOutAt: visit.endsAt })
    .where(eq(visits.id, visit.id));
  await issueInvoices({ orderId, now: new Date(visit.endsAt.getTime() + 3_600_000) });
  const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
  const [order] = await db
    .select({ recipientId: careRequests.careRecipientId })
    .from(orders)
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(eq(orders.id, orderId));
  const daughter = await createClient(db, { firstName: "Maya", lastName: tag, zipCode: "51101" });
  const son = await createClient(db, { firstName: "Leo", lastName: tag, zipCode: "51101" });
  await db.insert(familyMembers).values([
    { careRecipientId: order!.recipientId!, userId: daughter.id, role: "manage", addedBy: client.id },
    { careRecipientId: order!.recipientId!, userId: son.id, role: "follow", addedBy: client.id },
  ]);

  await signIn(page, daughter.email);
  await gotoHydrated(page, "/dashboard/billing");
  const row = page.getByRole("row").filter({ hasText: invoice!.invoiceNumber });
  await expect(row).toContainText(`Dana ${tag}'s account`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.viewport.width);
  await page.screenshot({ path: "/tmp/shots-family/member-billing-390.png", fullPage: true });
  await row.getByRole("link", { name: invoice!.invoiceNumber }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Invoice ${invoice!.invoiceNumber}` })).toBeVisible();
  await expect(page.getByText(`From Dana ${tag}'s account, whose family circle you manage.`)).toBeVisible();
  await expect(page.getByRole("heading", { name: "How to pay" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay now" })).toHaveCount(0);
  await page.screenshot({ path: "/tmp/shots-family/member-invoice-390.png", fullPage: true });
  const pdf = await page.request.get(`/dashboard/billing/${invoice!.invoiceNumber}/pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");

  // The follow member: no invoice listed, and its page is not found.
  await page.context().clearCookies();
  await signIn(page, son.email);
  await gotoHydrated(page, "/dashboard/billing");
  await expect(page.getByRole("heading", { name: "No invoices yet" })).toBeVisible();
  const hidden = await page.goto(`/dashboard/billing/${invoice!.invoiceNumber}`);
  expect(hidden?.status()).toBe(404);
});
