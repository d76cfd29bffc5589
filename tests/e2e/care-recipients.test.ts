import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { createCaregiver, createClient } from "~/platform/db/seed/factories.server";
import { chooseCaregiver, respondToOffer } from "~/features/orders/offers.server";
import { fillOneTimeSchedule } from "./care-request-helpers";
import { gotoHydrated } from "./chrome-helpers";
import { e2eDatabase } from "./e2e-database";
import { expect, MOBILE, signIn, test } from "./fixtures";
import { TIMEOUTS } from "./timeouts";

// A family's care recipients (docs/product-rules.md, "Care recipients"): the person a request is for is kept;
// "Request … again" opens the wizard with everything about them filled in and the dates left to choose; a new
// request asks who the care is for; the family edits or removes the person on its profile, and no other family
// can open them. On a 390 px phone, in a town of its own (Sioux Falls) so that it knows its caregiver.

test.describe.configure({ timeout: TIMEOUTS.journey });
test.use(MOBILE);

const ZIP = "57104";
const PERSON = {
  fullName: "Maria Lopez",
  age: "79",
  phone: "(605) 555-0123",
  street: "401 N Main Ave, Apt 3",
};
const main = (page: Page) => page.getByRole("main");
const whoFor = (page: Page) => main(page).getByRole("group", { name: "Who is this care for?" });

async function expectPersonFilledIn(page: Page) {
  await expect(main(page).getByRole("heading", { level: 1, name: "Who needs care" })).toBeVisible();
  await expect(whoFor(page).getByLabel(PERSON.fullName)).toBeChecked();
  await expect(main(page).getByLabel("A loved one")).toBeChecked();
  await expect(main(page).getByLabel("Full name of the person receiving care")).toHaveValue(PERSON.fullName);
  await expect(main(page).getByLabel("Age")).toHaveValue(PERSON.age);
  await expect(main(page).getByLabel("Gender", { exact: true })).toHaveValue("female");
  await expect(main(page).getByLabel("Phone number")).toHaveValue(PERSON.phone);
  await expect(main(page).getByLabel("Street address where care takes place")).toHaveValue(PERSON.street);
  await expect(main(page).getByLabel("ZIP code")).toHaveValue(ZIP);
}

