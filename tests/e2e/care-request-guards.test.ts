import type { Page } from "@playwright/test";
import { createClientAccount } from "./account-helpers";
import { fillClientInfo, fillHealthNeeds, fillOneTimeSchedule, fillRecurringSchedule } from "./care-request-helpers";
import { gotoHydrated, reloadHydrated } from "./chrome-helpers";
import { expect, MOBILE, test } from "./fixtures";
import { TIMEOUTS } from "./timeouts";

// The /request wizard's guards (docs/product-rules.md, "Care requests"): a visit that has already
// started is refused, in the browser and again by the server, on the clock of the place of care;
// a refused promo code sits beside its field, leaves the quote in place and never blocks sending;
// the quote's place is held while it is worked out, so that nothing below it moves when it comes.
// Each check runs at 1280 px and on a 390 px phone, in English and then in Spanish.

test.describe.configure({ timeout: TIMEOUTS.journey });

const main = (page: Page) => page.getByRole("main");

/**
 * Places of care in six US zones, New York (UTC-5 or -4) to Honolulu (UTC-10): at any moment one of
 * them is between 01:40 and 21:40, the hours placeInDaytime accepts.
 */
const PLACES = [
  { zip: "10001", timeZone: "America/New_York" },
  { zip: "60657", timeZone: "America/Chicago" },
  { zip: "80202", timeZone: "America/Denver" },
  { zip: "90012", timeZone: "America/Los_Angeles" },
  { zip: "99501", timeZone: "America/Anchorage" },
  { zip: "96813", timeZone: "Pacific/Honolulu" },
];

/** The local date and minute of the day at `instant` in `timeZone`. */
function clockIn(timeZone: string, instant: number) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, minute: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** "HH:mm" of a minute of the day. */
function timeOf(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
}

/** The first and last minute of the day placeInDaytime accepts. */
const EARLIEST = 60 + 40;
const LATEST = 21 * 60 + 40;

/**
 * A place where it is now day enough that an hour and a half before (the fake clock's start, 10
 * minutes to spare) and two hours after (the later visit's end, 18 minutes to spare) are still
 * today, with its local date and time.
 */
function placeInDaytime(now: number) {
  for (const place of PLACES) {
    const local = clockIn(place.timeZone, now);
    if (local.minute >= EARLIEST && local.minute <= LATEST) return { ...place, ...local };
  }
  throw new Error("no place of care is in daytime now");
}

