import { mkdirSync, readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { caregiverEarnings, payoutBatches, payouts } from "~/platform/db/schema";
import { localDateIn } from "~/utils/datetime";
import { gotoHydrated } from "./chrome-helpers";
import { e2eDatabase } from "./e2e-database";
import { caregiverWithEarning, EARNINGS_ZONE as ZONE } from "./earnings-helpers";
import { expect, loginAs, MOBILE, signIn, test, unique } from "./fixtures";
import { visitStartingSoon } from "./visit-helpers";

// The caregiver's earnings (/caregiver/earnings) and the admin's payouts (/admin/payouts): a
// caregiver with a completed visit sees its week, the chart and downloads the CSV with the visit;
// an admin batches it and marks it paid, and the caregiver sees "Paid". In Spanish at 390 px, and
// the empty state of a new caregiver.

const SHOTS = "/tmp/shots-earnings";
mkdirSync(SHOTS, { recursive: true });

test("a caregiver sees the week and the chart, exports the CSV; an admin pays the batch; the caregiver sees Paid", async ({
  page,
  browser,
}) => {
  // Two people's pages and a production build's first loads: more than the default time.
  test.slow();
  const lastName = unique("Okafor");
  const { caregiver, client, earning, workedOn } = await caregiverWithEarning(lastName);
  const clientShort = `${client.firstName} ${lastName.charAt(0)}.`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, caregiver.email);
  await gotoHydrated(page, "/caregiver/earnings");
  await expect(page.getByRole("heading", { level: 1, name: "Earnings" })).toBeVisible();

  const unpaid = page.locator("[data-summary=unpaid]");
  await expect(unpaid).toContainText("Not paid yet");
  await expect(unpaid).toContainText("$92.00");
  // The chart: twelve weeks, one of them with a bar, and the same figures as a table for screen readers.
  const chart = page.getByTestId("earnings-chart");
  await expect(chart.locator(".recharts-xAxis .recharts-cartesian-axis-tick")).toHaveCount(12);
  await expect(chart.locator(".recharts-bar-rectangle")).toHaveCount(1);
  const figures = page.getByRole("table", { name: "Last 12 weeks" });
  await expect(figures.getByRole("row")).toHaveCount(13);
  await expect(figures).toContainText("$92.00");

  const week = page.locator(`[data-week]`).first();
  await expect(week.getByRole("heading", { level: 3 })).toContainText("Week of");
  await expect(week).toContainText("4 h · $92.00");
  const row = week.locator(`[data-visit="${earning.visitId}"]`);
  await expect(row).toContainText(clientShort);
  await expect(row).toContainText("4 h (240 min)");
  await expect(row).toContainText("$23.00/h");
  await expect(row).toContainText("Pending");
  await page.screenshot({ path: `${SHOTS}/caregiver-earnings-1280.png`, fullPage: true });

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("tendly-earnings.csv");
  const csv = readFileSync((await download.path())!, "utf8");
  const lines = csv.trimEnd().split("\r\n");
  expect(lines[0]).toBe("\uFEFFworked_on,week_of,client,minutes,hours,pay_rate_usd_per_hour,amount_usd,status,paid_on");
  expect(lines.slice(1)).toEqual([
    expect.stringMatching(new RegExp(`^${workedOn},[\\d-]+,${clientShort},240,4,23.00,92.00,pending,$`)),
  ]);

  // The admin batches everything pending through today and pays this caregiver's payout.
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await loginAs(admin, "admin");
  await gotoHydrated(admin, "/admin/payouts");
  await expect(admin.getByRole("heading", { level: 1, name: "Payouts" })).toBeVisible();
  const pending = admin.locator(`[data-caregiver="${caregiver.id}"]`);
  await expect(pending).toContainText(`Iris ${lastName}`);
  await expect(pending).toContainText("$92.00");
  await admin.getByLabel("Pay earnings worked on or before").fill(localDateIn(ZONE));
  await admin.getByRole("button", { name: "Create payout batch" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "Batch created" })).toBeVisible();
  await expect(pending).toHaveCount(0);
  const payoutForm = admin.getByRole("form", { name: `Mark the payout to Iris ${lastName} paid` });
  const payout = admin.locator("[data-payout]").filter({ has: payoutForm });
  await expect(payout).toContainText("$92.00");
  await expect(payout).toContainText("Pending");
  // Found by its form while it can be paid; by its id once paid (the form is gone then).
  const paidRow = admin.locator(`[data-payout="${await payout.getAttribute("data-payout")}"]`);
  await admin.screenshot({ path: `${SHOTS}/admin-payouts-1280.png`, fullPage: true });
  await payoutForm.getByRole("button", { name: "Mark paid" }).click();
  await expect(admin.getByRole("status").filter({ hasText: `Payout to Iris ${lastName} marked paid.` })).toBeVisible();
  await expect(paidRow).toContainText("Paid");
  await expect(paidRow.getByRole("button", { name: "Mark paid" })).toHaveCount(0);
  await admin.screenshot({ path: `${SHOTS}/admin-payouts-paid-1280.png`, fullPage: true });
  await adminContext.close();

  await gotoHydrated(page, "/caregiver/earnings");
  await expect(row).toContainText("Paid");
  await expect(row).not.toContainText("Pending");
  await expect(page.locator("[data-summary=year]")).toContainText("$92.00");
  await expect(unpaid).toContainText("$0.00");
  await page.screenshot({ path: `${SHOTS}/caregiver-earnings-paid-1280.png`, fullPage: true });
});

