import { E2E_SIGN_UPS_PER_ADDRESS } from "./server-limits";
import {
  pauseClock,
  registerThroughServer,
  resumeClock,
  registrationValues,
  verificationLinkFor,
} from "./account-helpers";
import { gotoHydrated } from "./chrome-helpers";
import { emailCount } from "./password-reset-helpers";
import { expect, MOBILE, test } from "./fixtures";

// The /verify-email views (docs/product-rules.md, "Accounts and sign-in").

test("without an address waiting for verification the page sends to /register", async ({ page }) => {
  await page.goto("/verify-email");
  await expect(page).toHaveURL(/\/register$/);
});

test("Check Your Inbox shows the address, the four steps and the ways on", async ({ page }) => {
  const { values } = await registerThroughServer(page);
  await gotoHydrated(page, "/verify-email");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Check Your Inbox" })).toBeVisible();
  await expect(main.getByText(values.email, { exact: true })).toBeVisible();
  const steps = main.getByRole("listitem");
  await expect(steps).toHaveCount(4);
  for (const [index, title] of ["Open your email", "Find our email", "Click the link", "Get started"].entries()) {
    await expect(steps.nth(index)).toContainText(title);
  }
  await expect(main.getByRole("button", { name: "Resend Email" })).toBeEnabled();
  await expect(main.getByRole("link", { name: "Continue to Login" })).toHaveAttribute("href", "/login");
  await expect(main.getByRole("link", { name: "Contact support" })).toHaveAttribute("href", "/contact");

  // The address stays after a reload (it is not only in history state).
  await page.reload();
  await expect(main.getByText(values.email, { exact: true })).toBeVisible();
});

const seconds = (text: string) => Number(text.split(":")[0]) * 60 + Number(text.split(":")[1]);

