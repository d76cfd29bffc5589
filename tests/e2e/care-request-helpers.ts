import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

// Filling the /request wizard as a person would, for the care-loop tests.

/** YYYY-MM-DD of the Monday at least `weeksAhead` weeks from today. */
export function mondayInWeeks(weeksAhead: number, from = new Date()): string {
  const date = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  const daysToMonday = (8 - date.getUTCDay()) % 7 || 7;
  date.setUTCDate(date.getUTCDate() + daysToMonday + 7 * (weeksAhead - 1));
  return date.toISOString().slice(0, 10);
}

export function addDaysTo(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const main = (page: Page) => page.getByRole("main");

export const RECIPIENT = { fullName: "Elena Ruiz", age: "82", street: "2800 N Clark Street", zip: "60657" };

/** Step 1: a loved one in the demo caregiver's ZIP code. */
export async function fillClientInfo(page: Page, zip = RECIPIENT.zip) {
  await answerClientInfo(page, zip);
  await main(page).getByRole("button", { name: "Continue" }).click();
}

/** Step 1's answers, without going on. */
export async function answerClientInfo(page: Page, zip = RECIPIENT.zip) {
  await expect(main(page).getByRole("heading", { level: 1, name: "Who needs care" })).toBeVisible();
  await main(page).getByLabel("A loved one").check();
  await main(page).getByLabel("Full name of the person receiving care").fill(RECIPIENT.fullName);
  await main(page).getByLabel("Age").fill(RECIPIENT.age);
  await main(page).getByLabel("Gender", { exact: true }).selectOption("female");
  await main(page).getByLabel("Phone number").fill("(773) 555-0142");
  await main(page).getByLabel("Street address where care takes place").fill(RECIPIENT.street);
  await main(page).getByLabel("ZIP code").fill(zip);
}

/** Step 2: personal care in Spanish, with dementia care. */
export async function fillHealthNeeds(page: Page) {
  await expect(main(page).getByRole("heading", { level: 1, name: "Care needs" })).toBeVisible();
  await main(page).getByLabel("Personal Care").check();
  await main(page).getByLabel("Dementia or memory care").check();
  await main(page).getByLabel("Preferred language").selectOption("es");
  await main(page).getByRole("button", { name: "Continue" }).click();
}

/** Step 3: every Monday and Wednesday morning for eight weeks, starting in two weeks. */
export async function fillRecurringSchedule(page: Page) {
  const start = mondayInWeeks(2);
  await expect(main(page).getByRole("heading", { level: 1, name: "Schedule" })).toBeVisible();
  await main(page).getByLabel("Every week").check();
  await main(page).getByLabel("Start date").fill(start);
  await main(page).getByLabel("End date").fill(addDaysTo(start, 55));
  await main(page).getByLabel("Monday", { exact: true }).check();
  await main(page).getByLabel("Wednesday", { exact: true }).check();
  await expect(main(page).getByLabel("Monday: from")).toHaveValue("09:00");
  await main(page).getByRole("button", { name: "Continue" }).click();
  return { start };
}

/** Step 3: one visit, by default an afternoon visit on a Friday three weeks ahead. */
export async function fillOneTimeSchedule(
  page: Page,
  { date = addDaysTo(mondayInWeeks(3), 4), start = "14:00", end = "16:00" } = {},
) {
  await expect(main(page).getByRole("heading", { level: 1, name: "Schedule" })).toBeVisible();
  await main(page).getByLabel("One time").check();
  await main(page).getByLabel("Date", { exact: true }).fill(date);
  await main(page).getByLabel("Start time").fill(start);
  await main(page).getByLabel("End time").fill(end);
  await main(page).getByRole("button", { name: "Continue" }).click();
  return { date };
}
