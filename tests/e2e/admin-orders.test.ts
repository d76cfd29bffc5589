import { createOrderForAdmin } from "./care-order-helpers";
import { gotoHydrated } from "./chrome-helpers";
import { expect, loginAs, MOBILE, test, unique } from "./fixtures";
import { latestEmail } from "./password-reset-helpers";

// /admin/orders and /admin/orders/{orderId}: find, read, assign, cancel.

test("an admin finds an order by number, reads the request and offers it by hand with a reason", async ({ page }) => {
  const lastName = unique("Okoro");
  const order = await createOrderForAdmin({ lastName });
  await loginAs(page, "admin");
  await gotoHydrated(page, "/admin/orders");
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();

  await page.getByLabel("Order number").fill(order.orderNumber);
  await page.getByRole("button", { name: "Show orders" }).click();
  await expect(page.getByRole("status").filter({ hasText: "1 order" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: order.orderNumber });
  await expect(row).toContainText("Waiting for a caregiver");
  await expect(row).toContainText(`Dana ${lastName}`);
  await row.getByRole("link", { name: order.orderNumber }).click();

  await expect(page.getByRole("heading", { level: 1, name: order.orderNumber })).toBeVisible();
  const request = page.getByRole("region", { name: "Care request" });
  await expect(request).toContainText(`Ruth ${lastName}`);
  await expect(request).toContainText("Diabetes care");
  await expect(request).toContainText("Needs insulin reminders before lunch.");
  await expect(page.getByRole("region", { name: "Quote as booked" })).toContainText("a week");

  const assign = page.getByRole("region", { name: "Assign a caregiver" });
  const candidate = assign.getByRole("radio", { name: new RegExp(`^Elena ${lastName} · .* fits every matching rule`) });
  await assign.getByRole("button", { name: "Offer to this caregiver" }).click();
  // A reason is required before anything is offered.
  await expect(assign.getByText("Say why you chose this caregiver; the reason is recorded.")).toBeVisible();
  await candidate.check();
  await assign.getByLabel("Why this caregiver").fill("Speaks Spanish and lives nearby");
  await assign.getByRole("button", { name: "Offer to this caregiver" }).click();
  await expect(
    page.getByText(`Offered to Elena ${lastName}. They accept or decline; the family was told.`),
  ).toBeVisible();
  const summary = page.getByRole("region", { name: "Summary" });
  await expect(summary).toContainText("Offered");
  await expect(page.getByRole("region", { name: "Offers" })).toContainText(
    "offered by an administrator: Speaks Spanish and lives nearby",
  );
});

test("an admin filters by status and client, and cancels an offered order with a reason (mobile)", async ({
  browser,
}) => {
  const lastName = unique("Lindqvist");
  const order = await createOrderForAdmin({ lastName, offer: true });
  const context = await browser.newContext(MOBILE);
  const page = await context.newPage();
  await loginAs(page, "admin");
  await gotoHydrated(page, `/admin/orders?status=offered&client=${encodeURIComponent(lastName)}`);
  await expect(page.getByLabel("Status")).toHaveValue("offered");
  const row = page.getByRole("row").filter({ hasText: order.orderNumber });
  await expect(row).toContainText("Offered");
  await row.getByRole("link", { name: order.orderNumber }).click();

  const offers = page.getByRole("region", { name: "Offers" });
  await expect(offers).toContainText(`Elena ${lastName}`);
  await expect(offers).toContainText("offered");

  const cancel = page.getByRole("region", { name: "Cancel this order" });
  await cancel.getByRole("button", { name: "Cancel order" }).click();
  await expect(cancel.getByText("Please give a reason for cancelling.")).toBeVisible();
  await cancel.getByLabel("Reason for cancelling").fill("The family found care through their church");
  await cancel.getByRole("button", { name: "Cancel order" }).click();
  await expect(page.getByText("The order is cancelled. The client and the caregiver were emailed.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Summary" })).toContainText("By an administrator on");
  await expect(offers).toContainText("withdrawn");
  await expect(page.getByRole("region", { name: "Cancel this order" })).toHaveCount(0);
  await latestEmail(order.client.email, `Care order ${order.orderNumber} was cancelled`);

  await gotoHydrated(page, `/admin/orders?status=cancelled&q=${order.orderNumber}`);
  await expect(page.getByRole("row").filter({ hasText: order.orderNumber })).toContainText("Cancelled");
  await gotoHydrated(page, "/admin/orders?q=TN-0000-NONE");
  await expect(page.getByText("No orders match these filters.")).toBeVisible();
  await context.close();
});

test("an unknown order is a not-found page inside the admin area", async ({ page }) => {
  await loginAs(page, "admin");
  const response = await page.goto("/admin/orders/00000000-0000-4000-8000-000000000000");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Order not found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin menu" })).toBeAttached();
  await page.getByRole("link", { name: "Back to all orders" }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
});
