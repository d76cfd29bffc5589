import { readdirSync } from "node:fs";
import path from "node:path";
import { DEMO_EMAILS, expect, test } from "./fixtures";

// With the default outbox transport every email is written under
// data/outbox/ and readable at /dev/mailbox (loopback-only server).
test("a password-reset email lands in the outbox and the mailbox", async ({ page }) => {
  // Through the page a person uses (the auth API's own endpoint is closed).
  // Requesting a link changes nothing until it is followed.
  await page.goto("/forgot-password");
  await page.getByRole("main").getByLabel("Email address").fill(DEMO_EMAILS.client);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("Check your email", { exact: true })).toBeVisible();

  const outbox = path.join(process.env.E2E_DATA_DIR!, "outbox");
  await expect.poll(() => readdirSync(outbox).filter((file) => file.endsWith(".eml")).length).toBeGreaterThan(0);

  await page.goto("/dev/mailbox");
  await expect(page.getByRole("heading", { name: "Mailbox" })).toBeVisible();
  // Other tests sharing the server send reset emails too: this one is the demo client's.
  const message = page
    .getByRole("link", { name: /Reset your Tendly password/ })
    .filter({ hasText: DEMO_EMAILS.client })
    .first();
  await expect(message).toBeVisible();
  await message.click();
  await expect(page.getByRole("heading", { name: "Reset your Tendly password" })).toBeVisible();
  const text = page.locator("pre");
  await expect(text).toContainText("/api/auth/reset-password/");
  await expect(text).toContainText("callbackURL=%2Freset-password");
});
