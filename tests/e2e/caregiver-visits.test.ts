import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from "@playwright/test";
import { gotoHydrated } from "./chrome-helpers";
import { expect, MOBILE, signIn, test } from "./fixtures";
import { formatCalendarDate } from "~/utils/datetime";
import { beganBeforeMidnight, CARE_ZONE, visitStartingSoon, visitState } from "./visit-helpers";
import { TIMEOUTS } from "./timeouts";

// Check-in and check-out on a phone (docs/product-rules.md, "Visits"): with
// the location shared, with it refused (the family's code or a reason), and
// with no network at all, where the phone keeps the events and sends them
// when the connection comes back, with the times of the presses.

test.describe.configure({ timeout: TIMEOUTS.journey });
test.use(MOBILE);

let addressCounter = 0;
const openContexts: BrowserContext[] = [];

// Phones of their own are closed after each test, pass or fail: a phone left
// open (offline, or with its worker) would stay in this worker's browser.
test.afterEach(async () => {
  await Promise.all(openContexts.splice(0).map((context) => context.close()));
});

async function signedInPhone(browser: Browser, email: string, options: BrowserContextOptions = {}) {
  addressCounter += 1;
  const address = `10.77.${test.info().workerIndex % 250}.${addressCounter % 250}`;
  const context = await browser.newContext({ ...MOBILE, extraHTTPHeaders: { "X-Forwarded-For": address }, ...options });
  openContexts.push(context);
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

function visitCard(page: Page, visitId: string) {
  return page.locator(`[data-visit-id="${visitId}"]`);
}

/** A check-out seconds after the check-in is a short visit: the caregiver says why (docs/product-rules.md, "Visits: time worked, short visits and the minimum charge"). */
async function giveShortReason(card: Locator, reason: string) {
  await expect(card.getByRole("heading", { name: "This visit is ending early" })).toBeVisible();
  await card.getByLabel("Why the visit is ending early").fill(reason);
  await card.getByRole("button", { name: "Check out with this reason" }).click();
}

test("with location shared, the caregiver checks in and out and the order moves on", async ({ page, a11y }) => {
  const care = await visitStartingSoon({ lastName: "Located" });
  await page.context().grantPermissions(["geolocation"]);
  await page
    .context()
    .setGeolocation({ latitude: care.address.latitude, longitude: care.address.longitude, accuracy: 20 });
  await signIn(page, care.caregiver.email);
  await gotoHydrated(page, "/caregiver/schedule");
  await expect(page.getByRole("heading", { level: 1, name: "Schedule" })).toBeVisible();
  const card = visitCard(page, care.visit.id);
  await expect(card).toContainText(`For Elsa ${"Located".charAt(0)}.`);
  await expect(card).toContainText("2400 N Clark St");
  await expect(card.getByText(/Your location is taken once/)).toBeVisible();
  await a11y.check("schedule with a visit to check in");

  await card.getByRole("button", { name: "Check in" }).click();
  await expect(card.getByRole("status")).toHaveText(/^Checked in at \d.+\.$/);
  let state = await visitState(care.visit.id);
  expect(state.visit.status).toBe("checked_in");
  expect(state.orderStatus).toBe("in_progress");
  expect(state.events[0]).toMatchObject({ kind: "check_in", method: "location", distanceMeters: 0, isLateSync: false });

  await card.getByRole("button", { name: "Check out" }).click();
  await giveShortReason(card, "Trying the visit flow.");
  await expect(card.getByRole("status")).toHaveText(/^Checked out at \d.+\.$/);
  await expect(card.getByRole("link", { name: "Write the visit note" })).toBeVisible();
  await a11y.check("a visit checked out");
  state = await visitState(care.visit.id);
  expect(state.visit.status).toBe("completed");
  expect(state.orderStatus).toBe("completed");
  // Both events carry the location; nothing was recorded in between.
  expect(state.events.map((event) => [event.kind, event.method])).toEqual([
    ["check_in", "location"],
    ["check_out", "location"],
  ]);
});

test("a visit that began before midnight and runs on is listed under today, saying when it began", async ({ page }) => {
  const care = await visitStartingSoon({ lastName: "Overnight" });
  const startsAt = await beganBeforeMidnight(care.visit.id);
  await signIn(page, care.caregiver.email);
  await gotoHydrated(page, "/caregiver/schedule");
  const today = page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 2, name: /^Today · / }) });
  const card = today.locator(`[data-visit-id="${care.visit.id}"]`);
  const startDay = new Intl.DateTimeFormat("en-CA", { timeZone: CARE_ZONE }).format(startsAt);
  await expect(card).toContainText(`Began ${formatCalendarDate(startDay, "weekdayLongDate", "en")}`);
  await expect(card.getByText("Late", { exact: true })).toBeVisible();
  await expect(card.getByRole("button", { name: "Check in" })).toBeEnabled();
});

