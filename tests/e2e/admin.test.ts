import type { Page } from "@playwright/test";
import { totpCode } from "../support/totp";
import { gotoHydrated, reloadHydrated } from "./chrome-helpers";
import { createUser } from "~/platform/db/seed/factories.server";
import { e2eDatabase } from "./e2e-database";
import { expect, loginAs, MOBILE, signIn, test } from "./fixtures";
import { latestEmail } from "./password-reset-helpers";
import { TIMEOUTS } from "./timeouts";

// Administrators (docs/product-rules.md, "Accounts and sign-in"): invited by an admin, never self-registered.

const PASSWORD = "InvitedAdmin123!";

function uniqueAddress(label: string) {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
}

/** The invite link emailed to `email`, read from the server's outbox. */
async function inviteLinkFor(email: string): Promise<string> {
  const message = await latestEmail(email, "You are invited to administer Tendly");
  const link = message.text.match(/https?:\/\/\S+\/admin\/invite\?token=\S+/)?.[0];
  expect(link, "invite link").toBeDefined();
  return link!;
}

/** Runs `query` on the e2e server's embedded database (the pool of e2e-database.ts). */
function queryE2eDatabase(query: string, values: unknown[]) {
  return e2eDatabase().$client.query(query, values);
}

/**
 * Signs in as a new administrator who is not a demo account: demo
 * administrators may not invite administrators (docs/product-rules.md).
 */
async function loginAsInvitingAdmin(page: Page) {
  const email = uniqueAddress("inviting-admin");
  await createUser(e2eDatabase(), {
    email,
    password: PASSWORD,
    firstName: "Ines",
    lastName: "Admin",
    roles: ["admin"],
  });
  await signIn(page, email);
}

/** Signed in as an administrator, invites `email` from /admin/users. */
async function inviteFromUsersPage(page: Page, email: string) {
  await gotoHydrated(page, "/admin/users");
  const section = page.getByRole("region", { name: "Invite an administrator" });
  await section.getByLabel("Email address").fill(email);
  await section.getByRole("button", { name: "Send invitation" }).click();
  await expect(section.getByRole("status")).toContainText(`Invitation sent to ${email}`);
  await expect(page.getByRole("region", { name: "Pending invitations" })).toContainText(email);
}

