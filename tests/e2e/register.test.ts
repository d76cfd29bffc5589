import { E2E_SIGN_UPS_PER_ADDRESS } from "./server-limits";
import type { Page } from "@playwright/test";
import { demoCaregivers } from "~/platform/db/seed/demo-caregivers";
import {
  fillRegistrationForm,
  pauseClock,
  resumeClock,
  registerThroughServer,
  registrationField,
  registrationValues,
  verificationLinkFor,
  type RegistrationField,
} from "./account-helpers";
import { gotoHydrated } from "./chrome-helpers";
import { emailCount, uniqueEmail } from "./password-reset-helpers";
import { DEMO_EMAILS, expect, loginAs, MOBILE, test } from "./fixtures";
import { TIMEOUTS } from "./timeouts";

// Client registration (docs/product-rules.md, "Accounts and sign-in") in a real browser.

const roleOption = (page: Page, name: "Find Care" | "Provide Care") =>
  page.getByRole("navigation", { name: "Account type" }).getByRole("link", { name: new RegExp(name) });
const createAccount = (page: Page) => page.getByRole("button", { name: "Create Account", exact: true });

type Field = RegistrationField;

/** The field is marked invalid and its message is shown under it and read as its description. */
async function expectFieldError(page: Page, field: Field, message: string) {
  const input = registrationField(page, field);
  await expect(input, field).toHaveAttribute("aria-invalid", "true");
  await expect(input, field).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  await expect(page.getByText(message, { exact: true }), field).toBeVisible();
}

test("a new client registers, gets the email, follows the link and lands signed in on /dashboard", async ({ page }) => {
  // Several sign-ups (scrypt hashing) and pages, each checked by axe.
  test.slow();
  await gotoHydrated(page, "/register");
  await expect(page.getByRole("heading", { level: 1, name: "Create Account" })).toBeVisible();
  await expect(page.getByText("Find quality care for yourself or a loved one.")).toBeVisible();
  await expect(roleOption(page, "Find Care")).toHaveAttribute("aria-current", "true");
  await expect(page.getByRole("checkbox", { name: /Send me care tips/ })).not.toBeChecked();

  const values = registrationValues();
  await fillRegistrationForm(page, values);
  await page.getByRole("checkbox", { name: /Send me care tips/ }).check();
  await createAccount(page).click();

  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByRole("heading", { level: 1, name: "Check Your Inbox" })).toBeVisible();
  await expect(page.getByRole("main").getByText(`We sent a verification link to ${values.email}.`)).toBeVisible();
  await expect(page.getByText("Check your email", { exact: true })).toBeVisible();
  // Not signed in before verifying.
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();

  const link = await verificationLinkFor(values.email);
  expect(await emailCount(values.email)).toBe(1);
  await page.goto(link);
  // Verifying signs in and loads the dashboard: room for a busy machine, as in the other verification tests.
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to Tendly" })).toBeVisible({
    timeout: TIMEOUTS.background,
  });
  await expect(page.getByText("Email verified successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Welcome to Tendly!")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toHaveCount(0);
});

test("every validation message appears verbatim under its field", async ({ page }) => {
  await gotoHydrated(page, "/register");
  await createAccount(page).click();
  const required: [Field, string][] = [
    ["firstName", "First name is required"],
    ["lastName", "Last name is required"],
    ["email", "Please enter a valid email address"],
    ["phoneNumber", "Please enter a valid phone number"],
    ["password", "Password must be at least 8 characters"],
    ["streetAddress", "Street address is required"],
    ["city", "City is required"],
    ["state", "Please select a valid state"],
    ["zipCode", "Please enter a valid ZIP code"],
  ];
  for (const [field, message] of required) await expectFieldError(page, field, message);
  // The first invalid field takes the focus.
  await expect(registrationField(page, "firstName")).toBeFocused();

  await fillRegistrationForm(page, {
    firstName: "F".repeat(51),
    lastName: "L".repeat(51),
    email: `${"e".repeat(250)}@example.test`,
    phoneNumber: "1".repeat(21),
    password: "p".repeat(129),
    streetAddress: "S".repeat(256),
    city: "C".repeat(101),
  });
  await createAccount(page).click();
  for (const [field, message] of [
    ["firstName", "First name too long"],
    ["lastName", "Last name too long"],
    ["email", "Email too long"],
    ["phoneNumber", "Phone number too long"],
    ["password", "Password must not exceed 128 characters"],
    ["streetAddress", "Address too long"],
    ["city", "City name too long"],
  ] as const) {
    await expectFieldError(page, field, message);
  }

  const valid = registrationValues();
  await fillRegistrationForm(page, { ...valid, confirmPassword: "Another-Day-42" });
  await createAccount(page).click();
  await expectFieldError(page, "confirmPassword", "Passwords do not match");
  await expect(registrationField(page, "firstName")).not.toHaveAttribute("aria-invalid");
  // Nothing was sent to the server.
  await expect(page).toHaveURL(/\/register$/);
  expect(await emailCount(valid.email)).toBe(0);
});