test("with location refused, the family's code or a reason confirms the visit", async ({ browser }) => {
  const care = await visitStartingSoon({ lastName: "Refused" });
  const page = await signedInPhone(browser, care.caregiver.email, { permissions: [] });
  await gotoHydrated(page, "/caregiver/schedule");
  const card = visitCard(page, care.visit.id);

  await card.getByRole("button", { name: "Check in" }).click();
  await expect(card.getByRole("heading", { name: "Your location could not be shared" })).toBeVisible();
  // Keyboard only: a wrong code, then the right one.
  const code = card.getByLabel("The family's 6-digit code");
  await code.fill(care.visit.familyCode === "123456" ? "654321" : "123456");
  await code.press("Enter");
  await expect(card.getByRole("alert")).toHaveText("That code does not match the one on the family's screen.");
  await code.fill(care.visit.familyCode);
  await code.press("Enter");
  await expect(card.getByRole("status")).toHaveText(/^Checked in at \d.+\.$/);

  await card.getByRole("button", { name: "Check out" }).click();
  await giveShortReason(card, "Trying the visit flow.");
  await card.getByRole("radio", { name: "A reason" }).check();
  await card.getByRole("button", { name: "Confirm check-out" }).click();
  await expect(card.getByRole("alert")).toHaveText("Say why the location could not be shared.");
  await card.getByLabel("Why the location could not be shared").fill("Location is off on this phone");
  await card.getByRole("button", { name: "Confirm check-out" }).click();
  await expect(card.getByRole("status")).toHaveText(/^Checked out at \d.+\.$/);

  const state = await visitState(care.visit.id);
  expect(state.events.map((event) => [event.kind, event.method, event.reason])).toEqual([
    ["check_in", "code", null],
    ["check_out", "reason", "Location is off on this phone"],
  ]);
});

test("after too many wrong codes the code is closed: a reason confirms the visit and the family is told", async ({
  page,
  a11y,
}) => {
  const care = await visitStartingSoon({ lastName: "Guessed" });
  // The caregiver's phone is the checked page; location is not allowed on it.
  await signIn(page, care.caregiver.email);
  await gotoHydrated(page, "/caregiver/schedule");
  const card = visitCard(page, care.visit.id);

  await card.getByRole("button", { name: "Check in" }).click();
  const code = card.getByLabel("The family's 6-digit code");
  const wrong = care.visit.familyCode === "123456" ? "654321" : "123456";
  for (let attempt = 1; attempt < 5; attempt += 1) {
    await code.fill(wrong);
    await code.press("Enter");
    await expect(card.getByRole("alert")).toHaveText("That code does not match the one on the family's screen.");
    // Each answer is awaited: the next wrong code is a new attempt, not the same one typed twice.
    await expect(card.getByRole("button", { name: "Confirm check-in" })).toBeEnabled();
  }
  await code.fill(wrong);
  await code.press("Enter");
  // The fifth closes the code; the same press goes on with a reason.
  await expect(card.getByRole("alert")).toHaveText(
    "Too many wrong codes were entered, so the family's code cannot be used now. Share your location or give a reason instead.",
  );
  await expect(card.getByRole("radio", { name: "A reason" })).toBeChecked();
  await a11y.check("a check-in whose family code was closed");
  await card.getByLabel("Why the location could not be shared").fill("The family's code was not accepted");
  await card.getByRole("button", { name: "Confirm check-in" }).click();
  await expect(card.getByRole("status")).toHaveText(/^Checked in at \d.+\.$/);
  const state = await visitState(care.visit.id);
  expect(state.events.map((event) => [event.kind, event.method])).toEqual([["check_in", "reason"]]);

  // The family finds out from its notifications (the job writes them in the background).
  await signIn(page, care.client.email);
  await expect(async () => {
    await gotoHydrated(page, "/dashboard");
    await page
      .getByRole("banner")
      .getByRole("button", { name: /^Notifications/ })
      .click();
    await expect(
      page.getByRole("dialog", { name: "Notifications" }).getByText(/^Your visit code was tried too many times/),
    ).toBeVisible({ timeout: TIMEOUTS.expect });
  }).toPass({ timeout: TIMEOUTS.background });
});