/** The language switch's request (a cookie, and the account's language when signed in), then the page again. */
async function switchToSpanish(page: Page) {
  const response = await page.request.post("/api/locale", {
    form: { locale: "es" },
    headers: { origin: test.info().project.use.baseURL! },
  });
  expect(response.ok(), "language switch").toBe(true);
  await reloadHydrated(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
}

/**
 * The header's (or on a phone the drawer's) language switch: the page's data reloads in place, the
 * page's code stays. Used under the fake clock, which a full reload would put under the code again.
 */
async function switchToSpanishInPlace(page: Page, isPhone: boolean) {
  if (isPhone) {
    await page.getByRole("button", { name: "Open menu" }).click();
    await page
      .getByRole("dialog")
      .getByTestId("language-switch-drawer")
      .getByRole("button", { name: "Español" })
      .click();
    await page.keyboard.press("Escape");
  } else {
    await page.getByTestId("language-switch-header").getByRole("button", { name: "Español" }).click();
  }
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
}

async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const START_PASSED = "This start time has already passed. Choose a later time or another day.";
const START_PASSED_ES = "Esta hora de inicio ya pasó. Elija una hora más tarde u otro día.";

for (const size of [
  { title: "at 1280 px", use: { viewport: { width: 1280, height: 900 } }, shot: "desktop" },
  { title: "on a 390 px phone", use: MOBILE, shot: "phone" },
]) {
  test.describe(size.title, () => {
    test.use(size.use);

    test("a one-time visit earlier today is refused at the schedule step, a later one is not", async ({ page }) => {
      const place = placeInDaytime(Date.now());
      await gotoHydrated(page, "/request/client-info");
      await fillClientInfo(page, place.zip);
      await fillHealthNeeds(page);
      const start = place.minute - 30;
      await fillOneTimeSchedule(page, { date: place.date, start: timeOf(start), end: timeOf(start + 120) });

      await expect(main(page).getByText(START_PASSED)).toBeVisible();
      await expect(main(page).getByLabel("Start time")).toHaveAttribute("aria-invalid", "true");
      await expect(main(page).getByLabel("Start time")).toBeFocused();
      await expect(page).toHaveURL(/\/request\/schedule$/);
      await expectNoSideways(page);
      await page.screenshot({ path: test.info().outputPath(`${size.shot}-start-passed.png`), fullPage: true });

      await switchToSpanish(page);
      await main(page).getByRole("button", { name: "Continuar" }).click();
      await expect(main(page).getByText(START_PASSED_ES)).toBeVisible();
      await expect(page).toHaveURL(/\/request\/schedule$/);

      // Later today is fine.
      await main(page)
        .getByLabel("Hora de inicio")
        .fill(timeOf(place.minute + 60));
      await main(page)
        .getByLabel("Hora de fin")
        .fill(timeOf(place.minute + 120));
      await main(page).getByRole("button", { name: "Continuar" }).click();
      await expect(page).toHaveURL(/\/request\/review-submit$/);
    });

    test("the server refuses a visit that started while the family sat on the review step", async ({ page }) => {
      test.slow();
      const now = Date.now();
      const place = placeInDaytime(now);
      await createClientAccount(page);
      await gotoHydrated(page, "/request/client-info");
      // The family opened the wizard an hour and a half ago: to the browser the visit is still ahead.
      // The fake clock comes once the page's code has loaded: its Date does not subclass, and the
      // zoned dates (@date-fns/tz TZDate extends Date) would otherwise all read in UTC.
      await page.clock.install({ time: new Date(now - 90 * 60_000) });
      await fillClientInfo(page, place.zip);
      await fillHealthNeeds(page);
      const start = place.minute - 30;
      await fillOneTimeSchedule(page, { date: place.date, start: timeOf(start), end: timeOf(start + 120) });
      await expect(page).toHaveURL(/\/request\/review-submit$/);
      await expect(main(page).getByText("Total", { exact: true })).toBeVisible();

      await main(page)
        .getByLabel(/I accept the/)
        .check();
      await main(page).getByRole("button", { name: "Send request" }).click();
      await expect(main(page).getByText(START_PASSED)).toBeVisible();
      await expect(page).toHaveURL(/\/request\/review-submit$/);
      await expectNoSideways(page);
      await page.screenshot({ path: test.info().outputPath(`${size.shot}-server-refusal.png`), fullPage: true });

      await switchToSpanishInPlace(page, size.shot === "phone");
      await main(page).getByRole("button", { name: "Enviar solicitud" }).click();
      await expect(main(page).getByText(START_PASSED_ES)).toBeVisible();
      await expect(page).toHaveURL(/\/request\/review-submit$/);

      // One link away from a time that works.
      await main(page).getByRole("link", { name: "Cambiar la fecha o la hora" }).click();
      await expect(page).toHaveURL(/\/request\/schedule$/);
      await main(page)
        .getByLabel("Hora de inicio")
        .fill(timeOf(place.minute + 60));
      await main(page)
        .getByLabel("Hora de fin")
        .fill(timeOf(place.minute + 120));
      await main(page).getByRole("button", { name: "Continuar" }).click();
      await expect(page).toHaveURL(/\/request\/review-submit$/);
      await main(page).getByRole("button", { name: "Enviar solicitud" }).click();
      await expect(page).toHaveURL(/\/request\/thank-you\?order=/, { timeout: TIMEOUTS.background });
    });

    test("the quote's place is held while it is worked out: the terms box does not move when it arrives", async ({
      page,
    }) => {
      await createClientAccount(page);
      await gotoHydrated(page, "/request/client-info");
      await fillClientInfo(page);
      await fillHealthNeeds(page);
      // The quote is answered only when the test says so.
      let answerQuote!: () => void;
      const isQuoteAnswered = new Promise<void>((resolve) => (answerQuote = resolve));
      await page.route(/\/request\/review-submit/, async (route) => {
        if (route.request().method() === "POST" && route.request().postData()?.includes("intent=quote"))
          await isQuoteAnswered;
        await route.continue();
      });
      await fillOneTimeSchedule(page);
      const terms = main(page).getByLabel(/I accept the/);
      await expect(main(page).getByText("Working out your quote...")).toBeVisible();
      await expect(main(page).getByRole("region", { name: "Your quote" })).toHaveCount(0);
      const topOf = () => terms.evaluate((box) => box.getBoundingClientRect().top + window.scrollY);
      const topWhileWorkedOut = await topOf();

      answerQuote();
      await expect(main(page).getByRole("region", { name: "Your quote" })).toContainText("Total");
      expect(await topOf(), "px the terms box moved when the quote arrived").toBe(topWhileWorkedOut);
      await terms.check();
      await expect(terms).toBeChecked();
    });

    test("a refused promo code leaves the quote, says so once, and the request goes without it", async ({ page }) => {
      test.slow();
      await createClientAccount(page);
      await gotoHydrated(page, "/request/client-info");
      await fillClientInfo(page);
      await fillHealthNeeds(page);
      await fillRecurringSchedule(page);
      await expect(main(page).getByText("Total per week")).toBeVisible();

      await main(page).getByLabel("Promo code (optional)").fill("NOT-A-CODE");
      await main(page).getByRole("button", { name: "Apply code" }).click();
      await expect(main(page).getByText("This promo code is not valid.")).toBeVisible();
      await expect(main(page).getByText("Total per week")).toBeVisible();
      await expect(main(page).getByText("Working out your quote...")).toHaveCount(0);
      await expect(main(page).getByText("This promo code is not valid.")).toHaveCount(1);
      await expect(main(page).getByLabel("Promo code (optional)")).toHaveAttribute("aria-invalid", "true");
      await expect(main(page).getByText("Your request will be sent without this code.")).toBeVisible();
      await expectNoSideways(page);
      await page.screenshot({ path: test.info().outputPath(`${size.shot}-refused-code.png`), fullPage: true });

      await switchToSpanish(page);
      await expect(main(page).getByText("Este código de promoción no es válido.")).toBeVisible();
      await expect(main(page).getByText("Total por semana")).toBeVisible();
      await expect(main(page).getByText("Calculando su presupuesto...")).toHaveCount(0);
      await main(page)
        .getByLabel(/Acepto las/)
        .check();
      await main(page).getByRole("button", { name: "Enviar solicitud" }).click();
      await expect(page).toHaveURL(/\/request\/thank-you\?order=/, { timeout: TIMEOUTS.background });
    });
  });
}

test("a code that works is still sent with the request", async ({ page }) => {
  test.slow();
  await createClientAccount(page);
  await gotoHydrated(page, "/request/client-info");
  await fillClientInfo(page);
  await fillHealthNeeds(page);
  await fillRecurringSchedule(page);
  await main(page).getByLabel("Promo code (optional)").fill("NOT-A-CODE");
  await main(page).getByRole("button", { name: "Apply code" }).click();
  await expect(main(page).getByText("This promo code is not valid.")).toBeVisible();
  await main(page).getByLabel("Promo code (optional)").fill("welcome10");
  await main(page).getByRole("button", { name: "Apply code" }).click();
  await expect(main(page).getByText("Promo code WELCOME10 applied.")).toBeVisible();
  await expect(main(page).getByText("This promo code is not valid.")).toHaveCount(0);
  await main(page)
    .getByLabel(/I accept the/)
    .check();
  await main(page).getByRole("button", { name: "Send request" }).click();
  await expect(page).toHaveURL(/\/request\/thank-you\?order=/, { timeout: TIMEOUTS.background });
  // The order keeps the quote it was booked at: with the code's discount.
  const orderId = new URL(page.url()).searchParams.get("order");
  await gotoHydrated(page, `/dashboard/appointments/order/${orderId}`);
  await expect(main(page).getByText("Promo WELCOME10: 10% off")).toBeVisible();
});