test("a family's person is kept: request again fills them in, a new request offers them", async ({ page }) => {
  const db = e2eDatabase();
  const tag = randomUUID().slice(0, 8);
  const client = await createClient(db, {
    firstName: "Casey",
    lastName: `Recipients ${tag}`,
    email: `family-recipients-${tag}@example.test`,
    zipCode: ZIP,
  });
  const caregiver = await createCaregiver(db, {
    firstName: "Morgan",
    lastName: `Rivers ${tag}`,
    email: `morgan-recipients-${tag}@example.test`,
    zipCode: ZIP,
    services: ["personal-care", "companionship"],
    languages: ["en", "es"],
    skills: ["dementia"],
  });
  await signIn(page, client.email);

  // The first request: no one saved yet, so no question about it.
  await gotoHydrated(page, "/request/client-info");
  await expect(main(page).getByRole("heading", { level: 1, name: "Who needs care" })).toBeVisible();
  await expect(whoFor(page)).toHaveCount(0);
  await main(page).getByLabel("A loved one").check();
  await main(page).getByLabel("Full name of the person receiving care").fill(PERSON.fullName);
  await main(page).getByRole("spinbutton", { name: "Age" }).fill(PERSON.age);
  await main(page).getByLabel("Gender", { exact: true }).selectOption("female");
  await main(page).getByLabel("Phone number").fill(PERSON.phone);
  await main(page).getByLabel("Street address where care takes place").fill(PERSON.street);
  await main(page).getByLabel("ZIP code").fill(ZIP);
  await main(page).getByRole("button", { name: "Continue" }).click();

  await expect(main(page).getByRole("heading", { level: 1, name: "Care needs" })).toBeVisible();
  await main(page).getByLabel("Personal Care").check();
  await main(page).getByLabel("Companionship").check();
  await main(page).getByLabel("Dementia or memory care").check();
  await main(page).getByLabel("Preferred language").selectOption("es");
  await main(page).getByLabel("Required: only caregivers who speak this language").check();
  await main(page)
    .getByLabel("Anything else we should know? (optional)")
    .fill("Loves her garden; needs help with the stairs.");
  await main(page).getByRole("button", { name: "Continue" }).click();
  await fillOneTimeSchedule(page);
  await expect(page).toHaveURL(/\/request\/review-submit$/);
  await main(page)
    .getByLabel(/I accept the/)
    .check();
  await main(page).getByRole("button", { name: "Send request" }).click();
  await expect(main(page).getByRole("heading", { name: "Your best matches" })).toBeVisible({
    timeout: TIMEOUTS.background,
  });
  const orderId = new URL(page.url()).searchParams.get("order")!;

  // Morgan cares for them: the family's caregivers page offers to request Morgan again.
  const actor = { ...client, roles: ["client" as const] };
  await chooseCaregiver({ actor, orderId, caregiverId: caregiver.id });
  await respondToOffer({ actor: { id: caregiver.id, roles: ["caregiver"] }, orderId, accept: true });
  await gotoHydrated(page, "/dashboard/providers");
  await main(page).getByRole("link", { name: "Request Morgan R. again" }).click();

  // Everything about Maria is filled in; the dates and times are left to choose.
  await expect(page).toHaveURL(/\/request\/client-info\?/);
  await expectPersonFilledIn(page);
  await page.screenshot({ path: "/tmp/rc/request-again-390.png", fullPage: true });
  await main(page).getByRole("button", { name: "Continue" }).click();
  await expect(main(page).getByRole("heading", { level: 1, name: "Care needs" })).toBeVisible();
  await expect(main(page).getByLabel("Personal Care")).toBeChecked();
  await expect(main(page).getByLabel("Companionship")).toBeChecked();
  await expect(main(page).getByLabel("Dementia or memory care")).toBeChecked();
  await expect(main(page).getByLabel("Preferred language")).toHaveValue("es");
  await expect(main(page).getByLabel("Required: only caregivers who speak this language")).toBeChecked();
  await expect(main(page).getByLabel("Anything else we should know? (optional)")).toHaveValue(
    "Loves her garden; needs help with the stairs.",
  );
  await main(page).getByRole("button", { name: "Continue" }).click();
  await expect(main(page).getByRole("heading", { level: 1, name: "Schedule" })).toBeVisible();
  await main(page).getByLabel("One time").check();
  await expect(main(page).getByLabel("Date", { exact: true })).toHaveValue("");
  await expect(main(page).getByLabel("Start time")).toHaveValue("");

  // A new request asks who it is for: the saved person, or someone new.
  await main(page).getByRole("button", { name: "Start over" }).click();
  await expect(main(page).getByLabel("Full name of the person receiving care")).toHaveValue("");
  await expect(whoFor(page).getByLabel("Someone new")).toBeChecked();
  await whoFor(page).getByLabel(PERSON.fullName).check();
  await expectPersonFilledIn(page);
  await page.screenshot({ path: "/tmp/rc/who-for-390.png", fullPage: true });
  await whoFor(page).getByLabel("Someone new").check();
  await expect(main(page).getByLabel("Full name of the person receiving care")).toHaveValue("");
  await expect(main(page).getByLabel("Street address where care takes place")).toHaveValue("");

  // The family's list: edit a detail, then remove the person.
  await gotoHydrated(page, "/dashboard/profile");
  const list = main(page).getByRole("region", { name: "Care recipients" });
  await expect(list.getByRole("heading", { level: 3, name: PERSON.fullName })).toBeVisible();
  await expect(list).toContainText("Dementia or memory care");
  await list.getByRole("link", { name: `Edit ${PERSON.fullName}'s details` }).click();
  await expect(main(page).getByRole("heading", { level: 1, name: PERSON.fullName })).toBeVisible();
  const editUrl = page.url();
  await main(page).getByRole("spinbutton", { name: "Age" }).fill("");
  await main(page).getByRole("button", { name: "Save changes" }).click();
  await expect(main(page).getByText("Enter an age")).toBeVisible();
  await main(page).getByRole("spinbutton", { name: "Age" }).fill("80");
  await main(page).getByLabel("Diabetes care").check();
  await page.screenshot({ path: "/tmp/rc/edit-390.png", fullPage: true });
  await main(page).getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
  await expect(list).toContainText("Diabetes care");
  await page.screenshot({ path: "/tmp/rc/profile-390.png", fullPage: true });

  // Another family cannot open Maria.
  const other = await createClient(db, {
    firstName: "Robin",
    lastName: `Other ${tag}`,
    email: `other-recipients-${tag}@example.test`,
    zipCode: ZIP,
  });
  const otherPage = await page.context().browser()!.newPage();
  await signIn(otherPage, other.email);
  const response = await otherPage.goto(editUrl);
  expect(response?.status()).toBe(404);
  await expect(otherPage.getByRole("heading", { level: 1, name: "Person not found" })).toBeVisible();
  await expect(otherPage.getByText(PERSON.fullName)).toHaveCount(0);
  await otherPage.close();

  await page.goto(editUrl);
  await main(page)
    .getByRole("button", { name: `Remove ${PERSON.fullName}` })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
  await expect(list).toContainText("When you send a care request");
  await expect(list.getByRole("heading", { level: 3 })).toHaveCount(0);
});
