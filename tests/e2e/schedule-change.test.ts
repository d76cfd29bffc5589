import path from "node:path";
import type { Page } from "@playwright/test";
import { and, eq } from "drizzle-orm";
import { careRequests, familyMembers, orders, scheduleChanges, visits } from "~/platform/db/schema";
import { createClient } from "~/platform/db/seed/factories.server";
import { chooseCaregiver, respondToOffer } from "~/features/orders/offers.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { EMPTY_WEEK } from "~/features/care-requests/care-request.schema";
import { formatInZone, localDateIn } from "~/utils/datetime";
import { caregiverAnswers, caregiverIn } from "./booked-visit-helpers";
import { gotoHydrated } from "./chrome-helpers";
import { e2eDatabase } from "./e2e-database";
import { expect, MOBILE, signIn, test } from "./fixtures";
import { TIMEOUTS } from "./timeouts";

// Changing a weekly schedule from a date (docs/product-rules.md, "Moving a visit"): Tuesdays and Thursdays become
// Wednesdays and Fridays from next week. A manage member asks on a phone and the caregiver accepts on the schedule;
// in Spanish the account holder asks and the caregiver declines. Each test has its own family and caregiver, in
// Kansas City or Springfield, where no other test books.

test.describe.configure({ timeout: TIMEOUTS.journey });

const main = (page: Page) => page.getByRole("main");
const DAY = 86_400_000;
const ZONE = "America/Chicago";

async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: path.join(process.env.SHOTS_DIR, name), fullPage: true });
}

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** Next week's Monday in Chicago's calendar. */
function nextMonday(): string {
  const today = localDateIn(ZONE);
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(today, 7 - weekday);
}

/** A family in `zip` with weekly care on Tuesdays and Thursdays, 10:00 to 12:00 from tomorrow, and its caregiver. */
async function bookedTuesdaysThursdays(tag: string, zip: string) {
  const db = e2eDatabase();
  const client = await createClient(db, { firstName: "Dana", lastName: `Weekly${tag}`, zipCode: zip });
  const caregiver = await caregiverIn(zip, "Jordan", `Pattern${tag}`);
  const startDate = addDays(localDateIn(ZONE), 1);
  const actor = { ...client, roles: ["client" as const] };
  const { orderId } = await submitCareRequest({
    actor,
    request: {
      careRecipient: "loved-one",
      fullName: `Ruth Weekly${tag}`,
      age: 84,
      gender: "female",
      phoneNumber: "(816) 555-0133",
      streetAddress: "1200 Main St",
      zipCode: zip,
      serviceTypes: ["personal-care"],
      healthNeeds: [],
      preferredLanguage: "en",
      additionalDetails: "",
      scheduleType: "recurring",
      startDate,
      endDate: addDays(startDate, 90),
      weeklySchedule: { ...EMPTY_WEEK, 1: [{ start: "10:00", end: "12:00" }], 3: [{ start: "10:00", end: "12:00" }] },
      promoCode: "",
      termsAccepted: true,
    },
  });
  await chooseCaregiver({ actor, orderId, caregiverId: caregiver.id });
  await respondToOffer({ actor: { id: caregiver.id, roles: ["caregiver"] }, orderId, accept: true });
  return { client, caregiver, orderId };
}

/** The order's scheduled visits from `date` on, as "Wed 10:00" where care happens. */
async function patternFrom(orderId: string, date: string) {
  const rows = await e2eDatabase()
    .select()
    .from(visits)
    .where(and(eq(visits.orderId, orderId), eq(visits.status, "scheduled")));
  return new Set(
    rows
      .filter((visit) => localDateIn(ZONE, visit.startsAt) >= date)
      .map((visit) => formatInZone(visit.startsAt, ZONE, "EEE HH:mm")),
  );
}

