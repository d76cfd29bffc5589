import type { Page } from "@playwright/test";
import { registerThroughServer, registrationValues, verificationLinkFor } from "./account-helpers";
import { gotoHydrated, reloadHydrated } from "./chrome-helpers";
import { fillClientInfo, fillHealthNeeds, fillRecurringSchedule, RECIPIENT } from "./care-request-helpers";
import { expect, loginAs, MOBILE, test } from "./fixtures";
import { TIMEOUTS } from "./timeouts";

// The /request wizard (docs/product-rules.md, "Care requests"): four steps, each complete once, no step
// before its turn, a draft that survives a reload and a sign-in, Start over.

test.describe.configure({ timeout: TIMEOUTS.journey });

const main = (page: Page) => page.getByRole("main");

test("the old entry points lead to the wizard's first step", async ({ page }) => {
  for (const path of ["/request", "/request-care", "/find-care"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/request\/client-info$/);
  }
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
});

test("a step opens only after the steps before it, and errors name the field", async ({ page }) => {
  await gotoHydrated(page, "/request/schedule");
  await expect(page).toHaveURL(/\/request\/client-info$/);
  await main(page).getByRole("button", { name: "Continue" }).click();
  await expect(main(page).getByText("Choose who needs care")).toBeVisible();
  await expect(main(page).getByText("Full name is required")).toBeVisible();
  await expect(main(page).getByText("Please enter a valid ZIP code")).toBeVisible();
  await expect(page).toHaveURL(/\/request\/client-info$/);

  await fillClientInfo(page);
  await expect(page).toHaveURL(/\/request\/health-needs$/);
  await main(page).getByRole("button", { name: "Continue" }).click();
  await expect(main(page).getByText("Choose at least one service")).toBeVisible();

  // Step 1 is marked complete in the progress list.
  await expect(main(page).getByRole("link", { name: /Who needs care \(complete\)/ })).toBeVisible();
  await page.goto("/request/review-submit");
  await expect(page).toHaveURL(/\/request\/health-needs$/);
});

test("the draft survives a reload, and Start over clears it", async ({ page }) => {
  await gotoHydrated(page, "/request/client-info?caregiver=jordan-rivera");
  await fillClientInfo(page);
  await fillHealthNeeds(page);
  await expect(main(page).getByRole("heading", { level: 1, name: "Schedule" })).toBeVisible();
  await reloadHydrated(page);
  await expect(page).toHaveURL(/\/request\/schedule$/);
  await main(page)
    .getByRole("link", { name: /Who needs care/ })
    .click();
  await expect(main(page).getByLabel("Full name of the person receiving care")).toHaveValue(RECIPIENT.fullName);
  const stored = await page.evaluate(() => localStorage.getItem("tendly:care-request-draft"));
  expect(JSON.parse(stored!).data.preferredCaregiverSlug).toBe("jordan-rivera");

  await main(page).getByRole("button", { name: "Start over" }).click();
  await expect(main(page).getByLabel("Full name of the person receiving care")).toHaveValue("");
  await reloadHydrated(page);
  await expect(main(page).getByLabel("Full name of the person receiving care")).toHaveValue("");
  await page.goto("/request/schedule");
  await expect(page).toHaveURL(/\/request\/client-info$/);
});

test("a signed-in client starts with their phone, address and ZIP code", async ({ page }) => {
  // An account of its own: the demo client's server draft belongs to the care-loop test.
  await loginAs(page, "admin-client");
  await gotoHydrated(page, "/request/client-info");
  await expect(main(page).getByLabel("Phone number")).toHaveValue("(312) 555-0100");
  await expect(main(page).getByLabel("Street address where care takes place")).toHaveValue("100 Main Street");
  await expect(main(page).getByLabel("ZIP code")).toHaveValue("60614");
  await main(page).getByLabel("Me", { exact: true }).check();
  await expect(main(page).getByLabel("Full name of the person receiving care")).toHaveValue("Morgan Both");
});

test("a visitor's draft survives signing in, and comes back on review-submit", async ({ page, browser }) => {
  const values = registrationValues();
  const { response } = await registerThroughServer(page, values);
  expect(response.status()).toBeLessThan(400);
  // The link's page confirms with a request of its own once it runs: wait for its answer before leaving.
  const elsewhere = await browser.newContext();
  const verifying = await elsewhere.newPage();
  await verifying.goto(await verificationLinkFor(values.email));
  await expect(verifying.getByRole("heading", { level: 1, name: "Welcome to Tendly" })).toBeVisible({
    timeout: TIMEOUTS.background,
  });
  await elsewhere.close();
  await page.context().clearCookies();

  await gotoHydrated(page, "/request/client-info");
  await fillClientInfo(page);
  await fillHealthNeeds(page);
  await fillRecurringSchedule(page);
  await expect(main(page).getByText("Total per week")).toBeVisible();
  await expect(main(page).getByRole("heading", { name: "Sign in to send your request" })).toBeVisible();
  await main(page).getByRole("link", { name: "Sign in", exact: true }).click();

  await page.getByLabel("Email", { exact: true }).fill(values.email);
  await page.getByLabel("Password", { exact: true }).fill(values.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/request\/review-submit$/);
  await expect(main(page).getByText(RECIPIENT.fullName)).toBeVisible();
  await expect(main(page).getByText("Total per week")).toBeVisible();
  await expect(main(page).getByRole("button", { name: "Send request" })).toBeVisible();

  // Once signed in the draft is kept on the server too: another device sees it.
  // Each try opens a fresh browser context and a whole page: on a busy machine one try alone can take
  // longer than the default 7 s.
  await expect
    .poll(
      async () => {
        // The session cookie only: nothing of this browser's storage.
        const { cookies } = await page.context().storageState();
        const other = await browser.newContext({ storageState: { cookies, origins: [] } });
        const otherPage = await other.newPage();
        await gotoHydrated(otherPage, "/request/review-submit");
        const name = await otherPage.getByRole("main").getByText(RECIPIENT.fullName).count();
        await other.close();
        return name;
      },
      { timeout: TIMEOUTS.background },
    )
    .toBe(1);
});

test.describe("on a 390 px phone", () => {
  test.use(MOBILE);

  test("the wizard is one column with large touch targets, and shows a promo code's error", async ({ page }) => {
    await gotoHydrated(page, "/request/client-info");
    const continueBox = await main(page).getByRole("button", { name: "Continue" }).boundingBox();
    expect(continueBox!.height).toBeGreaterThanOrEqual(44);
    await fillClientInfo(page);
    const serviceBox = await main(page).getByText("Personal Care", { exact: true }).locator("..").boundingBox();
    expect(serviceBox!.height).toBeGreaterThanOrEqual(44);
    expect(serviceBox!.width).toBeGreaterThan(300);
    await fillHealthNeeds(page);
    await fillRecurringSchedule(page);
    await expect(main(page).getByText("Total per week")).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await main(page).getByLabel("Promo code (optional)").fill("NOT-A-CODE");
    await main(page).getByRole("button", { name: "Apply code" }).click();
    await expect(
      main(page)
        .getByRole("alert")
        .filter({ hasText: /promo code/i }),
    ).toBeVisible();
    const signIn = await main(page).getByRole("link", { name: "Sign in", exact: true }).boundingBox();
    expect(signIn!.height).toBeGreaterThanOrEqual(44);
  });
});