test.describe("in Spanish on a phone", () => {
  test.use({ ...MOBILE, locale: "es-US", extraHTTPHeaders: { "Accept-Language": "es-US,es;q=0.9" } });

  test("a paid week reads in Spanish at 390 px without sideways scrolling", async ({ page }) => {
    const lastName = unique("Reyes");
    const { caregiver, earning } = await caregiverWithEarning(lastName, 9);
    // Already paid by an earlier batch (made here, so the other test's batch cannot take it).
    const db = e2eDatabase();
    const [batch] = await db.insert(payoutBatches).values({ throughDate: earning.workedOn }).returning();
    const [payout] = await db
      .insert(payouts)
      .values({ batchId: batch!.id, caregiverId: caregiver.id, amountCents: 9200, status: "paid", paidAt: new Date() })
      .returning();
    await db
      .update(caregiverEarnings)
      .set({ status: "paid", payoutId: payout!.id })
      .where(eq(caregiverEarnings.id, earning.id));

    await signIn(page, caregiver.email);
    await gotoHydrated(page, "/caregiver/earnings");
    await expect(page.getByRole("heading", { level: 1, name: "Ganancias" })).toBeVisible();
    await expect(page.locator("[data-summary=year]")).toContainText("Pagado este año");
    await expect(page.locator("[data-summary=year]")).toContainText("$92.00");
    await expect(page.getByTestId("earnings-chart").locator(".recharts-bar-rectangle")).toHaveCount(1);
    const row = page.locator(`[data-visit="${earning.visitId}"]`);
    await expect(row).toContainText("Pagado");
    await expect(row).toContainText("4 h (240 min)");
    await expect(page.getByRole("link", { name: "Exportar CSV" })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/caregiver-earnings-es-390.png`, fullPage: true });
  });

  test("a new caregiver sees the empty state; the payouts page fits a phone", async ({ page, browser }) => {
    const { caregiver } = await visitStartingSoon({ lastName: unique("Nuevo") });
    await signIn(page, caregiver.email);
    await gotoHydrated(page, "/caregiver/earnings");
    await expect(page.getByRole("heading", { level: 2, name: "Aún no tiene ganancias" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Ver su agenda" })).toHaveAttribute("href", "/caregiver/schedule");
    await expect(page.getByTestId("earnings-chart")).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/caregiver-earnings-empty-es-390.png`, fullPage: true });

    // Only caregivers get the CSV of their own earnings; the admin page refuses them.
    const refused = await page.request.get("/admin/payouts", { maxRedirects: 0 });
    expect(refused.status()).toBe(302);

    const adminContext = await browser.newContext({
      ...MOBILE,
      locale: "es-US",
      extraHTTPHeaders: { "Accept-Language": "es-US,es;q=0.9" },
    });
    const admin = await adminContext.newPage();
    await loginAs(admin, "admin");
    await gotoHydrated(admin, "/admin/payouts");
    await expect(admin.getByRole("heading", { level: 1, name: "Pagos a cuidadores" })).toBeVisible();
    await expect(admin.getByRole("button", { name: "Crear lote de pagos" })).toBeVisible();
    const overflow = await admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await admin.screenshot({ path: `${SHOTS}/admin-payouts-es-390.png`, fullPage: true });
    await adminContext.close();
  });
});
