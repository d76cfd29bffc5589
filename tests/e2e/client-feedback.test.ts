import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { addDays, format, nextMonday } from "date-fns";
import { asc, eq } from "drizzle-orm";
import { visits } from "~/platform/db/schema";
import { createCaregiver, createClient } from "~/platform/db/seed/factories.server";
import { chooseCaregiver, respondToOffer } from "~/features/orders/offers.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { gotoHydrated } from "./chrome-helpers";
import { e2eDatabase } from "./e2e-database";
import { expect, loginAs, MOBILE, signIn, test } from "./fixtures";
import { TIMEOUTS } from "./timeouts";

// Feedback end to end (docs/product-rules.md, "Feedback"): a new family whose
// order has a completed visit rates the care on a 390 px phone, from the order
// page's "Rate this care"; the stars, comment and tags show on the caregiver's
// public profile and the rating replaces the seeded figures; an admin hides
// the comment from the caregiver's admin page and it leaves the profile,
// while the stars keep counting.

test.describe.configure({ timeout: TIMEOUTS.journey });
test.use(MOBILE);

const SHOTS = "/tmp/shots-reviews";

/** A new family and caregiver, an accepted one-time order between them, its visit completed. */
async function orderWithCompletedVisit() {
  const db = e2eDatabase();
  const suffix = randomBytes(3).toString("hex");
  const client = await createClient(db, {
    firstName: "Dana",
    lastName: `Kowalski${suffix}`,
    email: `feedback-${suffix}@example.test`,
  });
  const slug = `elena-feedback-${suffix}`;
  const caregiver = await createCaregiver(db, {
    firstName: "Elena",
    lastName: `Marsh${suffix}`,
    slug,
    zipCode: "60657",
    services: ["personal-care"],
    languages: ["en", "es"],
    // Seeded figures with no reviews behind them: the first real review replaces them.
    ratingAvg: 4.9,
    ratingCount: 27,
  });
  const actor = { ...client, roles: ["client" as const] };
  const date = format(addDays(nextMonday(new Date()), 21), "yyyy-MM-dd");
  const { orderId, orderNumber } = await submitCareRequest({
    actor,
    request: {
      careRecipient: "loved-one",
      fullName: "Ruth Kowalski",
      age: 84,
      gender: "female",
      phoneNumber: "(312) 555-0177",
      streetAddress: "2100 N Lincoln Ave",
      zipCode: "60614",
      serviceTypes: ["personal-care"],
      healthNeeds: [],
      preferredLanguage: "en",
      additionalDetails: "",
      scheduleType: "one-time",
      startDate: date,
      startTime: "15:00",
      endTime: "17:00",
      promoCode: "",
      termsAccepted: true,
    },
  });
  await chooseCaregiver({ actor, orderId, caregiverId: caregiver.id });
  await respondToOffer({ actor: { id: caregiver.id, roles: ["caregiver"] }, orderId, accept: true });
  const [visit] = await db.select().from(visits).where(eq(visits.orderId, orderId)).orderBy(asc(visits.startsAt));
  await db
    .update(visits)
    .set({ status: "completed", checkedInAt: visit!.startsAt, checkedOutAt: visit!.endsAt })
    .where(eq(visits.id, visit!.id));
  return { orderId, orderNumber, client, caregiver, slug };
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "page wider than the screen").toBeLessThanOrEqual(0);
}

