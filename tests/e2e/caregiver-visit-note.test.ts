import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "@playwright/test";
import { addDays, format, nextMonday } from "date-fns";
import { visits } from "~/platform/db/schema";
import { createCaregiver, createClient } from "~/platform/db/seed/factories.server";
import { chooseCaregiver, respondToOffer } from "~/features/orders/offers.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { recordCheck } from "~/features/visits/check-in.server";
import { localDateIn, zonedInstant } from "~/utils/datetime";
import { sampleJpeg } from "../fixtures/documents";
import { expectAccessible } from "./accessibility";
import { gotoHydrated, reloadHydrated } from "./chrome-helpers";
import { e2eDatabase } from "./e2e-database";
import { expect, MOBILE, signIn, test } from "./fixtures";
import { CARE_ZONE } from "./visit-helpers";
import { TIMEOUTS } from "./timeouts";

// Visit notes end to end (docs/product-rules.md, "Visit notes and the care timeline"): a caregiver
// of its own checks in and out of a visit of a family of its own, writes the
// note on a 390 px phone (a refused task with its reason, a photo); the family
// reads it on the order's care timeline; the caregiver corrects it and the
// family sees it marked as edited.

test.describe.configure({ timeout: TIMEOUTS.journey });

const SHOTS = "/tmp/shots-notes";
const main = (page: Page) => page.getByRole("main");

/** A family and a caregiver of their own, with a one-time order accepted and its visit under way now. */
async function visitUnderWay() {
  const db = e2eDatabase();
  const suffix = randomUUID().slice(0, 8);
  const client = await createClient(db, {
    firstName: "Dana",
    lastName: `Notes${suffix}`,
    email: `family-${suffix}@example.test`,
  });
  const caregiver = await createCaregiver(db, {
    firstName: "Ana",
    lastName: `Lopez${suffix}`,
    email: `caregiver-${suffix}@example.test`,
    zipCode: "60657",
    services: ["personal-care", "companionship"],
    languages: ["en", "es"],
    // Every day, all day: the visit is moved to now below.
    availability: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 0, endMinute: 24 * 60 - 1 })),
  });
  const actor = { ...client, roles: ["client" as const] };
  const date = format(addDays(nextMonday(new Date()), 21), "yyyy-MM-dd");
  const { orderId, orderNumber } = await submitCareRequest({
    actor,
    request: {
      careRecipient: "loved-one",
      fullName: `Ruth ${suffix}`,
      age: 84,
      gender: "female",
      phoneNumber: "(312) 555-0177",
      streetAddress: "2100 N Lincoln Ave",
      zipCode: "60614",
      serviceTypes: ["personal-care", "companionship"],
      healthNeeds: [],
      preferredLanguage: "en",
      additionalDetails: "",
      scheduleType: "one-time",
      startDate: date,
      startTime: "09:00",
      endTime: "12:00",
      promoCode: "",
      termsAccepted: true,
    },
  });
  await chooseCaregiver({ actor, orderId, caregiverId: caregiver.id });
  await respondToOffer({ actor: { ...caregiver, roles: ["caregiver"] }, orderId, accept: true });
  // The visit began five minutes ago, short of the late alert (15 minutes after the start), so that the visit
  // sweep leaves it alone (this caregiver has no other booking to clash with), and today where the care
  // happens (not before its midnight), so that the timeline calls it today's at any hour. It ends an hour from
  // now, past midnight in the day's last hour: ending it at 23:59 left no visit under way in the day's last
  // minute.
  const now = Date.now();
  const today = localDateIn(CARE_ZONE);
  const startsAt = Math.max(now - 5 * 60_000, zonedInstant(today, "00:00", CARE_ZONE).getTime());
  const endsAt = now + 60 * 60_000;
  const [visit] = await db
    .update(visits)
    .set({ startsAt: new Date(startsAt), endsAt: new Date(endsAt) })
    .where(eq(visits.orderId, orderId))
    .returning();
  return { client, caregiver, orderId, orderNumber, visit: visit! };
}

