import type { Page } from "@playwright/test";
import { createClientAccount, fillRegistrationForm, registrationField, registrationValues } from "./account-helpers";
import { answerClientInfo, fillClientInfo, fillHealthNeeds, fillOneTimeSchedule } from "./care-request-helpers";
import { startCaregiverApplication } from "./caregiver-helpers";
import { gotoHydrated } from "./chrome-helpers";
import { DEMO_EMAILS, DEMO_PASSWORD, expect, MOBILE, test } from "./fixtures";
import { uniqueEmail } from "./password-reset-helpers";
import { TIMEOUTS } from "./timeouts";

// A form sent while the network is off (docs/product-rules.md, "Connection lost while sending a form"):
// the page keeps its header and everything typed, says the connection failed,
// and the same button sends it once the network is back.

// Accounts are made with scrypt hashing and every page is checked by axe.
test.describe.configure({ timeout: TIMEOUTS.journey });

// With the service worker, as the installed app runs (fixtures.ts leaves it out elsewhere).
test.use({ withServiceWorker: true });

const SIGN_IN_FULL = "Connection hiccup! Please check your internet and try again.";
const SIGN_IN_COMPACT = "Connection issue. Please check your internet.";
const FORM_MESSAGE = "Connection hiccup! Nothing you entered was lost. Please check your internet and try again.";
const ERROR_PAGE = "Something went wrong while loading this step...";
// A sign-in hashes the password (scrypt): on a busy machine the answer takes seconds.
const SLOW_ANSWER = { timeout: TIMEOUTS.background };

const main = (page: Page) => page.getByRole("main");

/** The page as it should be after a send that never reached the server: header, form, the message. */
async function expectStillOnForm(page: Page, message: string) {
  await expect(page.getByRole("alert").filter({ hasText: message })).toBeVisible();
  await expect(page.getByText(ERROR_PAGE)).toHaveCount(0);
  await expect(page.getByRole("banner")).toBeVisible();
}

test.describe("sign-in", () => {
  test("desktop: offline keeps the form and says Connection hiccup; back online the same button signs in", async ({
    page,
    context,
  }) => {
    await gotoHydrated(page, "/login/desktop");
    await page.getByLabel("Email", { exact: true }).fill(DEMO_EMAILS.client);
    await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await context.setOffline(true);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();

    await expectStillOnForm(page, SIGN_IN_FULL);
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(DEMO_EMAILS.client);
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue(DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/login\/desktop$/);

    await context.setOffline(false);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/, SLOW_ANSWER);
  });

  test.describe("app mode on a phone", () => {
    test.use(MOBILE);

    test("/login/pwa: offline says Connection issue; back online the same button signs in", async ({
      page,
      context,
    }) => {
      await gotoHydrated(page, "/login/pwa");
      await page.getByLabel("Email", { exact: true }).fill(DEMO_EMAILS.client);
      await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
      await context.setOffline(true);
      await page.getByRole("button", { name: "Sign In", exact: true }).click();

      await expectStillOnForm(page, SIGN_IN_COMPACT);
      await expect(page.getByLabel("Email", { exact: true })).toHaveValue(DEMO_EMAILS.client);
      await expect(page.getByLabel("Password", { exact: true })).toHaveValue(DEMO_PASSWORD);
      await expect(page.getByRole("alert").filter({ hasText: SIGN_IN_COMPACT })).toBeInViewport();

      await context.setOffline(false);
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard$/, SLOW_ANSWER);
    });
  });
});

