import type { Page } from "@playwright/test";
import { fakePdfProgram, sampleJpeg, samplePdf } from "../fixtures/documents";
import { fillCaregiverApplication, startCaregiverApplication } from "./caregiver-helpers";
import { fillRegistrationForm, registrationValues, verificationLinkFor } from "./account-helpers";
import { gotoHydrated, reloadHydrated } from "./chrome-helpers";
import { latestEmail, uniqueEmail } from "./password-reset-helpers";
import { expect, loginAs, MOBILE, test } from "./fixtures";
import { TIMEOUTS } from "./timeouts";

// The caregiver application (docs/product-rules.md, "Caregiver application and vetting"): a new person applies as a caregiver in a real browser.

const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name });
const saveAndContinue = (page: Page) => page.getByRole("button", { name: "Save and continue" }).click();

/** The experience step's answers of a caregiver with six years of experience. */
async function answerExperience(page: Page) {
  await page.getByLabel("Years of caregiving experience").fill("6");
  await page.getByRole("checkbox", { name: "Personal Care" }).check();
  await page.getByRole("checkbox", { name: "Companionship" }).check();
  await page.getByRole("checkbox", { name: "Dementia care" }).check();
  await page.getByRole("checkbox", { name: "English" }).check();
  await page.getByRole("checkbox", { name: "Spanish" }).check();
}

/** Chooses a file for one kind of document: choosing it sends it (no Upload click). */
async function uploadFile(page: Page, kind: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const section = page.getByRole("region", { name: kind });
  const sent = page.waitForResponse(
    (response) => response.request().method() === "POST" && response.url().includes("/register/caregiver/documents"),
  );
  await section.getByLabel(/^(Choose|Replace) /).setInputFiles(file);
  await sent;
  return section;
}