test("with no network, the phone keeps the check-in and check-out and sends them with their original times", async ({
  browser,
}) => {
  const care = await visitStartingSoon({ lastName: "Offline" });
  const page = await signedInPhone(browser, care.caregiver.email, {
    permissions: ["geolocation"],
    geolocation: { latitude: care.address.latitude, longitude: care.address.longitude },
  });
  await gotoHydrated(page, "/caregiver/schedule");
  const card = visitCard(page, care.visit.id);

  await page.context().setOffline(true);
  await card.getByRole("button", { name: "Check in" }).click();
  await expect(card.getByText(/^No connection: saved on this phone at/)).toBeVisible();
  const savedIn = (await card.locator("[data-outbox-waiting]").textContent())!.match(/at (.+)\)/)![1]!;
  await expect(card.getByText(`Checked in at ${savedIn}`)).toBeVisible();
  await card.getByRole("button", { name: "Check out" }).click();
  // The short visit's reason is kept on the phone with the press.
  await giveShortReason(card, "The family asked me to leave early.");
  await expect(card.getByText(/^No connection: saved on this phone at/)).toBeVisible();
  // The card shows the check-out once the phone has stored it (the notice above may still be the check-in's).
  await expect(card.getByText(/^Checked out at \d/)).toBeVisible();
  expect((await visitState(care.visit.id)).visit.status).toBe("scheduled");

  // The app is closed before the connection returns; nothing is lost, and nothing reached the server meanwhile.
  const context = page.context();
  await page.close();
  const backOnline = Date.now();
  expect((await visitState(care.visit.id)).events).toEqual([]);
  await context.setOffline(false);
  const reopened = await context.newPage();
  await gotoHydrated(reopened, "/caregiver/schedule");
  await expect(reopened.getByText(/check-ins and check-outs saved on this phone have been sent/)).toBeVisible();
  const again = visitCard(reopened, care.visit.id);
  await expect(again.getByText(`Checked in at ${savedIn}`)).toBeVisible();
  await expect(again.getByText(/^Checked out at \d/)).toBeVisible();
  await expect(again.locator("[data-outbox-waiting]")).toHaveCount(0);

  const state = await visitState(care.visit.id);
  expect(state.visit.status).toBe("completed");
  const [checkIn, checkOut] = state.events;
  expect(checkOut!.shortReason).toBe("The family asked me to leave early.");
  // The visit keeps the presses' times, from before the connection came back; the server heard of them after (it
  // had none of them just before, above). Told by what the database held rather than by comparing the clocks of
  // the test and of PostgreSQL, which one CI run found a millisecond apart.
  expect(state.visit.checkedInAt?.getTime()).toBe(checkIn!.occurredAt.getTime());
  for (const event of [checkIn!, checkOut!]) {
    expect(event.occurredAt.getTime()).toBeLessThan(backOnline);
    expect(event.recordedAt.getTime()).toBeGreaterThan(event.occurredAt.getTime());
  }
});

test("coming back online sends the waiting check-in from the open page", async ({ browser }) => {
  const care = await visitStartingSoon({ lastName: "Online" });
  const page = await signedInPhone(browser, care.caregiver.email, { permissions: [] });
  await gotoHydrated(page, "/caregiver/schedule");
  const card = visitCard(page, care.visit.id);
  await page.context().setOffline(true);
  await card.getByRole("button", { name: "Check in" }).click();
  await card.getByRole("radio", { name: "A reason" }).check();
  await card.getByLabel("Why the location could not be shared").fill("No signal in the building");
  await card.getByRole("button", { name: "Confirm check-in" }).click();
  await expect(card.locator("[data-outbox-waiting]")).toBeVisible();
  await page.context().setOffline(false);
  await expect(card.locator("[data-outbox-waiting]")).toHaveCount(0, { timeout: TIMEOUTS.background });
  await expect(page.getByText("A check-in or check-out saved on this phone has been sent.")).toBeVisible();
  const state = await visitState(care.visit.id);
  expect(state.events[0]).toMatchObject({ kind: "check_in", method: "reason", reason: "No signal in the building" });
});

test("the installed app opens the schedule with no signal, takes a check-in, and sign-out empties what it kept", async ({
  browser,
}) => {
  const care = await visitStartingSoon({ lastName: "Cold" });
  const page = await signedInPhone(browser, care.caregiver.email, { permissions: [], serviceWorkers: "allow" });
  const context = page.context();
  await gotoHydrated(page, "/caregiver/schedule");
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // Opened once through the worker: the phone keeps this copy.
  await gotoHydrated(page, "/caregiver/schedule");

  await context.setOffline(true);
  await gotoHydrated(page, "/caregiver/schedule");
  const card = visitCard(page, care.visit.id);
  await card.getByRole("button", { name: "Check in" }).click();
  await card.getByRole("radio", { name: "A reason" }).check();
  await card.getByLabel("Why the location could not be shared").fill("No signal in the basement");
  await card.getByRole("button", { name: "Confirm check-in" }).click();
  await expect(card.getByText(/^No connection: saved on this phone at/)).toBeVisible();

  await context.setOffline(false);
  await expect(card.locator("[data-outbox-waiting]")).toHaveCount(0, { timeout: TIMEOUTS.background });
  expect((await visitState(care.visit.id)).visit.status).toBe("checked_in");

  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => caches.has("tendly-caregiver-day"))).toBe(false);
});
