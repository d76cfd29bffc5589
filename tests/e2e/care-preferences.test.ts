import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { addDays, format, nextMonday } from "date-fns";
import { eq } from "drizzle-orm";
import { visits } from "~/platform/db/schema";
import { createCaregiver, createClient } from "~/platform/db/seed/factories.server";
import { chooseCaregiver, respondToOffer } from "~/features/orders/offers.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { fillClientInfo, fillOneTimeSchedule } from "./care-request-helpers";
import { gotoHydrated } from "./chrome-helpers";
import { e2eDatabase } from "./e2e-database";
import { expect, MOBILE, signIn, test } from "./fixtures";
import { TIMEOUTS } from "./timeouts";

// The family's caregiver preferences (docs/product-rules.md, "Orders and offers"): a required
// preference leaves out every caregiver who does not meet it, a preferred one ranks, and a match
// card says which preferences a caregiver does not meet. Languages read as names, never as codes;
// "Has cared for you before" needs a completed visit. Each test has a town of its own, far from the
// seeded caregivers, so that it knows every caregiver who can match.

test.describe.configure({ timeout: TIMEOUTS.journey });

const main = (page: Page) => page.getByRole("main");
const card = (page: Page, name: string | RegExp) =>
  main(page)
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 3, name }) });

type Person = { firstName: string; gender: "female" | "male"; languages: string[]; cultures?: string[] };

/** A new family (signed in on `page`) and caregivers of their own around `zipCode`. */
async function familyAndCaregivers(page: Page, zipCode: string, people: Person[]) {
  const db = e2eDatabase();
  const tag = randomUUID().slice(0, 8);
  const client = await createClient(db, {
    firstName: "Paula",
    lastName: `Prefs ${tag}`,
    email: `family-prefs-${tag}@example.test`,
    zipCode,
  });
  const caregivers: Record<string, { id: string }> = {};
  for (const person of people) {
    caregivers[person.firstName] = await createCaregiver(db, {
      firstName: person.firstName,
      lastName: `Prefs ${tag}`,
      email: `${person.firstName.toLowerCase()}-prefs-${tag}@example.test`,
      zipCode,
      gender: person.gender,
      languages: person.languages,
      cultures: person.cultures ?? [],
      services: ["personal-care"],
    });
  }
  await signIn(page, client.email);
  return { client, caregivers };
}

/** A one-time request sent through the feature the review step calls, for a day three weeks ahead. */
async function sendRequest(clientId: string, zipCode: string, answers: Record<string, unknown>, weekday = 0) {
  const date = format(addDays(nextMonday(new Date()), 14 + weekday), "yyyy-MM-dd");
  return submitCareRequest({
    actor: { id: clientId, roles: ["client"] },
    request: {
      careRecipient: "loved-one",
      fullName: "Rosa Prefs",
      age: 81,
      gender: "female",
      phoneNumber: "(207) 555-0142",
      streetAddress: "12 Harbor Street",
      zipCode,
      serviceTypes: ["personal-care"],
      healthNeeds: [],
      additionalDetails: "",
      scheduleType: "one-time",
      startDate: date,
      startTime: "09:00",
      endTime: "11:00",
      promoCode: "",
      termsAccepted: true,
      ...answers,
    },
  });
}

const VIEWPORTS = [
  { name: "at 1280 px", viewport: { width: 1280, height: 900 }, zipCode: "04101", phone: false },
  { name: "on a 390 px phone", viewport: MOBILE.viewport, zipCode: "59601", phone: true },
] as const;

