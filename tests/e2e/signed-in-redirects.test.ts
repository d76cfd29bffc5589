import { expect, loginAs, MOBILE, test } from "./fixtures";

// A signed-in user on a login or register page goes to the location
// first asked for (redirectTo), else to their home: /admin, /caregiver or
// /dashboard. Never to another site.

const at = (url: string) => {
  const { pathname, search } = new URL(url);
  return pathname + search;
};

test("a signed-in client on the login and register pages goes to the page first asked for, else home", async ({
  page,
}) => {
  await loginAs(page, "client");
  await page.goto(`/login/desktop?${new URLSearchParams({ redirectTo: "/dashboard/billing?invoice=7" })}`);
  expect(at(page.url())).toBe("/dashboard/billing?invoice=7");
  for (const path of ["/login", "/login/desktop", "/login/pwa", "/register"]) {
    await page.goto(path);
    expect(at(page.url()), path).toBe("/dashboard");
  }
  // Only same-site paths are honoured.
  await page.goto(`/login/desktop?${new URLSearchParams({ redirectTo: "//evil.test/phish" })}`);
  expect(at(page.url())).toBe("/dashboard");
});

test("a signed-in admin (also a client) on the admin login or register goes to the admin area", async ({ page }) => {
  await loginAs(page, "admin-client");
  await page.goto("/admin/login");
  expect(at(page.url())).toBe("/admin");
  await page.goto(`/admin/login?${new URLSearchParams({ redirectTo: "/admin/users" })}`);
  expect(at(page.url())).toBe("/admin/users");
  await page.goto("/register");
  expect(at(page.url())).toBe("/admin");
});

test.describe("on a 390 px phone", () => {
  test.use(MOBILE);

  test("a signed-in caregiver on the app login or register goes to /caregiver", async ({ page }) => {
    await loginAs(page, "caregiver");
    for (const path of ["/login", "/login/pwa", "/register"]) {
      await page.goto(path);
      expect(at(page.url()), path).toBe("/caregiver");
    }
  });
});
