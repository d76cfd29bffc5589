import type { Browser, Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { mkdirSync } from "node:fs";
import { visits } from "~/platform/db/schema";
import { createCaregiver, createClient } from "~/platform/db/seed/factories.server";
import { EMPTY_WEEK } from "~/features/care-requests/care-request.schema";
import { chooseCaregiver, respondToOffer } from "~/features/orders/offers.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { addDaysTo, mondayInWeeks } from "./care-request-helpers";
import { gotoHydrated } from "./chrome-helpers";
import { e2eDatabase } from "./e2e-database";
import { expect, MOBILE, signIn, test } from "./fixtures";
import { TIMEOUTS } from "./timeouts";

// The home screens (docs/architecture.md, "The home screens"): a new family's first-time dashboard,
// a booked family's next visit and caregivers (marked preferred), the caregiver's clients and today's visit.

test.describe.configure({ timeout: TIMEOUTS.journey });

const SHOTS = "/tmp/shots-home";
const MINUTE = 60_000;
const main = (page: Page) => page.getByRole("main");

async function shoot(page: Page, name: string) {
  if (!process.env.HOME_SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function pageAt(browser: Browser, width: number, email: string, address: string) {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    extraHTTPHeaders: { "X-Forwarded-For": address },
  });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

/** A family and a caregiver of their own, with a confirmed order whose first visit is moved to today. */
async function bookedFamily(tag: string) {
  const db = e2eDatabase();
  const client = await createClient(db, { firstName: "Dana", lastName: `Home${tag}` });
  const caregiver = await createCaregiver(db, {
    firstName: "Lucia",
    lastName: `Home${tag}`,
    zipCode: "60657",
    services: ["personal-care"],
    languages: ["en", "es"],
  });
  const startDate = mondayInWeeks(3);
  const actor = { ...client, roles: ["client" as const] };
  const { orderId, orderNumber } = await submitCareRequest({
    actor,
    request: {
      careRecipient: "loved-one",
      fullName: `Ruth Home${tag}`,
      age: 84,
      gender: "female",
      phoneNumber: "(312) 555-0177",
      streetAddress: "2100 N Lincoln Ave",
      zipCode: "60614",
      serviceTypes: ["personal-care"],
      healthNeeds: ["diabetes"],
      preferredLanguage: "es",
      additionalDetails: "Needs insulin reminders before lunch.",
      scheduleType: "recurring",
      startDate,
      endDate: addDaysTo(startDate, 60),
      // Late Friday afternoons: the demo caregivers' usual hours stay free.
      weeklySchedule: { ...EMPTY_WEEK, 4: [{ start: "14:00", end: "17:00" }] },
      promoCode: "",
      termsAccepted: true,
    },
  });
  await chooseCaregiver({ actor, orderId, caregiverId: caregiver.id });
  await respondToOffer({ actor: { id: caregiver.id, roles: ["caregiver"] }, orderId, accept: true });
  // The first visit, under way in Chicago: begun five minutes ago and ending in an hour, so that it is among
  // today's visits and open for check-in whenever the caregiver's page is read, also when Chicago's midnight
  // falls during the test (a visit is today's while any of it is: caregiver-home.server.ts).
  const now = Date.now();
  const startsAt = now - 5 * MINUTE;
  const endsAt = now + 60 * MINUTE;
  const [first] = await db.select().from(visits).where(eq(visits.orderId, orderId)).orderBy(visits.startsAt).limit(1);
  await db
    .update(visits)
    .set({ startsAt: new Date(startsAt), endsAt: new Date(endsAt) })
    .where(eq(visits.id, first!.id));
  return { client, caregiver, orderNumber, caregiverName: `Lucia H.`, recipient: `Ruth Home${tag}` };
}

test.describe("a new family at 390 px, in Spanish", () => {
  test.use(MOBILE);

  test("sees the first-time state and reaches the request form", async ({ page }) => {
    const client = await createClient(e2eDatabase(), { firstName: "Noa" });
    await signIn(page, client.email);
    await gotoHydrated(page, "/dashboard?lang=es");
    await expect(main(page).getByRole("heading", { level: 1, name: "Hola, Noa" })).toBeVisible();
    const welcome = main(page).getByRole("region", { name: "Encontremos al cuidador adecuado" });
    await expect(welcome).toContainText("Elija entre los cuidadores que coinciden");
    // Nothing that pretends there is care yet.
    await expect(main(page).getByRole("region", { name: "Próxima visita" })).toHaveCount(0);
    const cta = welcome.getByRole("link", { name: "Solicitar cuidado" });
    const box = await cta.boundingBox();
    expect(box!.width).toBeGreaterThan(280);
    await shoot(page, "client-first-time-390-es");
    await cta.click();
    await expect(page).toHaveURL(/\/request\/client-info/);
  });
});

test("a booked family sees the next visit and its caregiver, marks them preferred; the caregiver sees the family and today's visit", async ({
  browser,
}) => {
  const booked = await bookedFamily(Date.now().toString(36).slice(-5));
  const lastName = booked.caregiver.lastName;
  const name = `Lucia ${lastName.charAt(0)}.`;

  for (const width of [1280, 390]) {
    const family = await pageAt(browser, width, booked.client.email, `10.251.${width % 250}.1`);
    await gotoHydrated(family, "/dashboard");
    const next = main(family).getByRole("region", { name: "Next visit" });
    await expect(next).toContainText(`With ${name}`);
    await expect(next.getByRole("link", { name: `View order ${booked.orderNumber}` })).toBeVisible();
    await expect(main(family).getByRole("region", { name: "Coming up" }).getByRole("listitem").first()).toContainText(
      /Fri, .* at 2:00 PM/,
    );
    await expect(
      main(family).getByRole("navigation", { name: "Quick actions" }).getByRole("link", { name: "Message" }),
    ).toHaveAttribute("href", "/dashboard/messages");
    await shoot(family, `client-dashboard-${width}`);

    await gotoHydrated(family, "/dashboard/providers");
    await expect(main(family).getByRole("heading", { level: 1, name: "Your Caregiver" })).toBeVisible();
    const current = main(family).getByRole("region", { name: "Caring for you now" });
    const card = current.getByRole("listitem").filter({ has: family.getByRole("heading", { name }) });
    await expect(card.getByRole("link", { name: `View ${name}'s profile` })).toHaveAttribute(
      "href",
      new RegExp(`^/caregiver/lucia-${lastName.toLowerCase()}`),
    );
    await expect(card.getByRole("link", { name: `Request ${name} again` })).toHaveAttribute(
      "href",
      /^\/request\/client-info\?caregiver=lucia-/,
    );
    if (width === 1280) {
      await card.getByRole("button", { name: `Mark ${name} as preferred` }).click();
      await expect(main(family).getByText(`${name} is now one of your preferred caregivers.`)).toBeVisible();
    }
    await expect(card.getByText("Preferred", { exact: true })).toBeVisible();
    await expect(card.getByRole("button", { name: `Remove ${name} from preferred` })).toBeVisible();
    await shoot(family, `client-providers-${width}`);
    await family.context().close();

    const caregiver = await pageAt(browser, width, booked.caregiver.email, `10.252.${width % 250}.1`);
    await gotoHydrated(caregiver, "/caregiver/clients");
    const families = main(caregiver).getByRole("region", { name: "Current families" });
    const family1 = families
      .getByRole("listitem")
      .filter({ has: caregiver.getByRole("heading", { name: booked.recipient }) });
    await expect(family1).toContainText("2100 N Lincoln Ave");
    await expect(family1).toContainText("Diabetes");
    await expect(family1).toContainText("Needs insulin reminders before lunch.");
    await expect(family1.getByRole("link", { name: `Open order ${booked.orderNumber}` })).toBeVisible();
    await shoot(caregiver, `caregiver-clients-${width}`);

    await gotoHydrated(caregiver, "/caregiver");
    const today = main(caregiver).getByRole("region", { name: "Today's visits" });
    await expect(today).toContainText(`Visit with Ruth H.`);
    await expect(today.getByRole("button", { name: "Check in" })).toBeVisible();
    const week = main(caregiver).getByRole("region", { name: "This week" });
    await expect(week).toContainText("Expected pay");
    await shoot(caregiver, `caregiver-dashboard-${width}`);
    await caregiver.context().close();
  }
});
