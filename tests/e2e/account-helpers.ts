import type { APIRequestContext, Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { clientProfiles, userProfiles } from "~/platform/db/schema";
import { createUser } from "~/platform/db/seed/factories.server";
import { SAMPLE_REGISTRATION } from "../fixtures/registration";
import { e2eDatabase } from "./e2e-database";
import { accessibilityChecksSettled, expect, signIn, test } from "./fixtures";
import { latestEmail, uniqueEmail } from "./password-reset-helpers";

// Registration helpers for the account end-to-end tests.

export type RegistrationValues = Record<keyof typeof SAMPLE_REGISTRATION | "email", string>;

/** A valid registration with a fresh address (call inside a test). */
export function registrationValues(overrides: Partial<RegistrationValues> = {}): RegistrationValues {
  return { ...SAMPLE_REGISTRATION, email: uniqueEmail("client"), ...overrides };
}

const LABELS = {
  firstName: "First name",
  lastName: "Last name",
  email: "Email",
  phoneNumber: "Phone number",
  password: "Password",
  confirmPassword: "Confirm password",
  streetAddress: "Street address",
  city: "City",
  state: "State",
  zipCode: "ZIP code",
} as const;
export type RegistrationField = keyof typeof LABELS;

/** The form field labelled for `field` (exact label, so Password and Confirm password differ). */
export function registrationField(page: Page, field: RegistrationField) {
  return page.getByLabel(LABELS[field], { exact: true });
}

export async function fillRegistrationForm(page: Page, values: Partial<Record<RegistrationField, string>>) {
  for (const [field, value] of Object.entries(values) as [RegistrationField, string][]) {
    if (!(field in LABELS)) continue;
    const input = registrationField(page, field);
    if (field === "state") await input.selectOption(value);
    else await input.fill(value);
  }
}

/** Registers through the /register action directly (no UI), in the page's browser context. */
export async function registerThroughServer(page: Page, values: RegistrationValues = registrationValues()) {
  const response = await page.request.post("/register", { form: values, maxRedirects: 0 });
  return { response, values };
}

/** The verification link of the newest verification email to `address`, waiting for it to arrive. */
export async function verificationLinkFor(address: string): Promise<string> {
  const email = await latestEmail(address, "Confirm your email for Tendly");
  const link = email.text.match(/https?:\/\/\S+\/verify-email\?token=\S+/)?.[0];
  expect(link, "verification link").toBeDefined();
  return link!;
}

/**
 * Stops the page's clock (installed with page.clock.install() before the page
 * loaded); from here on only page.clock.runFor() moves its timers.
 */
export async function pauseClock(page: Page) {
  await accessibilityChecksSettled(page);
  // A second ahead of the page's own clock, which may run ahead of this process's on a busy machine.
  const pageNow = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(new Date(pageNow + 1_000));
}

/** Lets the page's clock run again; axe (after each load) and toasts need its timers. */
export async function resumeClock(page: Page) {
  await page.clock.resume();
}

/**
 * A new, verified client account, signed in in the page's browser context:
 * registered through /register and verified by its emailed token, as a
 * person does (for tests of what registering and verifying bring: the
 * welcome notification and email).
 */
export async function registerClientAccount(page: Page, { password = "Client-Pass-123" } = {}) {
  const values = registrationValues({ firstName: "Riley", lastName: "Brooks", password, confirmPassword: password });
  const { response } = await registerThroughServer(page, values);
  expect(response.headers().location, "registration").toBe("/verify-email");
  await verifyThroughPage(page.request, values.email);
  return { email: values.email, password, firstName: values.firstName, lastName: values.lastName };
}

/**
 * A new client account of the test's own, as registration and verification leave it (the sample
 * registration's details, English), made by the test factories and signed in in the page's browser
 * context with a session of its own: no form, no password hashed, no email waited for.
 */
export async function createClientAccount(page: Page) {
  const values = registrationValues({ firstName: "Riley", lastName: "Brooks" });
  const db = e2eDatabase();
  const user = await createUser(db, { email: values.email, firstName: values.firstName, lastName: values.lastName });
  await db.update(userProfiles).set({ locale: "en" }).where(eq(userProfiles.id, user.id));
  await db.insert(clientProfiles).values({
    userId: user.id,
    firstName: values.firstName,
    lastName: values.lastName,
    phoneNumber: values.phoneNumber,
    streetAddress: values.streetAddress,
    city: values.city,
    state: values.state,
    zipCode: values.zipCode,
  });
  await signIn(page, values.email);
  return { email: values.email, firstName: values.firstName, lastName: values.lastName };
}

/**
 * Confirms the address with the token of its emailed link, as /verify-email
 * does (its form posts the token; the auth library's own endpoint is closed),
 * which also signs the request context in.
 */
export async function verifyThroughPage(request: APIRequestContext, address: string) {
  const link = new URL(await verificationLinkFor(address));
  const token = link.searchParams.get("token")!;
  const baseURL = test.info().project.use.baseURL!;
  // To the link's own address, as the page's form does.
  const verified = await request.post(`/verify-email${link.search}`, {
    form: { intent: "verify", token },
    headers: { origin: baseURL },
    maxRedirects: 0,
  });
  expect(verified.status(), "verification").toBe(200);
}