/** Accepts the invite at `link` in a signed-out browser, landing on /admin. */
async function acceptInvite(page: Page, link: string, email: string) {
  await gotoHydrated(page, link);
  await expect(page.getByRole("heading", { level: 1, name: "Accept your invitation" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByLabel("First name").fill("Indigo");
  await page.getByLabel("Last name").fill("Invitee");
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create administrator account" }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

test("an admin invites a new address; the invitee sets a name and password and lands on /admin", async ({
  page,
  browser,
}) => {
  // Two sign-ins and a new password hash (scrypt) on a 2-core machine.
  test.slow();
  const email = uniqueAddress("new-admin");
  await loginAsInvitingAdmin(page);
  await inviteFromUsersPage(page, email);
  const link = await inviteLinkFor(email);
  expect(link).toMatch(/\/admin\/invite\?token=[A-Za-z0-9_-]{43}$/);

  const invitee = await browser.newPage({ extraHTTPHeaders: { "X-Forwarded-For": "10.250.1.1" } });
  try {
    // The form checks the field rules before sending.
    await gotoHydrated(invitee, link);
    await invitee.getByLabel("First name").fill("I");
    await invitee.getByLabel("Password", { exact: true }).fill("short");
    await invitee.getByLabel("Confirm password", { exact: true }).fill("different");
    await invitee.getByRole("button", { name: "Create administrator account" }).click();
    await expect(invitee.getByText("First name is required")).toBeVisible();
    await expect(invitee.getByText("Password must be at least 8 characters")).toBeVisible();
    await expect(invitee.getByText("Passwords do not match")).toBeVisible();

    await acceptInvite(invitee, link, email);
    // The header now shows the new administrator.
    await expect(invitee.getByRole("banner")).toBeVisible();

    // The link works once.
    await invitee.context().clearCookies();
    await invitee.goto(link);
    await expect(
      invitee.getByRole("heading", { level: 1, name: "This invitation has already been used" }),
    ).toBeVisible();
    await expect(invitee.getByRole("button", { name: "Create administrator account" })).toHaveCount(0);
  } finally {
    await invitee.close();
  }

  // The invite left the pending list; the new admin is in the users table.
  await gotoHydrated(page, "/admin/users");
  await expect(page.getByRole("region", { name: "Pending invitations" })).not.toContainText(email);
  const users = page.getByRole("region", { name: "All users" });
  await users.getByRole("searchbox", { name: "Search users" }).fill(email);
  await users.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${encodeURIComponent(email).replace(/\./g, "\\.")}`));
  await expect(users.getByRole("status")).toHaveText(`1 user matching "${email}"`);
  const row = users.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Indigo Invitee");
  await expect(row).toContainText("Admin");
  await expect(row).toContainText("Yes");
});

// The sign-in code step belongs to the sign-in pages; this checks enrolment and
// that a password alone no longer signs this admin in.
test("an invited admin turns on two-factor authentication, then signs in with a code", async ({ page, browser }) => {
  test.slow();
  const email = uniqueAddress("totp-admin");
  await loginAsInvitingAdmin(page);
  await inviteFromUsersPage(page, email);
  const link = await inviteLinkFor(email);

  const admin = await browser.newPage({ extraHTTPHeaders: { "X-Forwarded-For": "10.250.2.1" } });
  let secret = "";
  try {
    await acceptInvite(admin, link, email);
    await gotoHydrated(admin, "/admin/settings");
    await expect(admin.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    await expect(admin.getByRole("region", { name: "Account" })).toContainText(email);
    const section = admin.getByRole("region", { name: "Two-factor authentication" });
    await expect(section.getByText("Off", { exact: true })).toBeVisible();

    await section.getByLabel("Current password", { exact: true }).fill("wrong-password");
    await section.getByRole("button", { name: "Set up two-factor authentication" }).click();
    await expect(section.getByText("That password is not right. Please try again.")).toBeVisible();
    await section.getByLabel("Current password", { exact: true }).fill(PASSWORD);
    await section.getByRole("button", { name: "Set up two-factor authentication" }).click();

    await expect(section.getByRole("img", { name: /QR code/ })).toBeVisible();
    secret = (await section
      .getByText("Setup key")
      .locator("xpath=..")
      .locator("[data-secret]")
      .getAttribute("data-secret"))!;
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await expect(section).toContainText(secret.slice(0, 4));

    await section.getByLabel("6-digit code").fill("12");
    await section.getByRole("button", { name: "Turn on two-factor authentication" }).click();
    await expect(section.getByText("Enter the 6-digit code from your authenticator app")).toBeVisible();
    await section.getByLabel("6-digit code").fill(totpCode(secret));
    await section.getByRole("button", { name: "Turn on two-factor authentication" }).click();
    await expect(section.getByText("Two-factor authentication is on.")).toBeVisible();
    await expect(section.getByRole("list", { name: "Backup codes" }).getByRole("listitem")).toHaveCount(10);

    // Shown once: after a reload the codes are gone and the section offers to turn it off.
    await reloadHydrated(admin);
    await expect(section.getByText("On", { exact: true })).toBeVisible();
    await expect(section.getByRole("list", { name: "Backup codes" })).toHaveCount(0);
    await expect(section.getByRole("button", { name: "Turn off two-factor authentication" })).toBeVisible();
  } finally {
    await admin.close();
  }

  // The password alone no longer opens a session: the sign-in page asks for a code, which finishes it.
  const later = await browser.newPage({ extraHTTPHeaders: { "X-Forwarded-For": "10.250.2.2" } });
  try {
    await gotoHydrated(later, "/admin/login");
    await later.getByLabel("Email", { exact: true }).fill(email);
    await later.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await later.getByRole("button", { name: "Sign In", exact: true }).click();
    await later.getByLabel("Authentication code").fill(totpCode(secret));
    await later.getByRole("button", { name: "Verify code" }).click();
    await expect(later).toHaveURL(/\/admin$/, { timeout: TIMEOUTS.background });
  } finally {
    await later.close();
  }
});

test("an invite can be revoked; its link then says so", async ({ page }) => {
  const email = uniqueAddress("revoked-admin");
  await loginAsInvitingAdmin(page);
  await inviteFromUsersPage(page, email);
  const link = await inviteLinkFor(email);
  await page.getByRole("button", { name: `Revoke the invitation to ${email}` }).click();
  await expect(page.getByRole("region", { name: "Pending invitations" })).not.toContainText(email);

  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "This invitation was withdrawn" })).toBeVisible();
});

test("an invite to an existing admin is refused, and a bad token shows no form", async ({ page }) => {
  await loginAsInvitingAdmin(page);
  await gotoHydrated(page, "/admin/users");
  const section = page.getByRole("region", { name: "Invite an administrator" });
  await section.getByLabel("Email address").fill("not-an-email");
  await section.getByRole("button", { name: "Send invitation" }).click();
  await expect(section.getByText("Please enter a valid email address")).toBeVisible();
  await section.getByLabel("Email address").fill("admin@demo.tendly.test");
  await section.getByRole("button", { name: "Send invitation" }).click();
  await expect(section.getByText("This address already belongs to an administrator.")).toBeVisible();

  await page.goto("/admin/invite?token=nope");
  await expect(page.getByRole("heading", { level: 1, name: "This invitation link is not valid" })).toBeVisible();
  await expect(page.getByLabel("Password", { exact: true })).toHaveCount(0);
});

test("an admin idle for more than 30 minutes is signed out and told why", async ({ page }) => {
  await loginAs(page, "admin");
  // The page's realtime stream opens once it has loaded: opened after the
  // session is made idle, it would be the request that meets the timeout.
  const streamOpened = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/events");
  await gotoHydrated(page, "/admin/settings");
  expect((await streamOpened).status()).toBe(200);
  // This browser's session (the cookie holds "token.signature") was last active 31 minutes ago.
  const cookie = (await page.context().cookies()).find((c) => c.name === "better-auth.session_token")!;
  const token = decodeURIComponent(cookie.value).split(".")[0];
  const updated = await queryE2eDatabase(
    "update sessions set last_active_at = now() - interval '31 minutes' where token = $1",
    [token],
  );
  expect(updated.rowCount).toBe(1);

  await page.getByRole("navigation", { name: "Admin menu" }).getByRole("link", { name: "Users" }).click();
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fusers&reason=timeout$/);
  await expect(page.getByText("Your session has expired. Please sign in again.")).toBeVisible();
  const remaining = await queryE2eDatabase("select 1 from sessions where token = $1", [token]);
  expect(remaining.rowCount).toBe(0);
});

test("non-admins cannot reach the users page", async ({ page }) => {
  await loginAs(page, "client");
  await page.goto("/admin/users");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test.describe("on a 390 px phone", () => {
  test.use(MOBILE);

  test("the users page fits the screen and the invite form works", async ({ page }) => {
    await loginAsInvitingAdmin(page);
    // Newest first, and other tests keep adding users: the demo admin is found by search.
    await gotoHydrated(page, "/admin/users?q=admin%40demo.tendly.test");
    await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
    await expect(
      page.getByRole("region", { name: "All users" }).getByRole("cell", { name: "admin@demo.tendly.test" }),
    ).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const email = uniqueAddress("phone-admin");
    await inviteFromUsersPage(page, email);
  });
});

test("a demo administrator cannot invite an administrator, who would outlive the demo", async ({ page }) => {
  await loginAs(page, "admin");
  await gotoHydrated(page, "/admin/users");
  const section = page.getByRole("region", { name: "Invite an administrator" });
  const email = uniqueAddress("from-demo");
  await section.getByLabel("Email address").fill(email);
  await section.getByRole("button", { name: "Send invitation" }).click();
  await expect(section.getByRole("alert")).toHaveText(
    "Demo administrators cannot invite administrators: the invited account would outlive the demo.",
  );
  await expect(page.getByRole("region", { name: "Pending invitations" })).not.toContainText(email);
});
