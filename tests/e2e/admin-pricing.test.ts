import { gotoHydrated, reloadHydrated } from "./chrome-helpers";
import { expect, loginAs, MOBILE, test } from "./fixtures";

// /admin/pricing: admins edit every pricing setting and the promo codes.

test("an admin changes a rate, sees a bad value refused, and the saved value stays after a reload", async ({
  page,
}) => {
  await loginAs(page, "admin");
  await gotoHydrated(page, "/admin/pricing");
  await expect(page.getByRole("heading", { level: 1, name: "Pricing" })).toBeVisible();
  const rates = page.getByRole("region", { name: "Rates and fees" });
  const housekeeping = rates.getByLabel("Housekeeping");
  await expect(housekeeping).toHaveValue("27.00");

  await housekeeping.fill("lots");
  await rates.getByRole("button", { name: "Save pricing" }).click();
  await expect(rates.getByText("Housekeeping: enter an amount in dollars, like 34 or 34.50")).toBeVisible();
  await expect(rates.getByText("Nothing was saved")).toBeVisible();

  await housekeeping.fill("27.50");
  await rates.getByLabel("Weekend multiplier").fill("1.2");
  await rates.getByRole("button", { name: "Save pricing" }).click();
  await expect(rates.getByText("Pricing saved.")).toBeVisible();
  await reloadHydrated(page);
  await expect(rates.getByLabel("Housekeeping")).toHaveValue("27.50");
  await expect(rates.getByLabel("Weekend multiplier")).toHaveValue("1.2");

  // Back to the seeded values, for the other tests on this server.
  await rates.getByLabel("Housekeeping").fill("27");
  await rates.getByLabel("Weekend multiplier").fill("1.15");
  await rates.getByRole("button", { name: "Save pricing" }).click();
  await expect(rates.getByText("Pricing saved.")).toBeVisible();
});

test("an admin creates a promo code, sees duplicates refused, and deactivates it (mobile)", async ({ browser }) => {
  const context = await browser.newContext(MOBILE);
  const page = await context.newPage();
  await loginAs(page, "admin");
  await gotoHydrated(page, "/admin/pricing");
  const promos = page.getByRole("region", { name: "Promo codes" });
  await expect(promos.getByText("WELCOME10")).toBeVisible();
  const code = `SPRING${Date.now().toString(36).toUpperCase()}`;

  await promos.getByLabel("Code", { exact: true }).fill(code);
  await promos.getByLabel("Kind of discount").selectOption("fixed");
  await promos.getByLabel("Discount", { exact: true }).fill("15");
  await promos.getByLabel("Usage limit").fill("50");
  await promos.getByRole("button", { name: "Create promo code" }).click();
  await expect(promos.getByText(`Promo code ${code} created.`)).toBeVisible();
  const item = promos.getByRole("listitem").filter({ hasText: code });
  await expect(item).toContainText("$15.00 off");
  await expect(item).toContainText("0 of 50 used");

  await promos.getByLabel("Code", { exact: true }).fill(code.toLowerCase());
  await promos.getByLabel("Kind of discount").selectOption("percent");
  await promos.getByLabel("Discount", { exact: true }).fill("150");
  await promos.getByRole("button", { name: "Create promo code" }).click();
  await expect(promos.getByText("A percentage is a whole number from 1 to 100")).toBeVisible();
  await promos.getByLabel("Discount", { exact: true }).fill("10");
  await promos.getByRole("button", { name: "Create promo code" }).click();
  await expect(promos.getByText(`The code ${code} already exists.`)).toBeVisible();

  await item.getByRole("button", { name: `Deactivate ${code}` }).click();
  await expect(item).toContainText("Deactivated");
  await expect(item.getByRole("button")).toHaveCount(0);
  await context.close();
});