for (const { name, viewport, zipCode, phone } of VIEWPORTS) {
  test.describe(name, () => {
    test.use(phone ? MOBILE : { viewport });

    test("a required gender leaves others out; a preferred language ranks and is noted on the card", async ({
      page,
    }) => {
      await familyAndCaregivers(page, zipCode, [
        { firstName: "Alma", gender: "female", languages: ["en", "es"] },
        { firstName: "Bruno", gender: "male", languages: ["en", "es"] },
        // "xx" is no language we know: an old row, never shown as a code.
        { firstName: "Clara", gender: "female", languages: ["en", "xx"] },
      ]);
      await gotoHydrated(page, "/request/client-info");
      await fillClientInfo(page, zipCode);

      await expect(main(page).getByRole("heading", { level: 1, name: "Care needs" })).toBeVisible();
      await main(page).getByLabel("Personal Care").check();
      const preferences = main(page).getByRole("group", { name: "Caregiver preferences" });
      await expect(preferences).toContainText("only caregivers who meet it");
      await preferences.getByLabel("Preferred language").selectOption("es");
      await preferences.getByLabel("Caregiver gender").selectOption("female");
      // A preference is only preferred until the family says it is required.
      const genderRequired = preferences.getByLabel("Required: only caregivers of this gender");
      await expect(genderRequired).not.toBeChecked();
      await genderRequired.check();
      await expect(preferences.getByLabel("Required: only caregivers who speak this language")).not.toBeChecked();
      // The same 28 languages as the caregiver application and the directory.
      await expect(preferences.getByLabel("Preferred language").locator("option")).toHaveCount(28);
      await main(page).getByRole("button", { name: "Continue" }).click();

      await fillOneTimeSchedule(page);
      await expect(page).toHaveURL(/\/request\/review-submit$/);
      await expect(main(page).getByText("Female caregiver (required)")).toBeVisible();
      await expect(main(page).getByText("Spanish (preferred)")).toBeVisible();
      await main(page)
        .getByLabel(/I accept the/)
        .check();
      await main(page).getByRole("button", { name: "Send request" }).click();
      // Matching loads the ZIP code table on its first use: give the first submit room.
      await expect(main(page).getByRole("heading", { name: "Your best matches" })).toBeVisible({
        timeout: TIMEOUTS.background,
      });

      // Required: no man, although Bruno speaks Spanish.
      await expect(main(page).getByRole("heading", { level: 3 })).toHaveCount(2);
      await expect(card(page, /^Bruno/)).toHaveCount(0);
      // Preferred: Alma speaks Spanish and comes first; Clara does not, and her card says so.
      await expect(main(page).getByRole("heading", { level: 3 }).first()).toHaveText(/^Alma/);
      const alma = card(page, /^Alma/);
      await expect(alma.getByRole("list", { name: /^Why Alma/ })).toContainText("Speaks Spanish");
      await expect(alma.getByRole("list", { name: /does not meet/ })).toHaveCount(0);
      const clara = card(page, /^Clara/);
      await expect(clara.getByRole("list", { name: /^Why Clara/ })).toContainText("Female caregiver, as you asked");
      await expect(
        clara.getByRole("list", { name: "Preferences Clara P. does not meet" }).getByRole("listitem"),
      ).toHaveText(["Does not speak Spanish, the language you asked for"]);
      // Languages by name; a code we do not know is left out, never shown raw.
      await expect(clara.getByText("Speaks English", { exact: true })).toBeVisible();
      await expect(clara).not.toContainText("XX");
      await expect(clara).not.toContainText("xx");

      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });
  });
}

test.describe("in Spanish on a 390 px phone", () => {
  test.use(MOBILE);

  test("a preferred gender and culture not met are said in Spanish, with languages by name", async ({ page }) => {
    const zipCode = "83702";
    const { client } = await familyAndCaregivers(page, zipCode, [
      { firstName: "Mateo", gender: "male", languages: ["es", "en"], cultures: ["latino"] },
      { firstName: "Lucia", gender: "female", languages: ["tw", "en"], cultures: [] },
    ]);
    const { orderId } = await sendRequest(client.id, zipCode, {
      preferredLanguage: "es",
      caregiverGender: "male",
      culture: "latino",
    });
    await gotoHydrated(page, `/request/thank-you?order=${orderId}&lang=es`);
    await expect(main(page).getByRole("heading", { name: "Sus mejores opciones" })).toBeVisible();
    const lucia = card(page, /^Lucia/);
    await expect(
      lucia.getByRole("list", { name: "Preferencias que Lucia P. no cumple" }).getByRole("listitem"),
    ).toHaveText([
      "No habla el idioma que pidió: español",
      "No es el cuidador hombre que pidió",
      "No comparte la cultura que pidió: Latina",
    ]);
    await expect(lucia.getByText("Idiomas: twi, inglés")).toBeVisible();
    const mateo = card(page, /^Mateo/);
    await expect(mateo.getByRole("list", { name: /no cumple/ })).toHaveCount(0);
    await expect(mateo.getByRole("list", { name: /^Por qué Mateo/ })).toContainText("Cuidador hombre, como lo pidió");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test("'Has cared for you before' takes a completed visit, not only a booked one", async ({ page }) => {
  const zipCode = "97201";
  const { client, caregivers } = await familyAndCaregivers(page, zipCode, [
    { firstName: "Dora", gender: "female", languages: ["en"] },
  ]);
  const dora = caregivers.Dora!;
  // A first order Dora accepted: a visit booked, none done yet.
  const first = await sendRequest(client.id, zipCode, { preferredLanguage: "en" });
  const actor = { id: client.id, roles: ["client" as const] };
  await chooseCaregiver({ actor, orderId: first.orderId, caregiverId: dora.id });
  await respondToOffer({ actor: { id: dora.id, roles: ["caregiver"] }, orderId: first.orderId, accept: true });
  // A second request, on another day.
  const second = await sendRequest(client.id, zipCode, { preferredLanguage: "en" }, 2);

  await gotoHydrated(page, `/request/thank-you?order=${second.orderId}`);
  const why = card(page, /^Dora/).getByRole("list", { name: /^Why Dora/ });
  await expect(why).toContainText("Speaks English");
  await expect(why).not.toContainText("Has cared for you before");

  // Once Dora has checked out of that visit, she has cared for this family.
  const db = e2eDatabase();
  const [visit] = await db.select().from(visits).where(eq(visits.orderId, first.orderId));
  await db
    .update(visits)
    .set({ status: "completed", checkedInAt: visit!.startsAt, checkedOutAt: visit!.endsAt })
    .where(eq(visits.id, visit!.id));
  await gotoHydrated(page, `/request/thank-you?order=${second.orderId}`);
  await expect(why).toContainText("Has cared for you before");
});
