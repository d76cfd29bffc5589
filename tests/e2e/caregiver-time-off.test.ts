import path from "node:path";
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { caregiverTimeOff } from "~/platform/db/schema";
import { createCaregiver } from "~/platform/db/seed/factories.server";
import { getBackupOffer } from "~/features/visits/backup-offers.server";
import { localDateIn } from "~/utils/datetime";
import { ALL_WEEK, bookedOneVisit, caregiverIn } from "./booked-visit-helpers";
import { gotoHydrated } from "./chrome-helpers";
import { e2eDatabase } from "./e2e-database";
import { expect, MOBILE, signIn, test } from "./fixtures";
import { TIMEOUTS } from "./timeouts";

// Time off (docs/product-rules.md, "Time off"): a caregiver blocks next week on a phone, is shown the visit it
// would hand over, confirms; a backup caregiver is offered the visit and the family's order page says so. Each
// test has its own family and caregivers, in a city where no demo caregiver works.

test.describe.configure({ timeout: TIMEOUTS.journey });

const main = (page: Page) => page.getByRole("main");
const DAY = 86_400_000;

async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: path.join(process.env.SHOTS_DIR, name), fullPage: true });
}

/** Next week's Monday and Sunday, and its Wednesday, in Chicago's calendar (the caregivers' zone here). */
function nextWeek() {
  const today = localDateIn("America/Chicago");
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const day = (offset: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) + (7 - weekday + offset) * DAY).toISOString().slice(0, 10);
  return { monday: day(0), wednesday: day(2), sunday: day(6) };
}

/** A family in `zip` with a confirmed visit next Wednesday, its caregiver, and a free backup caregiver. */
async function bookedNextWeek(tag: string, zip: string) {
  const booked = await bookedOneVisit({
    zip,
    date: nextWeek().wednesday,
    startTime: "10:00",
    endTime: "12:00",
    family: `Away${tag}`,
    main: `Main${tag}`,
  });
  const backup = await caregiverIn(zip, "Sam", `Backup${tag}`);
  return { ...booked, backup, visitId: booked.visit.id };
}

test.describe("a caregiver takes next week off", () => {
  test.use(MOBILE);

  test("on a phone: the visit inside is shown, handed to a backup once confirmed, and the family sees it", async ({
    page,
    browser,
  }) => {
    const { client, caregiver, backup, orderId, visitId } = await bookedNextWeek(String(Date.now()), "58102");
    const week = nextWeek();
    await signIn(page, caregiver.email);
    await gotoHydrated(page, "/caregiver/availability");
    await expect(main(page).getByRole("heading", { level: 1, name: "Time off" })).toBeVisible();
    await expect(main(page).getByText("You have no time off coming up.")).toBeVisible();
    await main(page).getByLabel("Kind").selectOption("range");
    await main(page).getByLabel("First day").fill(week.monday);
    await main(page).getByLabel("Last day").fill(week.sunday);
    await main(page).getByLabel("Reason (optional)").fill("Family wedding");
    await main(page).getByRole("button", { name: "Add time off" }).click();

    // First the visit it would hand over, and nothing saved yet.
    await expect(main(page).getByRole("heading", { name: "1 visit is booked in this time off" })).toBeVisible();
    await expect(main(page).getByRole("listitem").filter({ hasText: "10:00" })).toHaveCount(1);
    expect(
      await e2eDatabase().select().from(caregiverTimeOff).where(eq(caregiverTimeOff.caregiverId, caregiver.id)),
    ).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, "time-off-confirm-390.png");
    await main(page).getByRole("button", { name: "Hand over and add time off" }).click();
    await expect(main(page).getByRole("status")).toHaveText(
      "Time off added. 1 visit was handed over; the family has been told.",
    );
    await expect(main(page).getByText("Family wedding")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, "time-off-added-390.png");

    // The backup caregiver is offered the visit.
    const offer = await getBackupOffer({ actor: { id: backup.id, roles: ["caregiver"] }, visitId });
    expect(offer.canAccept).toBe(true);

    // The family's order page says their caregiver cannot come and a backup is being found.
    const family = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": "10.251.8.9" } });
    const familyPage = await family.newPage();
    await signIn(familyPage, client.email);
    await gotoHydrated(familyPage, `/dashboard/appointments/order/${orderId}`);
    await expect(
      main(familyPage).getByText("Your caregiver cannot make this visit; we are finding a backup caregiver"),
    ).toBeVisible();
    // The caregiver's private reason is not shown to the family.
    await expect(main(familyPage)).not.toContainText("Family wedding");
    await family.close();
  });
});

test("in Spanish at desktop width: a day off is added, a past day refused, and the day removed", async ({ page }) => {
  const db = e2eDatabase();
  const caregiver = await createCaregiver(db, {
    firstName: "Lucía",
    lastName: `Libre${Date.now()}`,
    zipCode: "64105",
    services: ["personal-care"],
    languages: ["es"],
    availability: ALL_WEEK,
  });
  await signIn(page, caregiver.email);
  await page.setViewportSize({ width: 1280, height: 900 });
  await gotoHydrated(page, "/caregiver/availability?lang=es");
  await expect(main(page).getByRole("heading", { level: 1, name: "Días libres" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Días libres" }).first()).toBeVisible();

  await main(page).getByLabel("Día", { exact: true }).fill("2020-01-06");
  await main(page).getByRole("button", { name: "Añadir días libres" }).click();
  await expect(main(page).getByText("El primer día no puede estar en el pasado.")).toBeVisible();

  const { wednesday } = nextWeek();
  await main(page).getByLabel("Día", { exact: true }).fill(wednesday);
  await main(page).getByRole("button", { name: "Añadir días libres" }).click();
  await expect(main(page).getByRole("status")).toHaveText("Días libres añadidos.");
  await shot(page, "time-off-es-1280.png");
  await main(page)
    .getByRole("button", { name: /^Quitar días libres:/ })
    .click();
  await expect(main(page).getByRole("status")).toHaveText("Días libres quitados.");
  await expect(main(page).getByText("No tiene días libres próximos.")).toBeVisible();
});
