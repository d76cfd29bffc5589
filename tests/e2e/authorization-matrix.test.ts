import { devices } from "@playwright/test";
import { expect, loginAs, MOBILE, requestContextAs, test } from "./fixtures";
import { AREA_MENUS, expectedOutcome, PROTECTED_ROUTES, STATUS_SCREENS, VISITORS, type Area } from "./protected-routes";

// The authorization matrix (docs/product-rules.md, "Areas, roles and redirects"): every protected route,
// opened by every kind of user from a desktop browser and from a phone, ends where the rules say: the
// login page carrying the origin, the user's home, the status screen, or the page itself.
// Where a visit ends is the server's doing (its redirects, and the page it renders before any script
// runs), so each visit is a request to the production server that follows its redirects as a browser
// does, with a browser's user agent, and reads the document it ends on: 532 documents, no rendering
// (docs/decisions/0023-a-fast-test-loop.md). What the screens look like and how they behave in a browser
// is tested by home-redirects, signed-in-redirects and caregiver-status.

const AREAS = Object.keys(AREA_MENUS) as Area[];

const SCREENS = [
  { name: "desktop", userAgent: devices["Desktop Chrome"].userAgent, isPhone: false },
  { name: "phone", userAgent: MOBILE.userAgent, isPhone: true },
] as const;

/** The text of each level-one heading in the document. */
function headings(html: string): string[] {
  return [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((match) =>
    match[1]!
      .replace(/<[^>]*>/g, "")
      .replace(/\s+/g, " ")
      .trim(),
  );
}

function hasAreaMenu(html: string, area: Area): boolean {
  return new RegExp(`<nav\\b[^>]*aria-label="${AREA_MENUS[area]}"`).test(html);
}

for (const screen of SCREENS) {
  test.describe(`from a ${screen.name}`, () => {
    for (const visitor of VISITORS) {
      for (const area of AREAS) {
        test(`${visitor}: every ${area} route`, async ({ playwright }) => {
          const context = await requestContextAs(playwright, visitor, { userAgent: screen.userAgent });
          const statusHeading = STATUS_SCREENS[visitor];
          for (const route of PROTECTED_ROUTES.filter((candidate) => candidate.area === area)) {
            const outcome = expectedOutcome(visitor, route, screen.isPhone);
            const label = `${visitor} on ${route.path}`;
            const response = await context.get(route.path);
            const url = new URL(response.url());
            const landedOn = url.pathname + url.search;
            const html = await response.text();

            if (outcome.kind === "redirect") {
              expect.soft(landedOn, label).toBe(outcome.to);
              if (outcome.showing) expect.soft(headings(html), label).toContain(statusHeading);
            } else if (outcome.kind === "status-screen") {
              expect.soft(landedOn, label).toBe(route.path);
              expect.soft(headings(html), label).toContain(statusHeading);
              expect.soft(hasAreaMenu(html, route.area), `${label}: no caregiver menu`).toBe(false);
            } else {
              expect.soft(landedOn, label).toBe(route.path);
              expect.soft(hasAreaMenu(html, route.area), `${label}: the area's menu`).toBe(true);
            }
          }
          await context.dispose();
        });
      }
    }
  });
}

test("the markers the matrix reads are real: the menu and heading a browser shows", async ({ page }) => {
  // The area menu and a status screen's heading, as the matrix finds them in the document, are what a
  // browser shows.
  await loginAs(page, "pending-caregiver");
  const response = await page.goto("/caregiver/schedule");
  const html = await response!.text();
  expect(headings(html)).toContain(STATUS_SCREENS["pending-caregiver"]);
  await expect(page.getByRole("heading", { level: 1, name: STATUS_SCREENS["pending-caregiver"] })).toBeVisible();

  await page.context().clearCookies();
  await loginAs(page, "caregiver");
  const allowed = await page.goto("/caregiver/schedule");
  expect(hasAreaMenu(await allowed!.text(), "caregiver")).toBe(true);
  await expect(page.locator(`nav[aria-label="${AREA_MENUS.caregiver}"]`)).toBeAttached();
});