test.describe("on a phone", () => {
  test.use(MOBILE);

  test("the care request: Send request offline keeps the review, back online it is sent", async ({ page, context }) => {
    await createClientAccount(page);
    await gotoHydrated(page, "/request/client-info");
    await fillClientInfo(page);
    await fillHealthNeeds(page);
    await fillOneTimeSchedule(page);
    await expect(page).toHaveURL(/\/request\/review-submit$/);
    await expect(main(page).getByRole("region", { name: "Your quote" })).toBeVisible();
    const terms = main(page).getByLabel(/I accept the/);
    await terms.check();

    await context.setOffline(true);
    await main(page).getByRole("button", { name: "Send request" }).click();
    await expectStillOnForm(page, FORM_MESSAGE);
    await expect(page).toHaveURL(/\/request\/review-submit$/);
    await expect(terms).toBeChecked();
    await expect(main(page).getByText("Elena Ruiz")).toBeVisible();

    await context.setOffline(false);
    await main(page).getByRole("button", { name: "Send request" }).click();
    await expect(page).toHaveURL(/\/request\/thank-you\?order=/, { timeout: TIMEOUTS.background });
  });

  test("the request wizard: Continue offline goes through the steps, which need no server", async ({
    page,
    context,
  }) => {
    await gotoHydrated(page, "/request/client-info");
    await answerClientInfo(page);

    await context.setOffline(true);
    await main(page).getByRole("button", { name: "Continue" }).click();
    await fillHealthNeeds(page);
    await fillOneTimeSchedule(page);
    await expect(page).toHaveURL(/\/request\/review-submit$/);
    await expect(main(page).getByText("Elena Ruiz")).toBeVisible();
    await expect(page.getByText(ERROR_PAGE)).toHaveCount(0);
    await expect(page.getByRole("banner")).toBeVisible();

    // Back online, the quote comes and the answers are all there.
    await context.setOffline(false);
    await page.reload();
    await expect(main(page).getByRole("region", { name: "Your quote" })).toBeVisible();
    await expect(main(page).getByText("Elena Ruiz")).toBeVisible();
  });

  test("the profile: Save changes offline keeps the new name, back online it is saved", async ({ page, context }) => {
    await createClientAccount(page);
    await gotoHydrated(page, "/dashboard/profile");
    const firstName = main(page).getByLabel("First name", { exact: true });
    await firstName.fill("Marisol");

    await context.setOffline(true);
    await main(page).getByRole("button", { name: "Save changes" }).click();
    await expectStillOnForm(page, FORM_MESSAGE);
    await expect(firstName).toHaveValue("Marisol");

    await context.setOffline(false);
    await main(page).getByRole("button", { name: "Save changes" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Profile updated" })).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: FORM_MESSAGE })).toHaveCount(0);
    await gotoHydrated(page, "/dashboard/profile");
    await expect(main(page).getByLabel("First name", { exact: true })).toHaveValue("Marisol");
  });

  test("the contact form: Send message offline keeps the message, back online it is sent", async ({
    page,
    context,
  }) => {
    await gotoHydrated(page, "/contact");
    const message = `Care for my mother after surgery (${uniqueEmail("offline")}).`;
    await page.getByLabel("Your name").fill("Rosa Alvarez");
    await page.getByLabel("Email address").first().fill(uniqueEmail("contact"));
    await page.getByLabel("Message", { exact: true }).fill(message);

    await context.setOffline(true);
    await page.getByRole("button", { name: "Send message" }).click();
    await expectStillOnForm(page, FORM_MESSAGE);
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue(message);
    await expect(page.getByLabel("Your name")).toHaveValue("Rosa Alvarez");

    await context.setOffline(false);
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Thank you, your message has been sent.")).toBeVisible();
  });
});

test("a caregiver application step: Save and continue offline keeps the answers, back online it moves on", async ({
  page,
  context,
}) => {
  await startCaregiverApplication(page.request);
  await gotoHydrated(page, "/register/caregiver/background");
  await page.getByRole("checkbox", { name: /I authorise Tendly to obtain consumer reports/ }).check();
  await page.getByRole("checkbox", { name: /true and complete/ }).check();
  const reference = page.getByRole("group", { name: "Reference 1" });
  await reference.getByLabel("Full name").fill("Dana Hill");
  await reference.getByLabel("How you know them").selectOption("Former employer");
  await reference.getByLabel("Phone or email").fill("dana.hill@example.test");

  await context.setOffline(true);
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expectStillOnForm(page, FORM_MESSAGE);
  await expect(page).toHaveURL(/\/register\/caregiver\/background$/);
  await expect(reference.getByLabel("Full name")).toHaveValue("Dana Hill");
  await expect(reference.getByLabel("How you know them")).toHaveValue("Former employer");
  await expect(page.getByRole("checkbox", { name: /true and complete/ })).toBeChecked();

  await context.setOffline(false);
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page).toHaveURL(/\/register\/caregiver\/availability$/);
  // The next step drawn, not only its address: the test ends on the page a person would see.
  await expect(page.getByRole("heading", { level: 1, name: "Availability" })).toBeVisible();
  await expect(page.locator('[aria-current="step"]')).toHaveText(/Availability/);
});

test("registration: Create Account offline keeps the form, back online the account is made", async ({
  page,
  context,
}) => {
  await gotoHydrated(page, "/register");
  const values = registrationValues();
  await fillRegistrationForm(page, values);

  await context.setOffline(true);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expectStillOnForm(page, FORM_MESSAGE);
  await expect(registrationField(page, "email")).toHaveValue(values.email);
  await expect(registrationField(page, "password")).toHaveValue(values.password);
  await expect(registrationField(page, "city")).toHaveValue(values.city);

  await context.setOffline(false);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/verify-email$/, SLOW_ANSWER);
});

test("Spanish: the connection message is translated", async ({ page, context }) => {
  await gotoHydrated(page, "/contact?lang=es");
  await page.getByRole("button", { name: "Enviar mensaje" }).waitFor();
  await page.getByLabel("Su nombre").fill("Rosa Alvarez");
  await page.getByLabel("Correo electrónico").first().fill(uniqueEmail("contacto"));
  await page.getByLabel("Mensaje", { exact: true }).fill("Necesito ayuda con el cuidado de mi madre.");
  await context.setOffline(true);
  await page.getByRole("button", { name: "Enviar mensaje" }).click();
  await expectStillOnForm(
    page,
    "Se perdió la conexión. Lo que escribió sigue aquí. Revise su internet e inténtelo de nuevo.",
  );
  await expect(page.getByLabel("Su nombre")).toHaveValue("Rosa Alvarez");
});
