import { expect, loginAs, MOBILE, test } from "./fixtures";
import { expectedOutcome, PROTECTED_ROUTES, STATUS_SCREENS, VISITORS } from "./protected-routes";

// The authorization matrix (docs/product-rules.md, "Areas, roles and redirects"): every protected route,
// visited in a real browser by every kind of user, on a desktop screen and on
// a 390 px phone, ends where the rules say: the login page carrying the
// origin, the user's home, the status screen, or the page itself.
// Where a visit ends is the server's doing (its redirects and the page it renders), so the pages'
// scripts are not run: each of the 800 visits costs a document, not a hydration.

const AREA_MENUS = { client: "Client menu", caregiver: "Caregiver menu", admin: "Admin menu" } as const;

for (const screen of ["desktop", "phone"] as const) {
  test.describe(`on a ${screen}`, () => {
    test.use(screen === "phone" ? { ...MOBILE, javaScriptEnabled: false } : { javaScriptEnabled: false });

    for (const visitor of VISITORS) {
      // Every protected route, in two halves so that each test stays well
      // inside its time on a busy machine.
      for (const [half, routes] of halves(PROTECTED_ROUTES)) {
        test(`${visitor}: every protected route (${half} half)`, async ({ page, a11y }) => {
          // About 15 pages in one test: give it room on a busy machine. The pages it
          // lands on are checked with axe by their own tests (and the status
          // screens in caregiver-status.test.ts); running axe on each of the 400
          // visits here would only repeat those checks.
          test.setTimeout(120_000);
          a11y.skipUrls.push(/./);
          if (visitor !== "anonymous") await loginAs(page, visitor);
          for (const route of routes) {
            const outcome = expectedOutcome(visitor, route, screen === "phone");
            await page.goto(route.path, { waitUntil: "domcontentloaded" });
            const url = new URL(page.url());
            const landedOn = url.pathname + url.search;
            const areaMenu = page.locator(`nav[aria-label="${AREA_MENUS[route.area]}"]`);
            const statusHeading = page.getByRole("heading", { level: 1, name: STATUS_SCREENS[visitor] ?? "-" });

            if (outcome.kind === "redirect") {
              expect.soft(landedOn, `${visitor} on ${route.path}`).toBe(outcome.to);
              if (outcome.showing) await expect.soft(statusHeading, `${visitor} on ${route.path}`).toBeVisible();
            } else if (outcome.kind === "status-screen") {
              expect.soft(landedOn, `${visitor} on ${route.path}`).toBe(route.path);
              await expect.soft(statusHeading, `${visitor} on ${route.path}`).toBeVisible();
              await expect.soft(areaMenu, `${visitor} on ${route.path}: no caregiver menu`).toHaveCount(0);
            } else {
              expect.soft(landedOn, `${visitor} on ${route.path}`).toBe(route.path);
              await expect.soft(areaMenu, `${visitor} on ${route.path}: the area's menu`).toBeAttached();
            }
          }
        });
      }
    }
  });
}

function halves<T>(items: readonly T[]): [string, readonly T[]][] {
  const middle = Math.ceil(items.length / 2);
  return [
    ["first", items.slice(0, middle)],
    ["second", items.slice(middle)],
  ];
}