test.describe("a family changes its weekly schedule", () => {
  test.use(MOBILE);

  test("on a phone: a manage member moves Tue/Thu to Wed/Fri from next week, the caregiver accepts", async ({
    page,
    browser,
  }) => {
    const tag = String(Date.now());
    const { client, caregiver, orderId } = await bookedTuesdaysThursdays(tag, "64106");
    const [care] = await e2eDatabase()
      .select({ careRecipientId: careRequests.careRecipientId })
      .from(orders)
      .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
      .where(eq(orders.id, orderId));
    const member = await createClient(e2eDatabase(), { firstName: "Sam", lastName: `Manage${tag}`, zipCode: "64106" });
    await e2eDatabase()
      .insert(familyMembers)
      .values({ careRecipientId: care!.careRecipientId!, userId: member.id, role: "manage", addedBy: client.id });
    const fromDate = nextMonday();

    await signIn(page, member.email);
    await gotoHydrated(page, `/dashboard/appointments/order/${orderId}`);
    const form = main(page).locator("details", { has: page.locator("summary", { hasText: "Change the schedule" }) });
    await form.locator("summary").click();
    // Nothing chosen: the care request's own rule, at the field.
    await form.getByLabel("From", { exact: true }).fill(fromDate);
    await form.getByRole("button", { name: "Ask the caregiver" }).click();
    await expect(form.getByText("Add at least one weekly time window")).toBeVisible();
    await form.getByLabel("Wednesday", { exact: true }).check();
    await form.getByLabel("Friday", { exact: true }).check();
    await expect(form.getByLabel("Start time", { exact: true })).toHaveValue("10:00");
    await expect(form.getByLabel("End time", { exact: true })).toHaveValue("12:00");
    await form.getByRole("button", { name: "Ask the caregiver" }).click();
    await expect(main(page).getByText(/^Schedule change asked from /)).toBeVisible();
    await expect(main(page).getByRole("button", { name: "Withdraw the schedule change" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, "schedule-change-asked-390.png");
    // Nothing changed yet.
    expect(await patternFrom(orderId, fromDate)).toEqual(new Set(["Tue 10:00", "Thu 10:00"]));

    const onSchedule = {
      email: caregiver.email,
      address: "10.251.52.3",
      path: "/caregiver/schedule",
      region: "The family asks to change the weekly schedule",
    };
    await caregiverAnswers(browser, onSchedule, async (requests, caregiverPage) => {
      await expect(requests).toContainText("Tuesday, Thursday 10:00 AM–12:00 PM → Wednesday, Friday 10:00 AM–12:00 PM");
      expect(await caregiverPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shot(caregiverPage, "schedule-change-caregiver-390.png");
      await requests.getByRole("button", { name: "Accept the new schedule" }).click();
      await expect(requests.getByRole("status")).toHaveText("You accepted: the visits follow the new schedule.");
    });

    expect(await patternFrom(orderId, fromDate)).toEqual(new Set(["Wed 10:00", "Fri 10:00"]));
    const [change] = await e2eDatabase().select().from(scheduleChanges).where(eq(scheduleChanges.orderId, orderId));
    expect(change).toMatchObject({ status: "accepted", fromDate, requestedBy: member.id });

    // The order page: the schedule as it runs now, the new visits and the change with both patterns.
    await gotoHydrated(page, `/dashboard/appointments/order/${orderId}`);
    const schedule = main(page).getByRole("region", { name: "Schedule" });
    await expect(schedule.getByText(/^Wednesday, 10:00 AM to 12:00 PM/)).toBeVisible();
    await expect(schedule.getByText(/^Tuesday, 10:00 AM to 12:00 PM/)).toHaveCount(0);
    const history = main(page).getByRole("list", { name: "Schedule changes" });
    await expect(history.getByRole("listitem")).toHaveCount(1);
    await expect(history).toContainText("Tuesday, Thursday 10:00 AM–12:00 PM → Wednesday, Friday 10:00 AM–12:00 PM");
    await expect(history).toContainText("(Accepted: the visits follow the new schedule)");
    const visitList = main(page).getByRole("list", { name: "Visits" });
    await expect(visitList.getByText(/^Wed/).first()).toBeVisible();
    // The visits the change replaced are not listed: they never were care called off.
    await expect(visitList.getByText("(cancelled)")).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, "schedule-change-accepted-390.png");
  });
});

test("in Spanish: the account holder asks, the caregiver declines with a reason, the visits stay", async ({
  page,
  browser,
}) => {
  const { client, caregiver, orderId } = await bookedTuesdaysThursdays(String(Date.now()), "65806");
  const fromDate = nextMonday();
  await signIn(page, client.email);
  await page.setViewportSize({ width: 1280, height: 900 });
  await gotoHydrated(page, `/dashboard/appointments/order/${orderId}?lang=es`);
  await main(page).locator("summary", { hasText: "Cambiar el horario" }).click();
  await main(page).getByLabel("A partir del").fill(fromDate);
  await main(page).getByLabel("miércoles", { exact: true }).check();
  await main(page).getByLabel("viernes", { exact: true }).check();
  await main(page).getByRole("button", { name: "Pedírselo al cuidador" }).click();
  await expect(main(page).getByText(/^Cambio de horario pedido a partir del /)).toBeVisible();
  await shot(page, "schedule-change-asked-es-1280.png");

  const onSchedule = {
    email: caregiver.email,
    address: "10.251.52.4",
    desktop: true,
    path: "/caregiver/schedule?lang=es",
    region: "La familia pide cambiar el horario semanal",
  };
  await caregiverAnswers(browser, onSchedule, async (requests, caregiverPage) => {
    await requests.locator("summary", { hasText: "Rechazar" }).click();
    await requests.getByLabel("Motivo (opcional)").fill("Los miércoles trabajo en otro lugar");
    await requests.getByRole("button", { name: "Rechazar" }).click();
    await expect(requests.getByRole("status")).toHaveText(/^Rechazó: /);
    await shot(caregiverPage, "schedule-change-declined-es-1280.png");
  });

  expect(await patternFrom(orderId, fromDate)).toEqual(new Set(["Tue 10:00", "Thu 10:00"]));
  await gotoHydrated(page, `/dashboard/appointments/order/${orderId}?lang=es`);
  await expect(main(page).getByRole("list", { name: "Cambios de horario" })).toContainText(
    "Rechazado: nuestro equipo se ocupa",
  );
});
