import { eq } from "drizzle-orm";
import type { Browser, Page } from "@playwright/test";
import { careRequests, orders } from "~/platform/db/schema";
import { E2E_GEOCODED_PLACE } from "../support/fake-geocoder";
import { gotoHydrated } from "./chrome-helpers";
import { e2eDatabase } from "./e2e-database";
import { expect, loginAs, MOBILE, signIn, test } from "./fixtures";
import { TIMEOUTS } from "./timeouts";
import { visitStartingSoon, visitState, type BookedVisit } from "./visit-helpers";

// Addresses on the map (docs/product-rules.md, "Addresses on the map"): a caregiver checks in on a phone
// at the client's door, 930 m from the centre of its ZIP code. Placed on the map by the geocoder (the
// suite's fake, tests/support/fake-geocoder.ts), the visit is not flagged; at an address the geocoder
// does not know, the admin reads that the location could not be verified, not that it was far.

test.describe.configure({ timeout: TIMEOUTS.journey });
test.use(MOBILE);

const AT_THE_DOOR = { latitude: E2E_GEOCODED_PLACE.latitude, longitude: E2E_GEOCODED_PLACE.longitude, accuracy: 15 };

async function locationOf(orderId: string) {
  const [row] = await e2eDatabase()
    .select({ source: careRequests.locationSource, checkedAt: careRequests.geocodeCheckedAt })
    .from(orders)
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(eq(orders.id, orderId));
  return row!;
}

/** The caregiver, on a phone at the client's door, checks in from the schedule. */
async function checkInAtTheDoor(browser: Browser, care: BookedVisit) {
  const context = await browser.newContext({ ...MOBILE, permissions: ["geolocation"], geolocation: AT_THE_DOOR });
  const page = await context.newPage();
  await signIn(page, care.caregiver.email);
  await gotoHydrated(page, "/caregiver/schedule");
  const card = page.locator(`[data-visit-id="${care.visit.id}"]`);
  await card.getByRole("button", { name: "Check in" }).click();
  await expect(card.getByRole("status")).toHaveText(/^Checked in at \d.+\.$/);
  await context.close();
}

async function exceptionsRow(page: Page, orderNumber: string) {
  await gotoHydrated(page, "/admin/visits");
  await expect(page.getByRole("heading", { level: 1, name: "Visit verification" })).toBeVisible();
  return page.getByRole("listitem").filter({ hasText: orderNumber });
}

test("a check-in at the client's geocoded address is not flagged", async ({ browser, page }) => {
  const care = await visitStartingSoon({ lastName: "Doorstep", streetAddress: E2E_GEOCODED_PLACE.street });
  // Placed on the map in the background, by the suite server's job runner.
  await expect
    .poll(async () => (await locationOf(care.orderId)).source, { timeout: TIMEOUTS.background })
    .toBe("geocoded");

  await checkInAtTheDoor(browser, care);
  const { events } = await visitState(care.visit.id);
  expect(events[0]).toMatchObject({ kind: "check_in", method: "location", distanceFrom: "geocoded" });
  expect(events[0]!.distanceMeters).toBeLessThan(20);

  await loginAs(page, "admin");
  const row = await exceptionsRow(page, care.orderNumber);
  await expect(row).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("at an address not yet on the map, the admin reads 'not verified' with the ZIP code's size, not 'far'", async ({
  browser,
  page,
  a11y,
}) => {
  // The geocoder knows no "2400 N Clark St": the address keeps its ZIP code's centre.
  const care = await visitStartingSoon({ lastName: "Unplaced" });
  await expect
    .poll(async () => (await locationOf(care.orderId)).checkedAt, { timeout: TIMEOUTS.background })
    .not.toBeNull();
  expect((await locationOf(care.orderId)).source).toBe("zip_centroid");

  await checkInAtTheDoor(browser, care);

  await loginAs(page, "admin");
  const row = await exceptionsRow(page, care.orderNumber);
  await expect(row).toContainText("Location not verified");
  await expect(row).not.toContainText("Far from the address");
  await expect(row).toContainText(
    /Location not verified: the address is not yet placed on the map; 9\d\d m from the ZIP code's centre, within its 2\.5 km/,
  );
  await a11y.check("exceptions with a location not verified");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: "/tmp/shots-geo/admin-unverified-390.png", fullPage: true });
});