test("the server checks the form again, including what the ZIP field cannot produce", async ({ page }) => {
  for (const [zipCode, message] of [
    ["12-34", "ZIP code must be 5-10 numbers"],
    ["12345678901", "ZIP code too long"],
  ] as const) {
    const response = await page.request.post("/register", { form: registrationValues({ zipCode }) });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain(`>${message}</p>`);
  }
});

test("the strength meter reads Too Short, Good, Strong and Very Strong", async ({ page }) => {
  await gotoHydrated(page, "/register");
  const password = registrationField(page, "password");
  // The meter describes the password field, so it is read with it.
  await expect(password).toHaveAccessibleDescription(/Password strength: Too Short/);
  for (const [value, label] of [
    ["Ab1!", "Too Short"],
    ["abcdefgh", "Good"],
    ["Abcdefg1", "Strong"],
    ["Abcdefg1!", "Very Strong"],
  ] as const) {
    await password.fill(value);
    await expect(page.getByText(/^Password strength:/)).toHaveText(`Password strength: ${label}`);
  }
});

test("the ZIP field keeps digits only, ten at most", async ({ page }) => {
  await gotoHydrated(page, "/register");
  const zip = registrationField(page, "zipCode");
  await zip.pressSequentially("60a6-14 12345678");
  await expect(zip).toHaveValue("6061412345");
  await expect(zip).toHaveAttribute("maxlength", "10");
  await expect(registrationField(page, "state").locator("option:not([value=''])")).toHaveCount(51);
});