test("a new caregiver applies through every step, reloads mid-way, verifies, submits and sees the pending screen", async ({
  page,
}) => {
  test.slow();
  await gotoHydrated(page, "/caregiver-registration");
  await expect(page).toHaveURL(/\/register\/caregiver\/personal-info$/);
  await expect(heading(page, "Personal information")).toBeVisible();

  // Step 1 creates the account; what was typed survives a reload (never the password).
  const values = registrationValues({ firstName: "Maria", lastName: "Garcia", email: uniqueEmail("caregiver") });
  await fillRegistrationForm(page, { firstName: values.firstName, lastName: values.lastName, email: values.email });
  await reloadHydrated(page);
  await expect(page.getByLabel("First name", { exact: true })).toHaveValue("Maria");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(values.email);
  await fillRegistrationForm(page, values);
  await page.getByRole("button", { name: "Create account and continue" }).click();

  await expect(page).toHaveURL(/\/register\/caregiver\/background$/);
  await expect(page.getByText("Check your email", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Disclosure regarding background investigation" })).toBeVisible();

  // Step 2: without the authorisation nothing moves on.
  await saveAndContinue(page);
  await expect(page.getByText("Please authorise the background check to continue")).toBeVisible();
  await page.getByRole("checkbox", { name: /I authorise Tendly to obtain consumer reports/ }).check();
  await page.getByRole("checkbox", { name: /true and complete/ }).check();
  // One reference is needed; a second one, once begun, must be complete.
  const first = page.getByRole("group", { name: "Reference 1" });
  await first.getByLabel("Full name").fill("Dana Hill");
  await first.getByLabel("How you know them").selectOption("Former employer");
  await first.getByLabel("Phone or email").fill("dana.hill@example.test");
  const second = page.getByRole("group", { name: "Reference 2 (optional)" });
  await second.getByLabel("Full name").fill("Sam Ortiz");
  await second.getByLabel("How you know them").selectOption("Family I cared for");
  await saveAndContinue(page);
  await expect(second.getByText("Please enter a phone number or email address")).toBeVisible();
  await second.getByLabel("Phone or email").fill("(312) 555-0199");
  await saveAndContinue(page);

  // Step 3: the weekly grid and the travel radius.
  await expect(heading(page, "Availability")).toBeVisible();
  // The quick choices tick the grid in one click.
  await page.getByRole("button", { name: "Weekdays, 7 am - 5 pm" }).click();
  await expect(page.getByRole("checkbox", { name: "Friday afternoon" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Monday evening" })).not.toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Saturday morning" })).not.toBeChecked();
  await page.getByRole("button", { name: "Clear all" }).click();
  await expect(page.getByRole("checkbox", { name: "Friday afternoon" })).not.toBeChecked();
  await page.getByRole("checkbox", { name: "Monday morning" }).check();
  await page.getByRole("checkbox", { name: "Wednesday afternoon" }).check();
  await page.getByLabel("How far can you travel? (miles)").fill("20");
  await saveAndContinue(page);

  // Step 4: typed, then the page reloads before saving: nothing is lost.
  await expect(heading(page, "Experience")).toBeVisible();
  await answerExperience(page);
  await page.getByLabel("Certifications (optional)").fill("CNA\nCPR and First Aid");
  const bio = "Six years caring for older adults at home, most of them living with dementia.";
  await page.getByLabel("About you").fill(bio);
  await reloadHydrated(page);
  await expect(page.getByLabel("Years of caregiving experience")).toHaveValue("6");
  await expect(page.getByRole("checkbox", { name: "Spanish" })).toBeChecked();
  await expect(page.getByLabel("About you")).toHaveValue(bio);
  await saveAndContinue(page);

  // Step 5: bad files are refused with a clear message; real ones are kept.
  await expect(heading(page, "Documents")).toBeVisible();
  let section = await uploadFile(page, "Government-issued photo ID", {
    name: "license.pdf",
    mimeType: "application/pdf",
    buffer: fakePdfProgram(),
  });
  await expect(section.getByRole("alert")).toHaveText(
    "Please upload a PDF, JPEG, PNG, WebP or HEIC file. This file is not one of them.",
  );
  section = await uploadFile(page, "Government-issued photo ID", {
    name: "empty.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.alloc(0),
  });
  await expect(section.getByRole("alert")).toHaveText("This file is empty. Please choose another file.");
  section = await uploadFile(page, "Government-issued photo ID", {
    name: "huge.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.concat([samplePdf(), Buffer.alloc(11 * 1024 * 1024, 0x20)]),
  });
  await expect(page.getByRole("alert").first()).toHaveText(
    "Files must be 10 MB or smaller. Please choose a smaller file.",
  );
  await expect(page.getByRole("link", { name: "license.pdf" })).toHaveCount(0);

  section = await uploadFile(page, "Government-issued photo ID", {
    name: "license.pdf",
    mimeType: "application/pdf",
    buffer: samplePdf(),
  });
  await expect(section.getByRole("link", { name: "license.pdf" })).toBeVisible();
  section = await uploadFile(page, "Profile photo", {
    name: "maria.jpg",
    mimeType: "image/jpeg",
    buffer: await sampleJpeg(),
  });
  await expect(section.getByRole("link", { name: "maria.jpg" })).toBeVisible();

  // The owner opens her document through its signed link.
  const href = await page.getByRole("link", { name: "license.pdf" }).getAttribute("href");
  expect(href).toMatch(/^\/media\/documents\/[0-9a-f-]{36}\?viewer=.+&expires=\d+&signature=.+$/);
  const opened = await page.request.get(href!);
  expect(opened.status()).toBe(200);
  expect(opened.headers()["content-type"]).toBe("application/pdf");
  expect((await opened.body()).subarray(0, 5).toString()).toBe("%PDF-");

  await page.getByRole("button", { name: "Continue to review" }).click();

  // Step 6: every answer, each step editable.
  await expect(heading(page, "Review")).toBeVisible();
  const main = page.getByRole("main");
  await expect(main.getByText("Maria Garcia")).toBeVisible();
  await expect(main.getByText("Dana Hill (Former employer), dana.hill@example.test")).toBeVisible();
  await expect(main.getByText("Monday: Morning (7 am - 12 pm)")).toBeVisible();
  await expect(main.getByText("20 miles")).toBeVisible();
  await expect(main.getByText("English, Spanish")).toBeVisible();
  await expect(main.getByText(bio)).toBeVisible();
  await expect(main.getByRole("link", { name: "maria.jpg" })).toBeVisible();
  await expect(main.getByRole("link", { name: "Edit experience" })).toHaveAttribute(
    "href",
    "/register/caregiver/experience",
  );

  // Submitting needs a confirmed email address.
  await page.getByRole("button", { name: "Submit application" }).click();
  await expect(
    page.getByText("Please confirm your email address before submitting: open the link we emailed you."),
  ).toBeVisible();

  // The emailed link verifies and signs in; the caregiver area sends her back to her application.
  await page.goto(await verificationLinkFor(values.email));
  await expect(page).toHaveURL(/\/register\/caregiver\/review$/, { timeout: TIMEOUTS.background });
  await expect(page.getByText("Please confirm your email address (")).toHaveCount(0);
  await page.getByRole("button", { name: "Submit application" }).click();

  await expect(page).toHaveURL(/\/register\/caregiver\/confirmation\?message=registration-success$/);
  await expect(heading(page, "Application Submitted Successfully")).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Homepage" })).toHaveAttribute("href", "/");
  await latestEmail(values.email, "We received your Tendly caregiver application");

  await gotoHydrated(page, "/caregiver");
  await expect(heading(page, "Your application is pending review")).toBeVisible();
  // The application cannot be changed once it is in.
  await gotoHydrated(page, "/register/caregiver/experience");
  await expect(heading(page, "Your application is pending review")).toBeVisible();
});

test("the steps after the first need an application; the confirmation needs its parameter", async ({ page }) => {
  await gotoHydrated(page, "/register/caregiver/documents");
  await expect(page).toHaveURL(/\/register\/caregiver\/personal-info$/);
  await gotoHydrated(page, "/register/caregiver");
  await expect(page).toHaveURL(/\/register\/caregiver\/personal-info$/);
  await gotoHydrated(page, "/register/caregiver/confirmation");
  await expect(page).toHaveURL(/\/$/);
});

test("a signed-in client who opens the application goes home and is told how to apply", async ({ page }) => {
  await loginAs(page, "client");
  await gotoHydrated(page, "/register/caregiver/personal-info");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("You are signed in", { exact: true })).toBeVisible();
  await expect(
    page.getByText("To apply as a caregiver, sign out and start the application with its own email address."),
  ).toBeVisible();
});

test.describe("on a phone", () => {
  test.use(MOBILE);

  test("starting over, once confirmed, clears the answers, the unsaved typing and the documents", async ({ page }) => {
    await fillCaregiverApplication(page.request);
    // A long file name wraps instead of widening the page.
    const longName = `${"first-aid-and-cpr-certificate-".repeat(4)}2026.pdf`;
    const upload = await page.request.post("/register/caregiver/documents", {
      multipart: {
        intent: "upload",
        kind: "certification",
        file: { name: longName, mimeType: "application/pdf", buffer: samplePdf() },
      },
    });
    expect(upload.status()).toBe(200);
    await gotoHydrated(page, "/register/caregiver/documents");
    await expect(page.getByRole("link", { name: longName })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const documentHref = await page.getByRole("link", { name: "state-id.pdf" }).getAttribute("href");
    expect((await page.request.get(documentHref!)).status()).toBe(200);

    await gotoHydrated(page, "/register/caregiver/experience");
    await expect(page.getByLabel("Years of caregiving experience")).toHaveValue("3");
    await page.getByLabel("About you").fill("Typed but not saved yet.");

    // Cancelling keeps everything, unsaved typing included.
    await page.getByRole("button", { name: "Start over" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Start your application over?" });
    await expect(dialog).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await dialog.getByRole("button", { name: "Keep my answers" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByLabel("About you")).toHaveValue("Typed but not saved yet.");

    await page.getByRole("button", { name: "Start over" }).click();
    await dialog.getByRole("button", { name: "Yes, start over" }).click();
    await expect(page).toHaveURL(/\/register\/caregiver\/background$/);
    await expect(heading(page, "Background check")).toBeVisible();
    await expect(
      page.getByRole("checkbox", { name: /I authorise Tendly to obtain consumer reports/ }),
    ).not.toBeChecked();
    await expect(page.getByRole("group", { name: "Reference 1" }).getByLabel("Full name")).toHaveValue("");
    expect(
      await page.evaluate(() =>
        Object.keys(window.localStorage).filter((key) => key.startsWith("tendly-caregiver-application:")),
      ),
    ).toEqual([]);

    await gotoHydrated(page, "/register/caregiver/experience");
    await expect(page.getByLabel("About you")).toHaveValue("");
    await expect(page.getByLabel("Years of caregiving experience")).not.toHaveValue("3");
    await gotoHydrated(page, "/register/caregiver/documents");
    await expect(page.getByRole("link", { name: "state-id.pdf" })).toHaveCount(0);
    expect((await page.request.get(documentHref!)).status()).toBe(404);
  });

  test("the bio can be drafted from the answers, and a draft never replaces typed text", async ({ page }) => {
    await startCaregiverApplication(page.request, { firstName: "Ana", lastName: "Lopez" });
    await gotoHydrated(page, "/register/caregiver/experience");
    const bio = page.getByLabel("About you");
    const draftIt = page.getByRole("button", { name: "Draft it from my answers" });
    await draftIt.click();
    await expect(page.getByRole("status").filter({ hasText: "Answer the questions above first" })).toBeVisible();
    await expect(bio).toHaveValue("");

    await answerExperience(page);
    await draftIt.click();
    const draft =
      "I have 6 years of caregiving experience and offer personal care and companionship. " +
      "I have experience with dementia care. I speak English and Spanish.";
    await expect(bio).toHaveValue(draft);
    await expect(bio).toBeFocused();
    // Once there is text, the offer is gone; the draft is kept like typing.
    await expect(draftIt).toHaveCount(0);
    await reloadHydrated(page);
    await expect(bio).toHaveValue(draft);
    await expect(draftIt).toHaveCount(0);
    // Emptied again, the offer comes back.
    await bio.fill("");
    await expect(draftIt).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test("the ZIP code fills in the city and state, and a corrected ZIP corrects them", async ({ page }) => {
    await gotoHydrated(page, "/register/caregiver/personal-info");
    await page.getByLabel("ZIP code").fill("60614");
    await expect(page.getByLabel("City")).toHaveValue("Chicago");
    await expect(page.getByLabel("State")).toHaveValue("IL");
    await page.getByLabel("ZIP code").fill("10001");
    await expect(page.getByLabel("City")).toHaveValue("New York");
    await expect(page.getByLabel("State")).toHaveValue("NY");
    // A city the person typed is theirs.
    await page.getByLabel("City").fill("Manhattan");
    await page.getByLabel("ZIP code").fill("60614");
    await expect(page.getByLabel("State")).toHaveValue("IL");
    await expect(page.getByLabel("City")).toHaveValue("Manhattan");
    // Kept in the browser draft like typed values.
    await reloadHydrated(page);
    await expect(page.getByLabel("State")).toHaveValue("IL");
  });

  test("a refused first step shows what to fix and keeps what was typed after a reload", async ({ page }) => {
    await gotoHydrated(page, "/register/caregiver/personal-info");
    await fillRegistrationForm(page, { firstName: "Li", lastName: "Wong", email: "not-an-email", zipCode: "123" });
    await page.getByRole("button", { name: "Create account and continue" }).click();
    await expect(page.getByLabel("Email", { exact: true })).toHaveAccessibleDescription(
      "Please enter a valid email address",
    );
    await expect(page.getByText("Please enter a valid ZIP code")).toBeVisible();
    await expect(page.getByText("Street address is required")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await reloadHydrated(page);
    await expect(page.getByLabel("First name", { exact: true })).toHaveValue("Li");
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue("not-an-email");
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("documents are sent with the Upload button", async ({ page, a11y }) => {
    // axe runs as page script; these pages are checked with JavaScript in the tests above.
    a11y.skipUrls.push(/./);
    await fillCaregiverApplication(page.request);
    await page.goto("/register/caregiver/documents");
    const section = page.getByRole("region", { name: "Certifications (optional)" });
    await section
      .getByLabel(/^Choose /)
      .setInputFiles({ name: "cpr-card.pdf", mimeType: "application/pdf", buffer: samplePdf() });
    await expect(page.getByRole("link", { name: "cpr-card.pdf" })).toHaveCount(0);
    await section.getByRole("button", { name: /^Upload/ }).click();
    await expect(page.getByRole("link", { name: "cpr-card.pdf" })).toBeVisible();
    // The quick choices need JavaScript: without it the grid alone is shown.
    await page.goto("/register/caregiver/availability");
    await expect(page.getByRole("checkbox", { name: "Monday morning" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Clear all" })).toHaveCount(0);
  });
});
