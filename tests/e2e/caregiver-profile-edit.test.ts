import { randomUUID } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { addDays, format, nextMonday } from "date-fns";
import { createCaregiver, createClient } from "~/platform/db/seed/factories.server";
import { EMPTY_WEEK } from "~/features/care-requests/care-request.schema";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { caregiverPayBand } from "~/features/pricing/pay-band";
import { getPricing } from "~/features/pricing/pricing.server";
import { gotoHydrated, reloadHydrated } from "./chrome-helpers";
import { e2eDatabase } from "./e2e-database";
import { expect, MOBILE, signIn, test } from "./fixtures";
import { TIMEOUTS } from "./timeouts";

// An approved caregiver keeps the profile current (docs/product-rules.md, "Caregiver profile"):
// services, languages, weekly availability, travel radius, hourly rate within the pay band and
// bio, each kept after a reload; and the next family request is matched on the new answers.

test.describe.configure({ timeout: TIMEOUTS.journey });

const DESKTOP = { viewport: { width: 1280, height: 900 } };

/** A family's recurring request near Lincoln Park, Chicago: transportation, Sunday evenings, Haitian Creole. */
async function familyRequest(client: { id: string }) {
  const startDate = format(addDays(nextMonday(new Date()), 13), "yyyy-MM-dd");
  const submitted = await submitCareRequest({
    actor: { id: client.id, roles: ["client"] },
    request: {
      careRecipient: "loved-one",
      fullName: "Jeanne Baptiste",
      age: 79,
      gender: "female",
      phoneNumber: "(312) 555-0166",
      streetAddress: "2100 N Lincoln Ave",
      zipCode: "60614",
      serviceTypes: ["transportation"],
      healthNeeds: [],
      preferredLanguage: "ht",
      additionalDetails: "",
      scheduleType: "recurring",
      startDate,
      endDate: format(addDays(new Date(startDate), 42), "yyyy-MM-dd"),
      weeklySchedule: { ...EMPTY_WEEK, 6: [{ start: "18:00", end: "20:00" }] },
      promoCode: "",
      termsAccepted: true,
    },
  });
  return submitted.orderId;
}

