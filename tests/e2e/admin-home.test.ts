import path from "node:path";
import type { Page } from "@playwright/test";
import { addDays, format } from "date-fns";
import { eq } from "drizzle-orm";
import { visits } from "~/platform/db/schema";
import { createCaregiver, createClient } from "~/platform/db/seed/factories.server";
import { EMPTY_WEEK } from "~/features/care-requests/care-request.schema";
import { chooseCaregiver, respondToOffer } from "~/features/orders/offers.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { sweepVisits } from "~/features/visits/visit-alerts.server";
import { gotoHydrated } from "./chrome-helpers";
import { e2eDatabase } from "./e2e-database";
import { expect, loginAs, MOBILE, test, unique } from "./fixtures";
import { newAdmin } from "./sessions";
import { TIMEOUTS } from "./timeouts";

// The admin's home (docs/product-rules.md, "The admin's home"): the administrator signs in and lands on
// /admin, each count opens its list with as many rows, and a visit going late raises the count of late
// visits on the open page, without a reload (the realtime stream).

test.describe.configure({ timeout: TIMEOUTS.journey });

const ALL_WEEK = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 0, endMinute: 24 * 60 }));
const main = (page: Page) => page.getByRole("main");

async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: path.join(process.env.SHOTS_DIR, name), fullPage: true });
}

/** A confirmed one-time visit in `zip`, three weeks ahead, by the pages' own flow. */
async function bookedVisit(zip: string) {
  const db = e2eDatabase();
  const tag = unique("Home");
  const client = await createClient(db, { firstName: "Dana", lastName: tag, zipCode: zip });
  const caregiver = await createCaregiver(db, { lastName: tag, zipCode: zip, availability: ALL_WEEK });
  const actor = { ...client, roles: ["client" as const] };
  const { orderId } = await submitCareRequest({
    actor,
    request: {
      careRecipient: "loved-one",
      fullName: `Ruth ${tag}`,
      age: 84,
      gender: "female",
      phoneNumber: "(612) 555-0177",
      streetAddress: "250 Marquette Ave",
      zipCode: zip,
      serviceTypes: ["companionship"],
      healthNeeds: [],
      preferredLanguage: "en",
      additionalDetails: "",
      scheduleType: "one-time",
      startDate: format(addDays(new Date(), 21), "yyyy-MM-dd"),
      startTime: "10:00",
      endTime: "12:00",
      weeklySchedule: EMPTY_WEEK,
      promoCode: "",
      termsAccepted: true,
    },
  });
  await chooseCaregiver({ actor, orderId, caregiverId: caregiver.id });
  await respondToOffer({ actor: { id: caregiver.id, roles: ["caregiver"] }, orderId, accept: true });
  const [visit] = await db.select({ id: visits.id }).from(visits).where(eq(visits.orderId, orderId));
  return visit!.id;
}

const countOf = async (page: Page, item: string) =>
  Number(await main(page).locator(`[data-attention="${item}"]`).getAttribute("data-count"));

test("the admin lands on /admin, a count opens as many rows, and a visit going late shows without a reload", async ({
  page,
}) => {
  // An administrator of the test's own: the form's sign-in stores its language on the account (sessions.ts, newAdmin).
  const password = "Admin-Home-42";
  const admin = await newAdmin({ password });
  await page.setViewportSize({ width: 1280, height: 900 });
  await gotoHydrated(page, "/admin/login");
  await page.getByLabel("Email", { exact: true }).fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/, { timeout: TIMEOUTS.background });
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  const attention = main(page).getByRole("region", { name: "Needs attention now" });
  await expect(attention.getByRole("link")).toHaveCount(9);
  await expect(main(page).getByRole("region", { name: "This week so far" })).toContainText("Bookings");

  // A visit booked for later is not late; once its start has passed and the sweep ran, the count moves by
  // itself on the open page.
  const visitId = await bookedVisit("55405");
  await page.evaluate(() => Object.assign(window, { stayedOpen: true }));
  const before = await countOf(page, "visits");
  await e2eDatabase()
    .update(visits)
    .set({ startsAt: new Date(Date.now() - 20 * 60_000), endsAt: new Date(Date.now() + 100 * 60_000) })
    .where(eq(visits.id, visitId));
  await sweepVisits();
  await expect.poll(() => countOf(page, "visits"), { timeout: TIMEOUTS.background }).toBeGreaterThan(before);
  expect(await page.evaluate(() => "stayedOpen" in window)).toBe(true);
  await shot(page, "admin-home-1280.png");

  // The count opens the queue with as many rows.
  const late = await countOf(page, "visits");
  await attention.locator('[data-attention="visits"]').click();
  await expect(page).toHaveURL(/\/admin\/visits#attention-heading$/);
  const queue = main(page).getByRole("region", { name: "Late, missed and uncovered visits" });
  await expect(queue.locator(`[data-attention-visit="${visitId}"]`)).toBeVisible();
  await expect(queue.locator("[data-attention-visit]")).toHaveCount(late);

  // Applications waiting: the caregivers' queue filtered to pending, as many rows.
  await gotoHydrated(page, "/admin");
  const applications = await countOf(page, "applications");
  await attention.locator('[data-attention="applications"]').click();
  await expect(page).toHaveURL(/\/admin\/caregivers\?status=pending$/);
  await expect(main(page).locator('section[aria-labelledby="queue-heading"] li')).toHaveCount(applications);
});

test.describe("on a 390 px phone", () => {
  test.use(MOBILE);

  test("the counts and the week fit the phone", async ({ page }) => {
    await loginAs(page, "admin");
    await gotoHydrated(page, "/admin");
    await expect(main(page).locator("[data-attention]")).toHaveCount(9);
    await expect(main(page).locator("[data-week]")).toHaveCount(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, "admin-home-390.png");
  });
});
