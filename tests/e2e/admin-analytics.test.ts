import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import { createCaregiver, createClient } from "~/platform/db/seed/factories.server";
import { at, insertInvoice, insertOrder, insertWorkedVisit } from "../integration/analytics-helpers";
import { gotoHydrated } from "./chrome-helpers";
import { e2eDatabase } from "./e2e-database";
import { expect, loginAs, MOBILE, test, unique } from "./fixtures";

// Analytics (docs/product-rules.md, "Analytics"): in a metro of its own, a few weeks of orders, hours and
// invoices; every chart renders with its table, and each CSV download has the table's rows.

const main = (page: Page) => page.getByRole("main");

async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: path.join(process.env.SHOTS_DIR, name), fullPage: true });
}

/** Orders, worked visits and invoices in "<city>, ZZ" in the weeks of 5 and 12 January 2026. */
async function seedMetro(city: string) {
  const db = e2eDatabase();
  const client = await createClient(db, { lastName: city });
  const caregiver = await createCaregiver(db, { lastName: city });
  const place = { city, state: "ZZ" };
  const first = await insertOrder(db, {
    clientId: client.id,
    caregiverId: caregiver.id,
    createdAt: at("2026-01-05", 10),
    confirmedAt: at("2026-01-05", 16),
    ...place,
  });
  await insertOrder(db, { clientId: client.id, createdAt: at("2026-01-06", 10), ...place });
  const second = await insertOrder(db, {
    clientId: client.id,
    caregiverId: caregiver.id,
    createdAt: at("2026-01-12", 9),
    confirmedAt: at("2026-01-12", 10),
    ...place,
  });
  await insertWorkedVisit(db, first, at("2026-01-07", 9), 4);
  await insertWorkedVisit(db, second, at("2026-01-13", 9), 3);
  await insertInvoice(db, first, { issuedAt: at("2026-01-08", 8), totalCents: 12_345 });
  await insertInvoice(db, second, { issuedAt: at("2026-01-14", 8), totalCents: 9_000 });
}

test("every chart renders with its table, and the CSV downloads with the table's rows", async ({ page }) => {
  const city = unique("Chartville");
  await seedMetro(city);
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, "admin");
  const metro = encodeURIComponent(`${city}, ZZ`);
  await gotoHydrated(page, `/admin/analytics?period=week&metro=${metro}&from=2026-01-05&to=2026-01-18`);
  await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
  await expect(main(page).locator("[data-chart] svg.recharts-surface")).toHaveCount(9);

  const bookings = main(page).getByRole("region", { name: "Bookings" });
  // The table is read by screen readers before it is shown.
  const table = bookings.getByRole("table", { name: "Table of Bookings" });
  await expect(table.getByRole("row")).toHaveCount(3);
  await bookings.getByRole("button", { name: "Show the table" }).click();
  await expect(table).toBeVisible();
  await expect(table.getByRole("row").nth(1)).toHaveText(/2026-01-05\s*2/);
  await shot(page, "admin-analytics-1280.png");

  for (const metric of ["bookings", "revenue", "fillRate"]) {
    const section = main(page).locator(`[data-metric="${metric}"]`);
    const cells = await section
      .locator("tbody tr")
      .evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent ?? "")));
    const download = page.waitForEvent("download");
    await section.locator(`[data-csv="${metric}"]`).click();
    const file = await (await download).path();
    const lines = (await readFile(file, "utf8"))
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines.slice(1).map((line) => line.split(","))).toEqual(cells);
  }
  const revenue = main(page).locator('[data-metric="revenue"] tbody tr');
  await expect(revenue.nth(0)).toContainText("123.45");
  await expect(revenue.nth(1)).toContainText("90.00");
});

test.describe("on a 390 px phone", () => {
  test.use(MOBILE);

  test("the filters and charts fit the phone, by month", async ({ page }) => {
    await loginAs(page, "admin");
    await gotoHydrated(page, "/admin/analytics?period=month");
    await expect(main(page).getByLabel("Group by")).toHaveValue("month");
    await expect(main(page).locator("[data-chart] svg.recharts-surface")).toHaveCount(9);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, "admin-analytics-390.png");
    // A range the wrong way round is refused in words, with the filters still there to fix it.
    await gotoHydrated(page, "/admin/analytics?period=week&from=2026-03-02&to=2026-03-01");
    await expect(main(page).getByText("The end date must be on or after the start date.")).toBeVisible();
    await expect(main(page).getByLabel("From")).toHaveValue("2026-03-02");
    await expect(main(page).locator("[data-metric]")).toHaveCount(0);
  });
});
