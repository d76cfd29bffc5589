import { randomUUID } from "node:crypto";
import { TZDate } from "@date-fns/tz";
import { eq } from "drizzle-orm";
import { orderOffers, visits } from "~/platform/db/schema";
import { createCaregiver, createClient } from "~/platform/db/seed/factories.server";
import { chooseCaregiver } from "~/features/orders/offers.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { formatVisitDateTime, localDateIn, zonedInstant } from "~/utils/datetime";
import { gotoHydrated } from "./chrome-helpers";
import { e2eDatabase } from "./e2e-database";
import { expect, MOBILE, signIn, test } from "./fixtures";
import { TIMEOUTS } from "./timeouts";
import { CARE_ZONE, completeVisit, visitStartingSoon } from "./visit-helpers";

// Times that say what they mean, and the small texts (docs/product-rules.md,
// "Offer deadlines", "Times on screen"), on a 390 px phone whose clock is the
// care's (so no zone is named beside a visit's time).

test.describe.configure({ timeout: TIMEOUTS.journey });
test.use({ ...MOBILE, timezoneId: CARE_ZONE });

const EVERY_DAY_ALL_DAY = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 0, endMinute: 24 * 60 }));

const clock = (total: number) =>
  `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;

/** A whole quarter hour about three hours from now, as the clock reads in Chicago (the next day's morning late at night). */
function visitSoonWindow(now = new Date()) {
  const later = new TZDate(now.getTime() + 3 * 60 * 60 * 1000, CARE_ZONE);
  let date = localDateIn(CARE_ZONE, later);
  let minutes = Math.ceil((later.getHours() * 60 + later.getMinutes()) / 15) * 15;
  if (minutes > 22 * 60) {
    date = localDateIn(CARE_ZONE, new Date(later.getTime() + 12 * 60 * 60 * 1000));
    minutes = 9 * 60;
  }
  return { date, start: clock(minutes), end: clock(minutes + 60) };
}

test("an offer for a visit within the day is due an hour before it starts", async ({ page }) => {
  const db = e2eDatabase();
  const tag = randomUUID().slice(0, 8);
  const client = await createClient(db, {
    firstName: "Ada",
    lastName: "Soon",
    email: `family-soon-${tag}@example.test`,
  });
  const caregiver = await createCaregiver(db, {
    firstName: "Quinn",
    lastName: "Reyes",
    email: `caregiver-soon-${tag}@example.test`,
    zipCode: "60657",
    services: ["personal-care"],
    languages: ["en"],
    availability: EVERY_DAY_ALL_DAY,
  });
  const window = visitSoonWindow();
  const actor = { ...client, roles: ["client" as const] };
  const { orderId } = await submitCareRequest({
    actor,
    request: {
      careRecipient: "loved-one",
      fullName: "Vera Soon",
      age: 81,
      gender: "female",
      phoneNumber: "(312) 555-0134",
      streetAddress: "2400 N Clark St",
      zipCode: "60614",
      serviceTypes: ["personal-care"],
      healthNeeds: [],
      preferredLanguage: "en",
      additionalDetails: "",
      scheduleType: "one-time",
      startDate: window.date,
      startTime: window.start,
      endTime: window.end,
      promoCode: "",
      termsAccepted: true,
    },
  });
  await chooseCaregiver({ actor, orderId, caregiverId: caregiver.id });
  const startsAt = zonedInstant(window.date, window.start, CARE_ZONE);
  const [offer] = await db.select().from(orderOffers).where(eq(orderOffers.orderId, orderId));
  // An hour before the start, not a day after the offer.
  expect(offer!.expiresAt.getTime()).toBe(startsAt.getTime() - 60 * 60 * 1000);

  await signIn(page, caregiver.email);
  await gotoHydrated(page, `/caregiver/orders/${orderId}`);
  const offerSection = page.getByRole("region", { name: "This job is offered to you" });
  await expect(offerSection).toContainText(`Answer by ${formatVisitDateTime(offer!.expiresAt, CARE_ZONE)}.`);
});

test("check-in that opens on another day says which day", async ({ page }) => {
  const now = new Date();
  const local = new TZDate(now.getTime(), CARE_ZONE);
  // Tomorrow at 9:00 AM where care happens: check-in opens tomorrow at 8:00 AM.
  const minutesToMidnight = 24 * 60 - (local.getHours() * 60 + local.getMinutes());
  const care = await visitStartingSoon({ lastName: "Tomorrow", minutesFromNow: minutesToMidnight + 9 * 60 - 1 });
  await signIn(page, care.caregiver.email);
  await gotoHydrated(page, "/caregiver/schedule");
  const card = page.locator(`[data-visit-id="${care.visit.id}"]`);
  const opensAt = formatVisitDateTime(new Date(care.visit.startsAt.getTime() - 60 * 60 * 1000), CARE_ZONE);
  await expect(card).toContainText(`Check-in opens tomorrow at ${opensAt.split(" at ")[1]}`);
  await expect(card.getByRole("button", { name: "Check in" })).toHaveCount(0);
});

test("a visit completed before its booked end is listed under past visits", async ({ page }) => {
  const care = await visitStartingSoon({ lastName: "Early", minutesFromNow: 1 });
  await completeVisit(care);
  const [visit] = await e2eDatabase().select().from(visits).where(eq(visits.id, care.visit.id));
  // Over before its booked end: the split is by what happened, not only by the clock.
  expect(visit!.status).toBe("completed");
  expect(visit!.endsAt.getTime()).toBeGreaterThan(Date.now());
  await signIn(page, care.client.email);
  await gotoHydrated(page, "/dashboard/appointments");
  const upcoming = page.getByRole("region", { name: "Upcoming visits" });
  const past = page.getByRole("region", { name: "Past visits" });
  await expect(past).toContainText("Completed");
  await expect(past).toContainText(care.orderNumber);
  await expect(upcoming).not.toContainText(care.orderNumber);
  await expect(upcoming).toContainText("No upcoming visits.");
});

test("the header's logo shows when images cannot load", async ({ page }) => {
  const blocked: string[] = [];
  await page.route("**/*", (route) => {
    if (route.request().resourceType() !== "image") return route.fallback();
    blocked.push(route.request().url());
    return route.abort();
  });
  await gotoHydrated(page, "/");
  const home = page.getByRole("banner").getByRole("link", { name: "Tendly" });
  await expect(home).toBeVisible();
  const logo = home.locator("svg[data-logo='tendly']");
  await expect(logo).toBeVisible();
  expect(await logo.boundingBox()).toMatchObject({ width: 32, height: 32 });
  // Nothing in the header waits on an image request.
  await expect(page.getByRole("banner").locator("img")).toHaveCount(0);
  expect(blocked.filter((url) => url.includes("/icons/tendly"))).toEqual([]);
});