async function signedIn(browser: Browser, email: string, address: string, options: object = {}) {
  const context = await browser.newContext({ ...options, extraHTTPHeaders: { "X-Forwarded-For": address } });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

test("a caregiver writes a visit note on a phone, the family reads it, the correction shows as edited", async ({
  browser,
}) => {
  const { client, caregiver, orderId, orderNumber, visit } = await visitUnderWay();
  const family = await signedIn(browser, client.email, "10.251.7.1");
  const orderPath = `/dashboard/appointments/order/${orderId}`;

  // Before the visit is checked in: the family's code, and nothing on the timeline yet.
  await gotoHydrated(family, orderPath);
  const timeline = main(family).getByRole("region", { name: "Care timeline" });
  await expect(timeline.getByText(`Your caregiver may ask for this code: ${visit.familyCode}`)).toBeVisible();
  await expect(timeline.getByText(/^Today's visit at /)).toBeVisible();
  await expect(timeline.getByText(/^Nothing here yet/)).toBeVisible();
  await timeline.screenshot({ path: `${SHOTS}/timeline-code-1280.png` });

  // Too early for a note.
  const phone = await signedIn(browser, caregiver.email, "10.251.7.2", MOBILE);
  const notePath = `/caregiver/visits/${visit.id}/note`;
  await gotoHydrated(phone, notePath);
  await expect(main(phone).getByText("You can write the note after you check out of this visit.")).toBeVisible();

  // The caregiver checks in early with the family's code (check-in opens an hour before the start) and out with
  // the location: most of the booked time worked, so not a short visit.
  const actor = { id: caregiver.id };
  await recordCheck({
    actor,
    visitId: visit.id,
    kind: "check_in",
    clientEventId: randomUUID(),
    occurredAt: new Date(Date.now() - 55 * 60_000),
    verification: { method: "code", code: visit.familyCode },
  });
  await recordCheck({
    actor,
    visitId: visit.id,
    kind: "check_out",
    clientEventId: randomUUID(),
    occurredAt: new Date(Date.now() - 60_000),
    verification: { method: "code", code: visit.familyCode },
  });

  // The note on the phone: a refused task needs its reason.
  await gotoHydrated(phone, notePath);
  await expect(main(phone).getByRole("heading", { level: 1, name: "Visit note" })).toBeVisible();
  await expect(main(phone).getByText(new RegExp(orderNumber))).toBeVisible();
  await expect(main(phone).getByRole("link", { name: "Back to your schedule" })).toHaveAttribute(
    "href",
    "/caregiver/schedule",
  );
  const personalCare = main(phone).getByRole("group", { name: "Personal Care" });
  await personalCare.getByText("Refused", { exact: true }).click();
  await main(phone).getByRole("group", { name: "Companionship" }).getByText("Done", { exact: true }).click();
  await main(phone).getByLabel("Meals").fill("Lentil soup and tea");
  await main(phone).getByLabel("Mood").selectOption({ label: "Calm" });
  await main(phone).getByLabel("Observations").fill("Slept after lunch.");
  await main(phone)
    .getByLabel("Add photos (optional)")
    .setInputFiles({
      name: "garden.jpg",
      mimeType: "image/jpeg",
      buffer: await sampleJpeg(),
    });
  await main(phone).getByRole("button", { name: "Save the note" }).click();
  await expect(personalCare.getByText("Say why this was refused.")).toBeVisible();
  await personalCare.getByLabel("Why was it refused?").fill("Wanted to rest today");
  await main(phone).getByRole("button", { name: "Save the note" }).click();
  await expect(main(phone).getByText("Note saved. The family can read it now.")).toBeVisible();
  await expect(main(phone).getByRole("img", { name: "Photo 1 from the visit" })).toBeVisible();
  await expect(main(phone).getByText(/You can correct this note until/)).toBeVisible();
  // Nothing wider than the phone.
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(phone);
  await phone.screenshot({ path: `${SHOTS}/note-390.png`, fullPage: true });

  // The family's timeline: the note, the refused task with its reason, the photo, how the visit was verified.
  await reloadHydrated(family);
  const note = timeline.getByRole("article", { name: "Visit note" });
  await expect(note).toContainText("Personal Care: Refused: Wanted to rest today");
  await expect(note).toContainText("Companionship: Done");
  await expect(note).toContainText("Lentil soup and tea");
  await expect(note).toContainText("Calm");
  await expect(note).toContainText(/Written /);
  await expect(timeline.getByText(/^Checked in at .* \(family code\)$/)).toBeVisible();
  await expect(timeline.getByText(/^Checked out at .* \(family code\)$/)).toBeVisible();
  await expect(timeline.getByText(`Your caregiver may ask for this code`)).toHaveCount(0);
  const thumbnail = note.getByRole("link", { name: "Open photo 1 in full size" });
  const photoUrl = await thumbnail.getAttribute("href");
  expect(photoUrl).toMatch(/^\/media\/visit-photos\/[0-9a-f-]{36}$/);
  // The thumbnail loads lazily: once in view, it is shown (a broken link would stay at width 0).
  await note.locator("img").scrollIntoViewIfNeeded();
  await expect
    .poll(() => note.locator("img").evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0)))
    .toBeGreaterThan(0);
  const photo = await family.request.get(photoUrl!);
  expect(photo.status()).toBe(200);
  expect(photo.headers()["content-type"]).toBe("image/jpeg");
  expect(photo.headers()["cache-control"]).toContain("private");
  expect(photo.headers()["x-content-type-options"]).toBe("nosniff");
  // Nobody else gets it.
  const stranger = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": "10.251.7.3" } });
  expect((await stranger.request.get(photoUrl!)).status()).toBe(404);
  await stranger.close();
  await expectAccessible(family);
  await family.screenshot({ path: `${SHOTS}/timeline-1280.png`, fullPage: true });

  // The caregiver corrects the note; the family sees it marked as edited.
  await main(phone).getByLabel("Meals").fill("Lentil soup, toast and tea");
  await main(phone).getByRole("button", { name: "Save the correction" }).click();
  await expect(main(phone).getByText("Correction saved. The family sees the note marked as edited.")).toBeVisible();
  await expect(main(phone).getByLabel("Meals")).toHaveValue("Lentil soup, toast and tea");
  await reloadHydrated(family);
  await expect(note).toContainText("Lentil soup, toast and tea");
  await expect(note.getByText(/^Edited /)).toBeVisible();

  await family.setViewportSize({ width: 390, height: 844 });
  await reloadHydrated(family);
  expect(await family.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await family.screenshot({ path: `${SHOTS}/timeline-390.png`, fullPage: true });
  await phone.setViewportSize({ width: 1280, height: 900 });
  await reloadHydrated(phone);
  await phone.screenshot({ path: `${SHOTS}/note-1280.png`, fullPage: true });
  await phone.context().close();
  await family.context().close();
});