test("Resend within the minute shows Email Limit Reached, counting down each second", async ({ page }) => {
  const { values } = await registerThroughServer(page);
  await page.clock.install();
  await gotoHydrated(page, "/verify-email");
  await pauseClock(page);
  await page.getByRole("button", { name: "Resend Email" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Email Limit Reached" })).toBeVisible();
  await expect(page.getByText("Email sending temporarily limited")).toBeVisible();
  const timer = page.getByRole("timer");
  await expect(timer).toHaveText(/^(1:00|0:[0-5]\d)$/);
  const before = seconds(await timer.innerText());
  await page.clock.runFor(1_000);
  await expect(timer).toHaveText(`0:${String(before - 1).padStart(2, "0")}`);
  await page.clock.runFor(1_000);
  await expect(timer).toHaveText(`0:${String(before - 2).padStart(2, "0")}`);
  await expect(page.getByRole("button", { name: "Resend Email" })).toBeDisabled();

  // When the countdown ends, the inbox view and its Resend button come back.
  await page.clock.runFor((before - 2) * 1_000);
  await expect(page.getByRole("heading", { level: 1, name: "Check Your Inbox" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Resend Email" })).toBeEnabled();
  // Only the registration's email went out.
  await verificationLinkFor(values.email);
  // axe (run after each load) needs the page's timers.
  await resumeClock(page);
});

test("after a rate-limited arrival the countdown starts at 5:00, then Resend sends", async ({ page }) => {
  // Several sign-ups (scrypt hashing) and pages, each checked by axe.
  test.slow();
  // The allowed sign-ups from this test's address, so that the next is refused and lands here rate-limited.
  for (let index = 0; index < E2E_SIGN_UPS_PER_ADDRESS; index += 1) await registerThroughServer(page);
  const refused = registrationValues();
  const { response } = await registerThroughServer(page, refused);
  expect(response.status()).toBe(429);

  await page.clock.install();
  await gotoHydrated(page, "/verify-email");
  await pauseClock(page);
  await expect(page.getByRole("heading", { level: 1, name: "Email Limit Reached" })).toBeVisible();
  await expect(page.getByRole("timer")).toHaveText(/^(5:00|4:5\d)$/);
  await page.clock.runFor(300_000);
  await expect(page.getByRole("heading", { level: 1, name: "Check Your Inbox" })).toBeVisible();
  // Toasts (and axe) need the page's timers running.
  await resumeClock(page);
  await page.getByRole("button", { name: "Resend Email" }).click();
  await expect(page.getByText("Verification email sent")).toBeVisible();
});

test("a damaged link shows Verification Issue with the toast; Try Again leads back", async ({ page }) => {
  await gotoHydrated(page, "/verify-email?token=not-a-real-token");
  await expect(page.getByRole("heading", { level: 1, name: "Verification Issue" })).toBeVisible();
  await expect(page.getByText("Verification failed")).toBeVisible();
  const message = "This verification link is not valid. Sign in with your email and password to get a new one.";
  await expect(page.getByRole("main").getByText(message)).toBeVisible();
  await page.getByRole("link", { name: "Try Again" }).click();
  // Nothing is waiting for verification in this browser: back to registration.
  await expect(page).toHaveURL(/\/register$/);
});

test("Try Again returns to the inbox view when an address is waiting", async ({ page }) => {
  const { values } = await registerThroughServer(page);
  await gotoHydrated(page, "/verify-email?token=not-a-real-token");
  await page.getByRole("link", { name: "Try Again" }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByRole("heading", { level: 1, name: "Check Your Inbox" })).toBeVisible();
  await expect(page.getByRole("main").getByText(values.email, { exact: true })).toBeVisible();
});

test("a link of the old sign-up form is explained, not followed", async ({ page }) => {
  await gotoHydrated(page, "/verify-email?type=signup&access_token=abc&refresh_token=def");
  await expect(page.getByRole("heading", { level: 1, name: "Verification Issue" })).toBeVisible();
  await expect(page.getByRole("main").getByText(/This verification link is no longer supported/)).toBeVisible();
});

test("drawn anew when the verification signs in, the page neither confirms again nor says so twice", async ({
  page,
}) => {
  test.slow();
  const { values } = await registerThroughServer(page);
  const link = await verificationLinkFor(values.email);
  const confirmations: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes("/verify-email")) confirmations.push(request.url());
  });
  // The move to the clean address waits, so that the sign-in's new chrome is drawn under the link's address.
  const { promise: held, resolve: release } = Promise.withResolvers<void>();
  await page.route(
    (url) => url.pathname === "/verify-email.data" && !url.searchParams.has("token"),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await page.goto(link);
  // Signed in: the header's account menu replaces Sign in.
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toHaveCount(0);
  release();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Welcome to Tendly!")).toBeVisible();
  expect(confirmations).toHaveLength(1);
  await expect(page.getByText("Email verified successfully!")).toHaveCount(1);
});

test("the emailed link shows verifying, then the welcome with a clean address, then /dashboard", async ({ page }) => {
  // Several sign-ups (scrypt hashing) and pages, each checked by axe.
  test.slow();
  const { values } = await registerThroughServer(page);
  const link = await verificationLinkFor(values.email);

  // Hold the confirming request to see the verifying view.
  const { promise: held, resolve: release } = Promise.withResolvers<void>();
  await page.route(/\/verify-email\.data/, async (route) => {
    await held;
    await route.continue();
  });
  await page.clock.install();
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Verifying your email" })).toBeVisible();
  await pauseClock(page);
  release();

  await expect(page.getByRole("heading", { level: 1, name: "Welcome to Tendly" })).toBeVisible();
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByRole("link", { name: "Go to Dashboard" })).toHaveAttribute("href", "/dashboard");
  await page.clock.runFor(1_400);
  // Toasts mount on a timer of their own, which the paused clock just ran.
  await expect(page.getByText("Email verified successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/verify-email$/);
  await page.clock.runFor(200);
  await expect(page).toHaveURL(/\/dashboard$/);
  await resumeClock(page);
  await expect(page.getByText("Welcome to Tendly!")).toBeVisible();

  // The same link again: the address is verified already and nobody new is signed in.
  await page.context().clearCookies();
  await page.unroute(/\/verify-email\.data/);
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Verification Issue" })).toBeVisible();
  await expect(page.getByRole("main").getByText(/already verified/)).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the link's page offers a button that verifies and signs in", async ({ page, a11y }) => {
    // axe runs as page script; these pages are checked with JavaScript in the tests above.
    a11y.skipUrls.push(/./);
    const { values } = await registerThroughServer(page);
    await page.goto(await verificationLinkFor(values.email));
    await expect(page.getByRole("heading", { level: 1, name: "Verifying your email" })).toBeVisible();
    await page.getByRole("button", { name: "Verify my email" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to Tendly" })).toBeVisible();
    await page.getByRole("link", { name: "Go to Dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("Resend within the minute shows Email Limit Reached and sends nothing", async ({ page, a11y }) => {
    a11y.skipUrls.push(/./);
    const { values } = await registerThroughServer(page);
    await page.goto("/verify-email");
    await page.getByRole("button", { name: "Resend Email" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Email Limit Reached" })).toBeVisible();
    await expect(page.getByRole("timer")).toHaveText(/^(1:00|0:[0-5]\d)$/);
    await expect(page.getByRole("button", { name: "Resend Email" })).toBeDisabled();
    // The page read again keeps the countdown (it travels in the cookie).
    await page.goto("/verify-email");
    await expect(page.getByRole("heading", { level: 1, name: "Email Limit Reached" })).toBeVisible();
    await verificationLinkFor(values.email);
    expect(await emailCount(values.email, "Confirm your email for Tendly")).toBe(1);
  });
});

test.describe("on a 390 px phone", () => {
  test.use(MOBILE);

  test("the inbox view fits the screen", async ({ page }) => {
    await registerThroughServer(page);
    await gotoHydrated(page, "/verify-email");
    await expect(page.getByRole("heading", { level: 1, name: "Check Your Inbox" })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.getByRole("button", { name: "Resend Email" })).toBeInViewport();
  });
});
