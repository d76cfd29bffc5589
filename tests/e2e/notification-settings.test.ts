import { createClientAccount, registerClientAccount } from "./account-helpers";
import { gotoHydrated, reloadHydrated } from "./chrome-helpers";
import { expect, MOBILE, signIn, test } from "./fixtures";
import { latestEmail } from "./password-reset-helpers";

// Notification delivery settings (docs/product-rules.md, "Notification
// delivery"): the family chooses channels per type and quiet hours, which are
// kept; the unsubscribe link of a notification email works signed out.

const SETTINGS = "/dashboard/settings?tab=notifications";

test("the family changes delivery preferences and quiet hours, and finds them kept", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await createClientAccount(page);
  await gotoHydrated(page, SETTINGS);

  const tabs = page.getByRole("navigation", { name: "Settings sections" });
  await expect(tabs.getByRole("link", { name: "Notifications" })).toHaveAttribute("aria-current", "page");
  const preferences = page.getByRole("region", { name: "How we notify you" });
  const ordersByEmail = preferences.getByRole("checkbox", { name: "Orders by Email" });
  const scheduleByPush = preferences.getByRole("checkbox", { name: "Schedule by Push" });
  const messagesInApp = preferences.getByRole("checkbox", { name: "Messages by In the app" });
  // Everything is on until the person chooses.
  await expect(ordersByEmail).toBeChecked();
  await expect(scheduleByPush).toBeChecked();
  await ordersByEmail.uncheck();
  await scheduleByPush.uncheck();
  await messagesInApp.uncheck();
  await preferences.getByRole("button", { name: "Save preferences" }).click();
  await expect(preferences.getByRole("status")).toHaveText("Saved. Your notification preferences are updated.");

  const quiet = page.getByRole("region", { name: "Quiet hours" });
  await quiet.getByRole("radio", { name: "On" }).check();
  await quiet.getByLabel("From").fill("21:30");
  await quiet.getByLabel("Until").fill("06:45");
  // The same start and end is refused before anything is sent.
  await quiet.getByLabel("Until").fill("21:30");
  await quiet.getByRole("button", { name: "Save quiet hours" }).click();
  await expect(quiet.getByText("The end must be another time than the start.")).toBeVisible();
  await quiet.getByLabel("Until").fill("06:45");
  await quiet.getByRole("button", { name: "Save quiet hours" }).click();
  await expect(quiet.getByRole("status")).toHaveText("Saved. Your quiet hours are updated.");
  await expect(quiet).toContainText("On your clock: ");

  await reloadHydrated(page);
  await expect(ordersByEmail).not.toBeChecked();
  await expect(scheduleByPush).not.toBeChecked();
  await expect(messagesInApp).not.toBeChecked();
  await expect(preferences.getByRole("checkbox", { name: "Orders by In the app" })).toBeChecked();
  await expect(quiet.getByRole("radio", { name: "On" })).toBeChecked();
  await expect(quiet.getByLabel("From")).toHaveValue("21:30");
  await expect(quiet.getByLabel("Until")).toHaveValue("06:45");

  // The security tab, by keyboard, still holds two-factor authentication.
  await tabs.getByRole("link", { name: "Security" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard\/settings\?tab=security$/);
  await expect(page.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
});

test.describe("on a phone", () => {
  test.use(MOBILE);

  test("the unsubscribe link of a notification email works signed out, then the settings show it", async ({ page }) => {
    const account = await registerClientAccount(page);
    // A verified family is welcomed with a notification, emailed by default.
    const welcome = await latestEmail(account.email, "Welcome to Tendly");
    const link = welcome.text.match(/https?:\/\/\S+\/notifications\/unsubscribe\?\S+/)?.[0];
    expect(link, "unsubscribe link").toBeDefined();
    const headers = (welcome as { headers?: Record<string, string> }).headers;
    expect(headers?.["List-Unsubscribe"]).toBe(`<${link}>`);

    await page.context().clearCookies();
    const url = new URL(link!);
    await gotoHydrated(page, url.pathname + url.search);
    await expect(page.getByRole("heading", { name: "Unsubscribe from emails" })).toBeVisible();
    await expect(page.getByText(`Stop emails about your account and Tendly to ${account.email}?`)).toBeVisible();
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByText("You will no longer get these emails.")).toBeVisible();
    await page.getByRole("link", { name: "Change your notification settings" }).click();
    // Signed out: the settings ask for a sign-in first.
    await expect(page).toHaveURL(/\/login/);

    await signIn(page, account.email);
    await gotoHydrated(page, SETTINGS);
    const preferences = page.getByRole("region", { name: "How we notify you" });
    // On a phone each type lists its channels with visible labels.
    const system = preferences.locator("tr", { hasText: "System" });
    await expect(system.getByText("Email", { exact: true })).toBeVisible();
    await expect(preferences.getByRole("checkbox", { name: "System by Email" })).not.toBeChecked();
    await expect(preferences.getByRole("checkbox", { name: "System by In the app" })).toBeChecked();
    await expect(preferences.getByRole("checkbox", { name: "Orders by Email" })).toBeChecked();
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
