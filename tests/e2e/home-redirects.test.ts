import { gotoHydrated } from "./chrome-helpers";
import { expect, loginAs, MOBILE, test } from "./fixtures";

// Home page redirects (docs/product-rules.md, "Areas, roles and redirects"): recovery and sign-up links go on to their pages,
// and a signed-in user who opens the site directly is sent to their home,
// once per load: clicking Home afterwards stays on the home page.

test("a signed-in user opening / directly goes to their home; clicking Home then stays", async ({ page }) => {
  await loginAs(page, "client");
  await gotoHydrated(page, "/");
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole("banner").getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Trusted in-home care for the people you love");
});

test("the home of each kind of user: admin over caregiver over client", async ({ page, browser }) => {
  const visits = [
    ["admin-client", "/admin"],
    ["caregiver", "/caregiver"],
    ["admin", "/admin"],
  ] as const;
  for (const [account, home] of visits) {
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const visitor = await context.newPage();
    await loginAs(visitor, account);
    await visitor.goto("/");
    await expect(visitor, account).toHaveURL(new RegExp(`${home}$`));
    await context.close();
  }
  // Anonymous visitors stay.
  await page.goto("/");
  await expect(page).toHaveURL(/\/$/);
});

test("arriving at / by a link from another page does not redirect", async ({ page }) => {
  await loginAs(page, "caregiver");
  await page.goto("/", { referer: "https://search.example/results" });
  await expect(page).toHaveURL(/\/$/);
});

test("recovery and sign-up links are forwarded with their parameters", async ({ page, request }) => {
  const recovery = await request.get("/?type=recovery&token=abc123", { maxRedirects: 0 });
  expect(recovery.status()).toBe(302);
  expect(recovery.headers().location).toBe("/reset-password?type=recovery&token=abc123");

  const signup = await request.get("/?type=signup&access_token=at&refresh_token=rt", { maxRedirects: 0 });
  expect(signup.status()).toBe(302);
  expect(signup.headers().location).toBe("/verify-email?type=signup&access_token=at&refresh_token=rt");

  // The hash form never reaches the server: the page forwards it.
  const forwarded = page.waitForURL(/\/reset-password#access_token=at&refresh_token=rt&type=recovery$/, {
    waitUntil: "commit",
  });
  await page.goto("/#access_token=at&refresh_token=rt&type=recovery");
  await forwarded;
});

test.describe("on a 390 px phone", () => {
  test.use(MOBILE);

  test("a signed-in caregiver opening / goes to /caregiver", async ({ page }) => {
    await loginAs(page, "caregiver");
    await page.goto("/");
    await expect(page).toHaveURL(/\/caregiver$/);
  });
});