test("a demo address is refused with the demo toast", async ({ page }) => {
  await gotoHydrated(page, "/register");
  await fillRegistrationForm(page, registrationValues({ email: DEMO_EMAILS.client }));
  await createAccount(page).click();
  await expect(page.getByText("Demo account detected")).toBeVisible();
  await expect(page.getByText(/Use the demo login on the sign-in page, or register with another email/)).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test("an address that already has an account is refused with the toast", async ({ page }) => {
  const existing = demoCaregivers()[0]!.email;
  await gotoHydrated(page, "/register");
  await fillRegistrationForm(page, registrationValues({ email: existing.toUpperCase() }));
  await createAccount(page).click();
  await expect(page.getByText("Account already exists")).toBeVisible();
  await expect(
    page.getByText(
      "Looks like you already have an account! Try signing in instead, or check your email for a verification link.",
    ),
  ).toBeVisible();
  // Only the confirmation email is counted: the demo caregivers also get offers from other tests.
  expect(await emailCount(existing, "Confirm your email for Tendly")).toBe(0);
});

test("registering the same address again within the minute shows the cooldown alert, then Email Limit Reached", async ({
  page,
}) => {
  test.slow();
  const { values } = await registerThroughServer(page);
  await page.clock.install();
  await gotoHydrated(page, "/register");
  await pauseClock(page);
  await fillRegistrationForm(page, values);
  await createAccount(page).click();

  const alert = page.getByRole("alert").filter({ hasText: "Email verification limit reached" });
  await expect(alert).toContainText("Email verification limit reached. Please wait before trying again.");
  await expect(alert).toContainText("You'll be redirected to the verification page in a moment...");
  // Registration is blocked while the cooldown runs.
  await expect(createAccount(page)).toBeDisabled();
  await expect(page.getByText(/Email sending temporarily limited\. You can try again in 0:[0-5]\d\./)).toBeVisible();

  await page.clock.runFor(2_900);
  await expect(page).toHaveURL(/\/register$/);
  await page.clock.runFor(200);
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByRole("heading", { level: 1, name: "Email Limit Reached" })).toBeVisible();
  await expect(page.getByRole("timer")).toHaveText(/^0:[0-5]\d$/);
  expect(await emailCount(values.email)).toBe(1);
  // axe (run after each load) needs the page's timers.
  await resumeClock(page);
});

test("past the per-address limit (SIGN_UPS_PER_ADDRESS_PER_HOUR), a sign-up is refused with the rate-limit alert", async ({
  page,
}) => {
  // Several sign-ups (scrypt hashing) and pages, each checked by axe.
  test.slow();
  for (let index = 0; index < E2E_SIGN_UPS_PER_ADDRESS; index += 1) {
    const { response } = await registerThroughServer(page);
    expect(response.status(), `sign-up ${index + 1}`).toBe(302);
  }
  await page.context().clearCookies();
  await page.clock.install();
  await gotoHydrated(page, "/register");
  const values = registrationValues();
  await fillRegistrationForm(page, values);
  // The page's time stops just before the request, so the countdown it shows
  // is the server's 5 minutes less only the request's own time (filling the
  // form on a busy machine can take several seconds).
  await pauseClock(page);
  await createAccount(page).click();

  const alert = page.getByRole("alert").filter({ hasText: "Too many signup attempts" });
  await expect(alert).toContainText("Too many signup attempts. Please wait a few minutes before trying again.");
  await expect(alert).toContainText("You'll be redirected to the verification page in a moment...");
  await page.clock.runFor(3_000);
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByRole("heading", { level: 1, name: "Email Limit Reached" })).toBeVisible();
  await expect(page.getByRole("timer")).toHaveText(/^(5:00|4:5\d)$/);
  await expect(page.getByRole("button", { name: "Resend Email" })).toBeDisabled();
  expect(await emailCount(values.email)).toBe(0);
  await resumeClock(page);

  // Back on /register the submit stays disabled with the countdown.
  await page.getByRole("link", { name: "Register with another email" }).click();
  await expect(createAccount(page)).toBeDisabled();
  await expect(page.getByText(/You can try again in [45]:\d\d\./)).toBeVisible();
});

test("the role picker: Provide Care leads to the caregiver application, navigation state preselects it", async ({
  page,
}) => {
  // Several sign-ups (scrypt hashing) and pages, each checked by axe.
  test.slow();
  await gotoHydrated(page, "/register?role=caregiver");
  await expect(roleOption(page, "Provide Care")).toHaveAttribute("aria-current", "true");
  await expect(page.getByRole("link", { name: "Start your application" })).toBeVisible();
  await roleOption(page, "Find Care").click();
  await expect(roleOption(page, "Find Care")).toHaveAttribute("aria-current", "true");
  await expect(registrationField(page, "firstName")).toBeVisible();

  // History state { role: "caregiver" } (as another page navigating here would set it).
  await page.evaluate(() => window.history.replaceState({ usr: { role: "caregiver" }, key: "e2e", idx: 0 }, ""));
  await page.reload();
  await expect(roleOption(page, "Provide Care")).toHaveAttribute("aria-current", "true");

  await roleOption(page, "Provide Care").click();
  await expect(page).toHaveURL(/\/register\/caregiver(\/personal-info)?$/);
  await gotoHydrated(page, "/register");
  await page.getByRole("main").getByRole("link", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/login(\/desktop)?$/);
});

test("a signed-in user is sent home from /register", async ({ page }) => {
  await loginAs(page, "client");
  await page.goto("/register");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test.describe("on a 390 px phone", () => {
  test.use(MOBILE);

  test("a client registers", async ({ page }) => {
    await gotoHydrated(page, "/register");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const values = registrationValues({ email: uniqueEmail("phone") });
    await fillRegistrationForm(page, values);
    await createAccount(page).click();
    await expect(page.getByRole("heading", { level: 1, name: "Check Your Inbox" })).toBeVisible();
    await expect(page.getByRole("main").getByText(values.email, { exact: true })).toBeVisible();
    await verificationLinkFor(values.email);
  });
});
