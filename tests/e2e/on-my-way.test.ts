import { randomUUID } from "node:crypto";
import { TZDate } from "@date-fns/tz";
import { eq } from "drizzle-orm";
import type { Browser, BrowserContextOptions, Page } from "@playwright/test";
import { userProfiles } from "~/platform/db/schema";
import { recordCheck } from "~/features/visits/check-in.server";
import { gotoHydrated } from "./chrome-helpers";
import { e2eDatabase } from "./e2e-database";
import { expect, MOBILE, signIn, test } from "./fixtures";
import { TIMEOUTS } from "./timeouts";
import { CARE_ZONE, visitStartingSoon, visitState, type BookedVisit } from "./visit-helpers";

// "On my way" (docs/product-rules.md, "On my way"): the caregiver, on a phone, says they are coming; the
// family's open order page shows it without a reload, and a notification tells them, in their language.
// The EVV record (visit events, check times) is left as it was; the check-in then takes its place.

test.describe.configure({ timeout: TIMEOUTS.journey });

async function openAs(browser: Browser, email: string, options: BrowserContextOptions = {}) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await signIn(page, email);
  return { context, page };
}

/** The family's order page, marked so that a reload would show (the mark would be gone). */
async function openOrderPage(page: Page, care: BookedVisit) {
  await gotoHydrated(page, `/dashboard/appointments/order/${care.orderId}`);
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
}

const notReloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

/** A time of day (HH:mm) `minutes` from now where care happens, or null across midnight. */
function careTimeIn(minutes: number): string | null {
  const now = new TZDate(Date.now(), CARE_ZONE);
  const later = new TZDate(Date.now() + minutes * 60_000, CARE_ZONE);
  if (later.getDate() !== now.getDate()) return null;
  return `${String(later.getHours()).padStart(2, "0")}:${String(later.getMinutes()).padStart(2, "0")}`;
}

test("the caregiver's On my way shows live on the family's order page and in a notification", async ({ browser }) => {
  const care = await visitStartingSoon({ lastName: "Onway", minutesFromNow: 20 });
  const family = await openAs(browser, care.client.email);
  await openOrderPage(family.page, care);
  await expect(family.page.locator("[data-on-the-way]")).toHaveCount(0);

  const caregiver = await openAs(browser, care.caregiver.email, MOBILE);
  await gotoHydrated(caregiver.page, "/caregiver/schedule");
  const card = caregiver.page.locator(`[data-visit-id="${care.visit.id}"]`);
  await card.getByRole("button", { name: "On my way" }).click();
  const form = card.getByRole("form", { name: "When will you arrive?" });
  await form.getByRole("radio", { name: "In 20 minutes" }).check();
  await caregiver.page.screenshot({ path: "/tmp/shots-onmyway/caregiver-form-390.png", fullPage: true });
  await form.getByRole("button", { name: "Tell the family" }).click();
  await expect(card.getByRole("status")).toHaveText(/^The family knows you are on the way, arriving about \d.+\.$/);
  await expect(card.getByText(/^You told the family you arrive about \d/)).toBeVisible();

  // The family's page, never reloaded, says it.
  const line = family.page.locator("[data-on-the-way]");
  await expect(line).toHaveText(/^Iris O\. is on the way — arriving about \d{1,2}:\d\d [AP]M/, {
    timeout: TIMEOUTS.background,
  });
  expect(await notReloaded(family.page)).toBe(true);
  await family.page.screenshot({ path: "/tmp/shots-onmyway/family-order-1280.png", fullPage: true });

  // And a notification.
  await family.page
    .getByRole("banner")
    .getByRole("button", { name: /^Notifications/ })
    .click();
  const panel = family.page.getByRole("dialog", { name: "Notifications" });
  await expect(panel.getByRole("button", { name: /^Iris O\. is on the way/ })).toBeVisible({
    timeout: TIMEOUTS.background,
  });
  await family.page.keyboard.press("Escape");

  // A typed time moves it (when the next half hour is still today where care happens).
  const typed = careTimeIn(30);
  if (typed) {
    await card.getByRole("button", { name: "Change my arrival time" }).click();
    await form.getByRole("radio", { name: "At a time I type" }).check();
    await form.getByLabel(/^Arrival time/).fill(typed);
    await form.getByRole("button", { name: "Tell the family" }).click();
    await expect(card.getByRole("status")).toHaveText(/^The family knows you are on the way/);
    const hour = Number(typed.slice(0, 2));
    const shown = `${hour % 12 || 12}:${typed.slice(3)} ${hour < 12 ? "AM" : "PM"}`;
    await expect(line).toContainText(`arriving about ${shown}`, { timeout: TIMEOUTS.background });
  }

  // Nothing of the EVV record moved.
  const state = await visitState(care.visit.id);
  expect(state.events).toEqual([]);
  expect(state.visit).toMatchObject({ status: "scheduled", checkedInAt: null, checkedOutAt: null });
  expect(await notReloaded(family.page)).toBe(true);
  await family.context.close();
  await caregiver.context.close();
});

test("en español y a 390 px: la familia ve que va en camino y luego la llegada registrada", async ({ browser }) => {
  const care = await visitStartingSoon({ lastName: "Camino", minutesFromNow: 20 });
  await e2eDatabase().update(userProfiles).set({ locale: "es" }).where(eq(userProfiles.id, care.client.id));
  const family = await openAs(browser, care.client.email, MOBILE);
  await openOrderPage(family.page, care);

  const caregiver = await openAs(browser, care.caregiver.email, MOBILE);
  await gotoHydrated(caregiver.page, "/caregiver/schedule");
  const card = caregiver.page.locator(`[data-visit-id="${care.visit.id}"]`);
  // By keyboard: the button, the first estimate, the send button.
  await card.getByRole("button", { name: "On my way" }).focus();
  await caregiver.page.keyboard.press("Enter");
  const form = card.getByRole("form", { name: "When will you arrive?" });
  await form.getByRole("radio", { name: "In 10 minutes" }).check();
  await form.getByRole("button", { name: "Tell the family" }).focus();
  await caregiver.page.keyboard.press("Enter");
  await expect(card.getByRole("status")).toHaveText(/^The family knows you are on the way/);

  const line = family.page.locator("[data-on-the-way]");
  await expect(line).toHaveText(/^Iris C\. va en camino\. Llegada aproximada: \d{1,2}:\d\d [ap]\. m\./, {
    timeout: TIMEOUTS.background,
  });
  expect(await notReloaded(family.page)).toBe(true);
  const overflow = await family.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await family.page.screenshot({ path: "/tmp/shots-onmyway/family-order-es-390.png", fullPage: true });

  await family.page
    .getByRole("banner")
    .getByRole("button", { name: /^Notificaciones/ })
    .click();
  const panel = family.page.getByRole("dialog", { name: "Notificaciones" });
  await expect(panel.getByRole("button", { name: /^Iris C\. va en camino/ })).toBeVisible({
    timeout: TIMEOUTS.background,
  });
  await family.page.keyboard.press("Escape");

  // The check-in takes its place, live.
  const now = new Date();
  await recordCheck({
    actor: { id: care.caregiver.id },
    visitId: care.visit.id,
    kind: "check_in",
    clientEventId: randomUUID(),
    occurredAt: now,
    verification: { method: "location", ...care.address, accuracyMeters: 10 },
    now,
  });
  await expect(line).toHaveCount(0, { timeout: TIMEOUTS.background });
  expect(await notReloaded(family.page)).toBe(true);
  await family.context.close();
  await caregiver.context.close();
});
