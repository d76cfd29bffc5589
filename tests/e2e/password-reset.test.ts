import type { Page } from "@playwright/test";
import { gotoHydrated } from "./chrome-helpers";
import { expect, MOBILE, test } from "./fixtures";
import { emailCount, resetLinkFor, seededCaregiverEmail, uniqueEmail } from "./password-reset-helpers";
import { TIMEOUTS } from "./timeouts";

// Password reset (docs/product-rules.md, "Accounts and sign-in"): /forgot-password emails a link; /reset-password sets the new
// password; the person then signs in with it. Each test uses an account of
// its own (never the demo sign-in accounts, which other tests use).

// The whole path (request, email, new password, sign-in with scrypt hashing
// and an axe check of every page) takes longer than the default 30 s on a busy machine.
test.describe.configure({ timeout: TIMEOUTS.journey });

async function requestReset(page: Page, email: string) {
  await gotoHydrated(page, "/forgot-password");
  await expect(page.getByRole("heading", { level: 1, name: "Forgot your password?" })).toBeVisible();
  await page.getByRole("main").getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
}

async function resetThroughTheEmail(page: Page, email: string, newPassword: string) {
  await requestReset(page, email);
  await expect(page.getByText("Password reset email sent")).toBeVisible();
  await expect(page.getByText("Check your email for instructions to reset your password.")).toBeVisible();
  await expect(page.getByText(`If an account exists for ${email}`)).toBeVisible();

  // The emailed link passes through the auth API, which checks the token.
  await page.goto(await resetLinkFor(email));
  await expect(page).toHaveURL(/\/reset-password\?token=[\w-]+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();

  const password = page.getByLabel("New password", { exact: true });
  const confirm = page.getByLabel("Confirm password", { exact: true });
  await password.fill("short");
  await expect(page.getByText("Password strength: Too Short")).toBeVisible();
  await password.fill(newPassword);
  await expect(page.getByText("Password strength: Very Strong")).toBeVisible();
  await confirm.fill(`${newPassword}x`);
  await page.getByRole("button", { name: "Update password" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Passwords don't match" })).toBeVisible();

  await page.getByRole("button", { name: "Show new password" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Hide new password" }).click();
  await expect(password).toHaveAttribute("type", "password");

  await confirm.fill(newPassword);
  await page.getByRole("button", { name: "Update password" }).click();
  await expect(page).toHaveURL(/\/login\/(desktop|pwa)$/);
  await expect(page.getByText("Password updated")).toBeVisible();
  await expect(page.getByText("Your password has been successfully updated.")).toBeVisible();
}

/** Signs in on the login page the reset led to. */
async function signInOnThisPage(page: Page, email: string, password: string) {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

test("a person resets a forgotten password from the emailed link and signs in with the new one", async ({ page }) => {
  const email = seededCaregiverEmail("Peter", "Schmidt");
  await resetThroughTheEmail(page, email, "Fresh-Start-2026!");
  await signInOnThisPage(page, email, "Fresh-Start-2026!");
  // A sign-in hashes with scrypt; a busy machine can take a few seconds.
  await expect(page).toHaveURL(/\/caregiver$/, { timeout: TIMEOUTS.background });
});

test.describe("on a 390 px phone", () => {
  test.use(MOBILE);

  test("the reset works the same", async ({ page }) => {
    const email = seededCaregiverEmail("Yolanda", "Reyes");
    await resetThroughTheEmail(page, email, "Phone-Reset-2026!");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await signInOnThisPage(page, email, "Phone-Reset-2026!");
    await expect(page).toHaveURL(/\/caregiver$/, { timeout: TIMEOUTS.background });
  });
});

test("an unknown address gets the same answer, and a second request within a minute shows when to retry", async ({
  page,
}) => {
  await page.clock.install();
  const email = uniqueEmail("nobody");
  await requestReset(page, email);
  await expect(page.getByText("Password reset email sent")).toBeVisible();
  await expect(page.getByText(`If an account exists for ${email}`)).toBeVisible();
  expect(await emailCount(email)).toBe(0);

  await page.getByRole("button", { name: "Send another link" }).click();
  const limit = page.getByRole("alert").filter({ hasText: "Email sending temporarily limited" });
  await expect(limit).toContainText(/You can request another one in 0:[0-5]\d\./);
  const send = page.getByRole("button", { name: "Send reset link" });
  await expect(send).toBeDisabled();
  await page.clock.runFor(61_000);
  await expect(limit).toContainText("You can request another link now.");
  await expect(send).toBeEnabled();
});

test("the form checks the address before sending", async ({ page }) => {
  await gotoHydrated(page, "/forgot-password");
  await page.getByRole("main").getByLabel("Email address").fill("not-an-email");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Please enter a valid email address" })).toBeVisible();
});

test("an unknown or used link explains itself and leads to a new one", async ({ page }) => {
  await page.goto("/api/auth/reset-password/not-a-real-token?callbackURL=%2Freset-password");
  await expect(page).toHaveURL(/\/reset-password\?error=INVALID_TOKEN$/);
  await expect(page.getByRole("heading", { level: 1, name: "This reset link has expired" })).toBeVisible();
  await page.getByRole("link", { name: "Request a new link" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test("without a link the page says where to find one", async ({ page }) => {
  await page.goto("/reset-password");
  await expect(page.getByRole("heading", { level: 1, name: "Open the link from your email" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Request a new link" })).toHaveAttribute("href", "/forgot-password");
});

test("a link whose token no longer works says so when the new password is sent", async ({ page }) => {
  await gotoHydrated(page, "/reset-password?token=forged-token");
  await page.getByLabel("New password", { exact: true }).fill("Whatever-Pass-1!");
  await page.getByLabel("Confirm password", { exact: true }).fill("Whatever-Pass-1!");
  await page.getByRole("button", { name: "Update password" }).click();
  await expect(page.getByText("Update failed")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "This reset link has expired" })).toBeVisible();
});