test("a family rates the care on a phone; the review shows on the public profile until an admin hides its comment", async ({
  page,
  browser,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  const order = await orderWithCompletedVisit();
  const main = page.getByRole("main");

  // The order page leads to the feedback form.
  await signIn(page, order.client.email);
  await gotoHydrated(page, `/dashboard/appointments/order/${order.orderId}`);
  await main.getByRole("link", { name: "Rate this care" }).click();
  await expect(page).toHaveURL(`/dashboard/orders/${order.orderNumber}/feedback`);
  await expect(main.getByRole("heading", { level: 1, name: "Rate your care" })).toBeVisible();
  await expect(main.getByRole("heading", { name: `How was the care from Elena M.?` })).toBeVisible();

  // No star chosen: the form says so and sends nothing.
  await main.getByRole("button", { name: "Send feedback" }).click();
  await expect(main.getByRole("alert")).toHaveText("Choose from 1 to 5 stars.");

  // The stars are a radio group the keyboard moves through.
  const stars = main.getByRole("group", { name: "Your rating" });
  // A tap on a star's label chooses it; the arrow keys move the choice.
  await stars.getByText("Very good").click();
  await expect(stars.getByRole("radio", { name: "4 Very good" })).toBeChecked();
  await expect(main.getByText("Choose from 1 to 5 stars.")).toHaveCount(0);
  await stars.getByRole("radio", { name: "4 Very good" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(stars.getByRole("radio", { name: "5 Excellent" })).toBeChecked();
  await expect(stars.getByRole("radio", { name: "4 Very good" })).not.toBeChecked();
  await main.getByLabel("Your comment (optional)").fill("Elena was patient and cheerful with my mother.");
  await main.getByRole("checkbox", { name: "Punctual" }).check();
  await main.getByRole("checkbox", { name: "Kind" }).check();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/feedback-form-390.png`, fullPage: true });
  await main.getByRole("button", { name: "Send feedback" }).click();

  await expect(main.getByText("Thank you! Your feedback was sent.")).toBeVisible();
  await expect(main.getByText(/You can change this feedback until /)).toBeVisible();
  await expect(main.getByRole("button", { name: "Save changes" })).toBeVisible();
  await expect(main.getByRole("radio", { name: "5 Excellent" })).toBeChecked();
  await expect(main.getByRole("checkbox", { name: "Kind" })).toBeChecked();
  await expect(main.getByRole("checkbox", { name: "Skilled" })).not.toBeChecked();
  await page.screenshot({ path: `${SHOTS}/feedback-saved-390.png`, fullPage: true });

  // The public profile: the rating from the review (the seeded 4.9 of 27 gave way), and the review itself.
  await gotoHydrated(page, `/caregiver/${order.slug}`);
  const reviews = main.getByRole("region", { name: "Ratings and reviews" });
  await expect(reviews.getByText("5.0 out of 5 (1 rating)")).toBeVisible();
  const list = reviews.getByRole("list", { name: "Reviews from families" });
  await expect(list.getByText("Elena was patient and cheerful with my mother.")).toBeVisible();
  await expect(list.getByText("5 stars out of 5")).toBeAttached();
  await expect(list.getByText("Punctual")).toBeVisible();
  await expect(list.getByText("Kind", { exact: true })).toBeVisible();
  await expect(list.getByText(/^Dana K\. · [A-Z][a-z]+ \d{4}$/)).toBeVisible();
  await expect(reviews).not.toContainText(order.client.lastName);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/profile-review-390.png`, fullPage: true });

  // The admin hides the comment, with a reason, from the caregiver's admin page.
  const adminContext = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": "10.252.0.9" } });
  const admin = await adminContext.newPage();
  await loginAs(admin, "admin");
  await gotoHydrated(admin, `/admin/caregivers/${order.caregiver.id}`);
  const section = admin.getByRole("region", { name: "Reviews" });
  const review = section.getByRole("listitem", { name: `Order ${order.orderNumber}` });
  await expect(review.getByText("Elena was patient and cheerful with my mother.")).toBeVisible();
  await expect(review.getByText("Comment visible on the public profile")).toBeVisible();
  await review.getByLabel("Reason for hiding").fill("Test of moderation: names a family member.");
  await review.getByRole("button", { name: "Hide comment" }).click();
  await expect(admin.getByText("The comment is hidden from the public profile.")).toBeVisible();
  await expect(review.getByText(/Comment hidden by .+: Test of moderation: names a family member\.$/)).toBeVisible();
  await expect(review.getByRole("button", { name: "Show comment again" })).toBeVisible();
  await admin.screenshot({ path: `${SHOTS}/admin-reviews-hidden.png`, fullPage: true });
  await adminContext.close();

  // Gone from the profile; the stars still count.
  await gotoHydrated(page, `/caregiver/${order.slug}`);
  await expect(reviews.getByText("5.0 out of 5 (1 rating)")).toBeVisible();
  await expect(main.getByText("Elena was patient and cheerful with my mother.")).toHaveCount(0);
  await expect(reviews.getByText("No written reviews to show yet.")).toBeVisible();

  // The family reads that its comment is hidden.
  await gotoHydrated(page, `/dashboard/orders/${order.orderNumber}/feedback`);
  await expect(main.getByText(/Our team has hidden your comment/)).toBeVisible();
});

test("an order without a completed visit explains when feedback opens, and another family's order is not found", async ({
  page,
  browser,
}) => {
  const order = await orderWithCompletedVisit();
  const db = e2eDatabase();
  // This family's visit is not done after all: back to scheduled.
  await db
    .update(visits)
    .set({ status: "scheduled", checkedInAt: null, checkedOutAt: null })
    .where(eq(visits.orderId, order.orderId));
  const main = page.getByRole("main");
  await signIn(page, order.client.email);
  await gotoHydrated(page, `/dashboard/appointments/order/${order.orderId}`);
  await expect(main.getByRole("link", { name: "Rate this care" })).toHaveCount(0);
  await gotoHydrated(page, `/dashboard/orders/${order.orderNumber}/feedback`);
  await expect(main.getByRole("heading", { name: "Nothing to rate yet" })).toBeVisible();
  await expect(main.getByText(/once a visit has been completed/)).toBeVisible();
  await expect(main.getByRole("button", { name: "Send feedback" })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/feedback-waiting-390.png`, fullPage: true });

  // Another family: not found, and its post changes nothing.
  const otherContext = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": "10.252.0.10" } });
  const other = await otherContext.newPage();
  await loginAs(other, "client");
  const response = await other.goto(`/dashboard/orders/${order.orderNumber}/feedback`);
  expect(response?.status()).toBe(404);
  await expect(other.getByRole("heading", { name: "Order not found" })).toBeVisible();
  await otherContext.close();
});

test("the feedback form in Spanish on a phone", async ({ page }) => {
  const order = await orderWithCompletedVisit();
  await signIn(page, order.client.email);
  await gotoHydrated(page, `/dashboard/orders/${order.orderNumber}/feedback?lang=es`);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Califique el cuidado" })).toBeVisible();
  await main.getByRole("button", { name: "Enviar reseña" }).click();
  await expect(main.getByRole("alert")).toHaveText("Elija de 1 a 5 estrellas.");
  await main.getByText("Excelente", { exact: true }).click();
  await expect(main.getByRole("radio", { name: "5 Excelente" })).toBeChecked();
  await expect(main.getByRole("checkbox", { name: "Se comunica bien" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/feedback-form-es-390.png`, fullPage: true });
});

test.describe("on a desktop", () => {
  test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });

  test("the feedback form at 1280 px", async ({ page }) => {
    const order = await orderWithCompletedVisit();
    await signIn(page, order.client.email);
    await gotoHydrated(page, `/dashboard/orders/${order.orderNumber}/feedback`);
    const main = page.getByRole("main");
    await main.getByText("Good", { exact: true }).click();
    await expect(main.getByRole("radio", { name: "3 Good" })).toBeChecked();
    await expectNoSidewaysScroll(page);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/feedback-form-1280.png`, fullPage: true });
  });
});