/** The family's page of matches for one of its orders, in a browser of its own. */
async function familyMatches(browser: Browser, device: object, address: string, email: string, orderId: string) {
  const context = await browser.newContext({ ...device, extraHTTPHeaders: { "X-Forwarded-For": address } });
  const page = await context.newPage();
  await signIn(page, email);
  await gotoHydrated(page, `/request/thank-you?order=${orderId}`);
  return { page, close: () => context.close() };
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const work = (page: Page) => page.getByRole("region", { name: "Your work" });

for (const [width, device, firstName, octet] of [
  ["1280 px", DESKTOP, "Odile", 1],
  ["390 px", MOBILE, "Roseline", 2],
] as const) {
  test.describe(`at ${width}`, () => {
    test.use(device);

    test("an approved caregiver edits every field, keeps them after a reload, is refused a rate outside the band, and the next request matches the new answers", async ({
      page,
      browser,
    }) => {
      const db = e2eDatabase();
      const band = caregiverPayBand(await getPricing(db));
      const caregiver = await createCaregiver(db, {
        firstName,
        lastName: "Pierre",
        zipCode: "60614",
        services: ["companionship"],
        languages: ["en"],
        // Weekdays, 7 am to 5 pm: the grid's mornings and afternoons.
        availability: [0, 1, 2, 3, 4].map((weekday) => ({ weekday, startMinute: 7 * 60, endMinute: 17 * 60 })),
        travelRadiusMiles: 10,
        hourlyRateCents: band.minCents,
        bio: "Companion to older adults in Lincoln Park for three years.",
      });
      const family = await createClient(db, { firstName: "Marie", lastName: `Baptiste${octet}` });
      const card = (matches: Page) => matches.getByRole("heading", { level: 3, name: `${firstName} P.` });

      // Before: no transportation, no Sunday evenings: the family is not offered this caregiver.
      const before = await familyMatches(
        browser,
        device,
        `10.253.${octet}.1`,
        family.email,
        await familyRequest(family),
      );
      await expect(before.page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(card(before.page)).toHaveCount(0);
      await before.close();

      await signIn(page, caregiver.email);
      await gotoHydrated(page, "/caregiver/profile");
      const form = work(page);
      await expect(form.getByRole("checkbox", { name: "Companionship" })).toBeChecked();
      await expect(form.getByRole("checkbox", { name: "Monday morning" })).toBeChecked();

      await form.getByRole("checkbox", { name: "Transportation" }).check();
      await form.getByRole("checkbox", { name: "Haitian Creole" }).check();
      await form.getByRole("checkbox", { name: "Sunday evening" }).check();
      await form.getByRole("checkbox", { name: "Monday morning" }).uncheck();
      await form.getByLabel("How far can you travel? (miles)").fill("25");
      const bio = "Companion and driver for older adults; I speak English and Haitian Creole.";
      await form.getByLabel("About you").fill(bio);

      // A rate above the band is refused with the band in the message, and nothing is saved.
      const rate = form.getByLabel("Hourly rate (USD)");
      await rate.fill(((band.maxCents + 500) / 100).toFixed(2));
      await form.getByRole("button", { name: "Save work profile" }).click();
      await expect(
        form.getByText(`Please enter a rate between ${dollars(band.minCents)} and ${dollars(band.maxCents)} an hour.`),
      ).toBeVisible();
      await expect(rate).toHaveAttribute("aria-invalid", "true");
      // The server refuses it too, whatever the page lets through.
      const refused = await page.request.post("/caregiver/profile", {
        form: {
          intent: "work",
          services: "companionship",
          languages: "en",
          slots: "0-morning",
          travelRadiusMiles: "10",
          hourlyRate: ((band.maxCents + 500) / 100).toFixed(2),
          bio: "Companion to older adults in Lincoln Park for three years.",
        },
      });
      expect(refused.status()).toBe(400);

      const newRate = Math.round((band.minCents + band.maxCents) / 2);
      await rate.fill((newRate / 100).toFixed(2));
      await form.getByRole("button", { name: "Save work profile" }).click();
      await expect(page.getByText("Work profile saved").first()).toBeVisible();

      await reloadHydrated(page);
      await expect(form.getByRole("checkbox", { name: "Transportation" })).toBeChecked();
      await expect(form.getByRole("checkbox", { name: "Companionship" })).toBeChecked();
      await expect(form.getByRole("checkbox", { name: "Haitian Creole" })).toBeChecked();
      await expect(form.getByRole("checkbox", { name: "Sunday evening" })).toBeChecked();
      await expect(form.getByRole("checkbox", { name: "Monday morning" })).not.toBeChecked();
      await expect(form.getByRole("checkbox", { name: "Monday afternoon" })).toBeChecked();
      await expect(form.getByLabel("How far can you travel? (miles)")).toHaveValue("25");
      await expect(form.getByLabel("Hourly rate (USD)")).toHaveValue((newRate / 100).toFixed(2));
      await expect(form.getByLabel("About you")).toHaveValue(bio);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        page.viewportSize()!.width,
      );

      // In Spanish: the same answers, in the caregiver's words.
      await gotoHydrated(page, "/caregiver/profile?lang=es");
      const spanish = page.getByRole("region", { name: "Su trabajo" });
      await expect(spanish.getByRole("checkbox", { name: "Criollo haitiano" })).toBeChecked();
      await expect(spanish.getByLabel("Tarifa por hora (USD)")).toHaveValue((newRate / 100).toFixed(2));
      await expect(spanish.getByText(/^Banda salarial: de /)).toBeVisible();
      // The bio's language is the one it was saved with, not the page's.
      await expect(spanish.getByLabel("Idioma en que lo escribió")).toHaveValue("en");
      // The next request is matched on the new answers: offered, and why.
      const after = await familyMatches(
        browser,
        device,
        `10.253.${octet}.2`,
        family.email,
        await familyRequest(family),
      );
      await expect(card(after.page)).toBeVisible();
      await expect(after.page.getByRole("list", { name: `Why ${firstName} P. matches` })).toContainText(
        "Speaks Haitian Creole",
      );
      await after.close();
    });
  });
}

test("a bio written in Spanish is kept with its language and marked as such for English readers, and the other way round", async ({
  page,
}) => {
  const db = e2eDatabase();
  const slug = `lucia-h-${randomUUID().slice(0, 8)}`;
  const caregiver = await createCaregiver(db, {
    firstName: "Lucía",
    lastName: "Herrera",
    slug,
    bio: "Companion to older adults in Pilsen for four years.",
    // Inside today's band, so that saving the bio is not refused for the rate.
    hourlyRateCents: caregiverPayBand(await getPricing(db)).minCents,
  });
  const profile = `/caregiver/${slug}`;
  // Written in English: Spanish readers are told so.
  await gotoHydrated(page, `${profile}?lang=es`);
  await expect(page.getByText("Companion to older adults in Pilsen for four years.")).toHaveAttribute("lang", "en");
  await expect(page.getByText("Escrito en inglés.")).toBeVisible();

  await signIn(page, caregiver.email);
  await gotoHydrated(page, "/caregiver/profile?lang=es");
  const form = page.getByRole("region", { name: "Su trabajo" });
  const bio = "Acompaño a personas mayores en Pilsen desde hace cuatro años.";
  await form.getByLabel("Sobre usted").fill(bio);
  await form.getByLabel("Idioma en que lo escribió").selectOption({ label: "Español" });
  await form.getByRole("button", { name: "Guardar perfil de trabajo" }).click();
  await expect(page.getByText("Perfil de trabajo guardado").first()).toBeVisible();

  // Read in Spanish, a Spanish bio needs no mark; read in English, it carries its language.
  await gotoHydrated(page, `${profile}?lang=es`);
  await expect(page.getByText(bio)).toHaveAttribute("lang", "es");
  await expect(page.getByText(/^Escrito en/)).toHaveCount(0);
  await gotoHydrated(page, `${profile}?lang=en`);
  await expect(page.getByText(bio)).toHaveAttribute("lang", "es");
  await expect(page.getByText("Written in Spanish.")).toBeVisible();
});
