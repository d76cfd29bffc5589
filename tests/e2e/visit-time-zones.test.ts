import type { Locator, Page } from "@playwright/test";
import { gotoHydrated } from "./chrome-helpers";
import { expect, loginAs, MOBILE, signIn, test } from "./fixtures";
import { visitStartingSoon } from "./visit-helpers";
import { TIMEOUTS } from "./timeouts";

// A visit reads on the clock where care happens, on every page that shows it,
// and names its zone when that is not the viewer's (docs/product-rules.md,
// "Time zones"). The visit here is in Chicago (ZIP 60614); the browser is put
// in New York (an hour ahead, all year) or in Chicago with Playwright's
// `timezoneId`. The expected clock readings come from Intl, not from the app.

test.describe.configure({ timeout: TIMEOUTS.journey });

const VISIT_ZONE = "America/Chicago";
const DESKTOP = { viewport: { width: 1280, height: 900 } };

/** The clock reading of an instant in a zone, as a pattern: "2:05\sPM" (English) or "2:05\sp\. m\." (Spanish). */
function clock(instant: Date, { timeZone = VISIT_ZONE, spanish = false } = {}): string {
  const parts = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone }).formatToParts(
    instant,
  );
  const part = (type: string) => parts.find((candidate) => candidate.type === type)!.value;
  const period = part("dayPeriod");
  const words = spanish ? (period === "AM" ? "a\\. m\\." : "p\\. m\\.") : period;
  return `${part("hour")}:${part("minute")}\\s${words}`;
}

/** "CST" or "CDT": the visit zone's short name on the visit's day. */
function zoneName(instant: Date): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone: VISIT_ZONE, timeZoneName: "short" }).formatToParts(
    instant,
  );
  return parts.find((part) => part.type === "timeZoneName")!.value;
}

const ANY_ZONE_NAME = /\b(?:[ECMP][SD]T|UTC|GMT)\b/;

/** What a test sees of the page (test-results of the run): looked at at 1280 and 390 px. */
async function keepScreenshot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

async function expectVisitLine(line: Locator, pattern: RegExp) {
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(pattern);
}

/** The family's order page: the schedule's first line ("Thursday, 2:05 PM to 4:05 PM"). */
function scheduleLine(page: Page) {
  return page.getByRole("region", { name: "Schedule" }).getByRole("listitem").first();
}

// One browser, three people: each signs in afresh (a signed-in person is not signed in again over them).
async function openAsAdmin(page: Page, orderId: string) {
  await page.context().clearCookies();
  await loginAs(page, "admin");
  await gotoHydrated(page, `/admin/orders/${orderId}`);
  return page.getByRole("region", { name: "Visits" }).getByRole("listitem");
}

async function openAsFamily(page: Page, email: string, orderId: string, query = "") {
  await page.context().clearCookies();
  await signIn(page, email);
  await gotoHydrated(page, `/dashboard/appointments/order/${orderId}${query}`);
  return page.getByRole("list", { name: query ? "Visitas" : "Visits" }).getByRole("listitem");
}

async function openAsCaregiver(page: Page, email: string, orderId: string, visitId: string) {
  await page.context().clearCookies();
  await signIn(page, email);
  await gotoHydrated(page, `/caregiver/orders/${orderId}`);
  return page.locator(`[data-visit-id="${visitId}"] p`).first();
}

for (const [width, device] of [
  [1280, DESKTOP],
  [390, MOBILE],
] as const) {
  test.describe(`at ${width} px`, () => {
    test.use(device);

    test.describe("with the browser in New York", () => {
      test.use({ timezoneId: "America/New_York" });

      test("the visit reads on Chicago's clock on the admin's, the family's and the caregiver's order pages, with its zone", async ({
        page,
      }) => {
        const care = await visitStartingSoon({ lastName: `Zoned${width}` });
        const start = clock(care.visit.startsAt);
        const end = clock(care.visit.endsAt);
        const zone = zoneName(care.visit.startsAt);
        // New York's clock reads an hour later: the pages must not show it.
        expect(clock(care.visit.startsAt, { timeZone: "America/New_York" })).not.toBe(start);

        const family = await openAsFamily(page, care.client.email, care.orderId);
        await expectVisitLine(family, new RegExp(`at ${start} ${zone} \\(`));
        // The schedule's local times, over weeks on both sides of any DST change: "Central Time".
        await expect(scheduleLine(page)).toContainText(new RegExp(`${start} to ${end} CT$`));
        await keepScreenshot(page, `family-order-new-york-${width}`);

        const caregiver = await openAsCaregiver(page, care.caregiver.email, care.orderId, care.visit.id);
        await expect(caregiver).toContainText(new RegExp(`${start} – ${end} ${zone}$`));
        await keepScreenshot(page, `caregiver-order-new-york-${width}`);

        const admin = await openAsAdmin(page, care.orderId);
        await expectVisitLine(admin, new RegExp(`at ${start}–${end} ${zone} · `));
        // Named in words too, for a pointer or a screen reader.
        await expect(admin.locator("abbr")).toHaveAttribute("title", /^Central (Standard|Daylight) Time$/);
        await keepScreenshot(page, `admin-order-new-york-${width}`);

        // In Spanish: the same clock, the same short name, the zone in Spanish words.
        const spanish = await openAsFamily(page, care.client.email, care.orderId, "?lang=es");
        await expectVisitLine(spanish, new RegExp(`${clock(care.visit.startsAt, { spanish: true })} ${zone} \\(`));
        await expect(spanish.locator("abbr")).toHaveAttribute("title", /^hora (estándar|de verano) central$/);
        await keepScreenshot(page, `family-order-new-york-es-${width}`);
      });
    });

    test.describe("with the browser in Chicago", () => {
      test.use({ timezoneId: VISIT_ZONE });

      test("the visit reads on the same clock on the three order pages, without a zone", async ({ page }) => {
        const care = await visitStartingSoon({ lastName: `Local${width}` });
        const start = clock(care.visit.startsAt);
        const end = clock(care.visit.endsAt);

        const admin = await openAsAdmin(page, care.orderId);
        await expectVisitLine(admin, new RegExp(`at ${start}–${end} · `));
        await expect(admin).not.toContainText(ANY_ZONE_NAME);

        const family = await openAsFamily(page, care.client.email, care.orderId);
        await expectVisitLine(family, new RegExp(`at ${start} \\(`));
        await expect(family).not.toContainText(ANY_ZONE_NAME);
        await expect(scheduleLine(page)).toContainText(new RegExp(`${start} to ${end}$`));

        const caregiver = await openAsCaregiver(page, care.caregiver.email, care.orderId, care.visit.id);
        await expect(caregiver).toContainText(new RegExp(`${start} – ${end}$`));
        await expect(caregiver).not.toContainText(ANY_ZONE_NAME);
        await keepScreenshot(page, `caregiver-order-chicago-${width}`);
      });
    });
  });
}
