import path from "node:path";
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { visits } from "~/platform/db/schema";
import { sweepVisits } from "~/features/visits/visit-alerts.server";
import { gotoHydrated } from "./chrome-helpers";
import { e2eDatabase } from "./e2e-database";
import { expect, loginAs, MOBILE, signIn, test } from "./fixtures";
import { lateVisit } from "./late-visit-helpers";
import { TIMEOUTS } from "./timeouts";

// The late path seen by everyone (docs/product-rules.md, "Late and missed visits, backup caregivers"), on
// a 390 px phone: a visit that started 35 minutes ago with nobody checked in, in a city where no other
// caregiver works (so no backup is free). The caregiver's home marks it late and says what to do; the
// admin's queue on /admin/visits and the order page show it late with no backup; the family's timeline
// says it was late and that no backup was free. The queue also picks up a visit that becomes late while
// it is open, without a reload.

test.describe.configure({ timeout: TIMEOUTS.journey });

const main = (page: Page) => page.getByRole("main");

/** Screenshots for review when SHOTS_DIR is set. */
async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: path.join(process.env.SHOTS_DIR, name), fullPage: true });
}

async function fitsThePhone(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
}

test.describe("a late visit with no backup, seen by everyone", () => {
  test.use(MOBILE);

  test("the caregiver's home, the admin's queue and order page, and the family's timeline", async ({
    page,
    browser,
  }) => {
    const tag = String(Date.now());
    const { client, caregiver, orderId, visitId } = await lateVisit(tag, "55401", 35);
    // The sweep, as the job runs it every minute: the late alert, then the backup offer that finds nobody.
    await sweepVisits();

    // The caregiver's home: the late mark in words, and what to do.
    await signIn(page, caregiver.email);
    await gotoHydrated(page, "/caregiver");
    const today = main(page).locator(`[data-visit-id="${visitId}"]`);
    const mark = today.getByRole("region", { name: "Late: you have not checked in" });
    await expect(mark).toBeVisible();
    await expect(mark).toContainText("If you are there, check in now with the button below.");
    await expect(mark.getByRole("link", { name: "Open your schedule" })).toHaveAttribute("href", "/caregiver/schedule");
    await expect(mark.getByRole("link", { name: "Message the family" })).toBeVisible();
    await expect(mark.getByRole("link", { name: "Message Tendly support" })).toHaveAttribute(
      "href",
      "/caregiver/messages?c=support",
    );
    await expect(today.getByRole("button", { name: "Check in" })).toBeEnabled();
    await fitsThePhone(page);
    await shot(page, "late-caregiver-home-390.png");
    // The schedule says "Late" where it said "Scheduled".
    await gotoHydrated(page, "/caregiver/schedule");
    const card = main(page).locator(`article[data-visit-id="${visitId}"]`);
    await expect(card.getByText("Late", { exact: true })).toBeVisible();
    await expect(card.getByRole("region", { name: "Late: you have not checked in" })).toBeVisible();
    await fitsThePhone(page);

    // The admin's queue lists it, late and without a backup, with what to do.
    const adminContext = await browser.newContext({ ...MOBILE, extraHTTPHeaders: { "X-Forwarded-For": "10.251.8.1" } });
    const admin = await adminContext.newPage();
    await loginAs(admin, "admin");
    await gotoHydrated(admin, "/admin/visits");
    const queue = main(admin).getByRole("region", { name: "Late, missed and uncovered visits" });
    const row = queue.locator(`[data-attention-visit="${visitId}"]`);
    await expect(row.getByText("Late: not checked in")).toBeVisible();
    await expect(row.getByText("No backup caregiver")).toBeVisible();
    await expect(row).toContainText("Find a caregiver by hand from the order");
    await expect(row.getByRole("link", { name: /^Call the family, .*: \(612\) 555-0177$/ })).toHaveAttribute(
      "href",
      "tel:6125550177",
    );
    await fitsThePhone(admin);
    await shot(admin, "late-admin-queue-390.png");
    await row.getByRole("link", { name: /^Open order / }).click();
    await expect(admin).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
    const visitLine = main(admin).locator(`li[data-visit-id="${visitId}"]`);
    await expect(visitLine.getByText("Late: not checked in")).toBeVisible();
    await expect(visitLine.getByText("No backup caregiver")).toBeVisible();
    await expect(main(admin).getByText(/A visit of this order needs you now/)).toBeVisible();
    await fitsThePhone(admin);
    await shot(admin, "late-admin-order-390.png");

    // The family's timeline: late, and no backup was free, with what the team does.
    const familyContext = await browser.newContext({
      ...MOBILE,
      extraHTTPHeaders: { "X-Forwarded-For": "10.251.8.2" },
    });
    const family = await familyContext.newPage();
    await signIn(family, client.email);
    await gotoHydrated(family, `/dashboard/appointments/order/${orderId}`);
    await expect(
      main(family).getByText(/^Not checked in on time at .*: we alerted the caregiver and our team$/),
    ).toBeVisible();
    await expect(
      main(family).getByText(/no backup caregiver was free: our care team is looking for someone by hand/),
    ).toBeVisible();
    await fitsThePhone(family);
    await shot(family, "late-family-timeline-390.png");

    // Back on the queue: a visit that becomes late while it is open appears by itself.
    await gotoHydrated(admin, "/admin/visits");
    await expect(queue.locator(`[data-attention-visit="${visitId}"]`)).toBeVisible();
    const second = await lateVisit(`${tag}b`, "55402", -60);
    await expect(queue.locator(`[data-attention-visit="${second.visitId}"]`)).toHaveCount(0);
    await e2eDatabase()
      .update(visits)
      .set({ startsAt: new Date(Date.now() - 20 * 60_000), endsAt: new Date(Date.now() + 100 * 60_000) })
      .where(eq(visits.id, second.visitId));
    await sweepVisits();
    await expect(
      queue.locator(`[data-attention-visit="${second.visitId}"]`).getByText("Late: not checked in"),
    ).toBeVisible({ timeout: TIMEOUTS.background });
    await adminContext.close();
    await familyContext.close();
  });
});

test("the late mark and the queue at desktop width, in Spanish", async ({ page, browser }) => {
  // Des Moines, not Minneapolis: this test runs beside the one above, and its caregiver, free for the moment
  // between being created and their visit being made late, would be a backup within reach of that one's visit.
  const { caregiver, visitId } = await lateVisit(`d${Date.now()}`, "50309", 20);
  await sweepVisits();
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, caregiver.email);
  await gotoHydrated(page, "/caregiver/schedule?lang=es");
  const card = main(page).locator(`article[data-visit-id="${visitId}"]`);
  await expect(card.getByText("Con retraso", { exact: true })).toBeVisible();
  await expect(card.getByRole("region", { name: "Con retraso: no ha registrado su llegada" })).toContainText(
    "registre su llegada ahora",
  );
  await shot(page, "late-caregiver-schedule-es-1280.png");

  const adminContext = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    extraHTTPHeaders: { "X-Forwarded-For": "10.251.8.3" },
  });
  const admin = await adminContext.newPage();
  await loginAs(admin, "admin");
  await gotoHydrated(admin, "/admin/visits?lang=es");
  const row = main(admin)
    .getByRole("region", { name: "Visitas con retraso, no realizadas o sin cubrir" })
    .locator(`[data-attention-visit="${visitId}"]`);
  await expect(row.getByText("Con retraso: sin registro de llegada")).toBeVisible();
  await expect(row).toContainText("Llame al cuidador ahora.");
  await shot(admin, "late-admin-queue-es-1280.png");
  await adminContext.close();
});
