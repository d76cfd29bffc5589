import path from "node:path";
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { invoiceLines, invoices, visitMoves, visits } from "~/platform/db/schema";
import { issueInvoices } from "~/features/billing/issue-invoices.server";
import { formatInZone, localDateIn } from "~/utils/datetime";
import { formatMoney } from "~/utils/money";
import { bookedOneVisit, caregiverAnswers } from "./booked-visit-helpers";
import { gotoHydrated } from "./chrome-helpers";
import { e2eDatabase } from "./e2e-database";
import { expect, MOBILE, signIn, test } from "./fixtures";
import { TIMEOUTS } from "./timeouts";

// Moving a visit (docs/product-rules.md, "Moving a visit"): the family moves next Tuesday's visit from its order page
// on a phone, the caregiver accepts on the schedule, the order page keeps both times and the invoice bills the new
// hours. Each test has its own family and caregiver, in Omaha or Tulsa, where no other test books.

test.describe.configure({ timeout: TIMEOUTS.journey });

const main = (page: Page) => page.getByRole("main");
const DAY = 86_400_000;
const ZONE = "America/Chicago";

async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: path.join(process.env.SHOTS_DIR, name), fullPage: true });
}

/** Next week's Tuesday in Chicago's calendar. */
function nextTuesday(): string {
  const today = localDateIn(ZONE);
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  return new Date(Date.parse(`${today}T00:00:00Z`) + (7 - weekday + 1) * DAY).toISOString().slice(0, 10);
}

/** A family in `zip` with a confirmed two-hour visit next Tuesday at 10:00, and its caregiver. */
function bookedTuesday(tag: string, zip: string) {
  return bookedOneVisit({
    zip,
    date: nextTuesday(),
    startTime: "10:00",
    endTime: "12:00",
    family: `Mover${tag}`,
    main: `Moved${tag}`,
  });
}

test.describe("the family moves a visit", () => {
  test.use(MOBILE);

  test("on a phone: the daughter moves Tuesday's visit, the caregiver accepts, the invoice shows the new hours", async ({
    page,
    browser,
  }) => {
    const { client, caregiver, orderId, visit } = await bookedTuesday(String(Date.now()), "68102");
    await signIn(page, client.email);
    await gotoHydrated(page, `/dashboard/appointments/order/${orderId}`);
    await main(page).locator("summary", { hasText: "Move" }).click();
    await main(page).getByLabel("New start time").fill("14:00");
    await main(page).getByLabel("Length (minutes)").fill("180");
    await main(page).getByRole("button", { name: "Ask the caregiver" }).click();
    await expect(main(page).getByText(/^Move asked: /)).toBeVisible();
    await expect(main(page).getByRole("button", { name: "Withdraw the move" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, "visit-move-asked-390.png");
    // Nothing moved yet.
    const [still] = await e2eDatabase().select().from(visits).where(eq(visits.id, visit.id));
    expect(still!.startsAt).toEqual(visit.startsAt);

    const onSchedule = {
      email: caregiver.email,
      address: "10.251.9.3",
      path: "/caregiver/schedule",
      region: "The family asks to move this visit",
    };
    await caregiverAnswers(browser, onSchedule, async (requests, caregiverPage) => {
      await expect(requests).toBeVisible();
      await shot(caregiverPage, "visit-move-caregiver-390.png");
      await requests.getByRole("button", { name: "Accept the new time" }).click();
      await expect(requests.getByRole("status")).toHaveText(/^You accepted: the visit is now on /);
    });

    const [moved] = await e2eDatabase().select().from(visits).where(eq(visits.id, visit.id));
    expect(formatInZone(moved!.startsAt, ZONE, "HH:mm")).toBe("14:00");
    expect(moved!.endsAt.getTime() - moved!.startsAt.getTime()).toBe(3 * 3_600_000);
    const [move] = await e2eDatabase().select().from(visitMoves).where(eq(visitMoves.visitId, visit.id));
    expect(move).toMatchObject({ status: "accepted", oldStartsAt: visit.startsAt, newStartsAt: moved!.startsAt });

    // The order page: the visit at its new time, and the move with both times.
    await gotoHydrated(page, `/dashboard/appointments/order/${orderId}`);
    const history = main(page).getByRole("list", { name: "Moves" });
    await expect(history.getByRole("listitem")).toHaveCount(1);
    await expect(history).toContainText("(Accepted)");
    await expect(history).toContainText("10:00");
    await expect(history).toContainText("2:00");
    await shot(page, "visit-move-accepted-390.png");

    // Worked as moved: the invoice bills three hours.
    await e2eDatabase()
      .update(visits)
      .set({ status: "completed", checkedInAt: moved!.startsAt, checkedOutAt: moved!.endsAt })
      .where(eq(visits.id, visit.id));
    await issueInvoices({ orderId, now: new Date(moved!.endsAt.getTime() + 3_600_000) });
    const [invoice] = await e2eDatabase().select().from(invoices).where(eq(invoices.orderId, orderId));
    const [line] = await e2eDatabase().select().from(invoiceLines).where(eq(invoiceLines.visitId, visit.id));
    await gotoHydrated(page, `/dashboard/billing/${invoice!.invoiceNumber}`);
    const visitsRegion = page.getByRole("region", { name: "Visits" });
    await expect(visitsRegion).toContainText("3 h");
    await expect(visitsRegion).toContainText(formatMoney(line!.amountCents, "en"));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, "visit-move-invoice-390.png");
  });
});

test("in Spanish at desktop width: the family asks a move, the caregiver declines, a backup is sought", async ({
  page,
  browser,
}) => {
  const { client, caregiver, orderId, visit } = await bookedTuesday(String(Date.now()), "74103");
  await signIn(page, client.email);
  await page.setViewportSize({ width: 1280, height: 900 });
  await gotoHydrated(page, `/dashboard/appointments/order/${orderId}?lang=es`);
  await main(page).locator("summary", { hasText: "Cambiar" }).click();
  await main(page).getByLabel("Nueva hora de inicio").fill("15:00");
  await main(page).getByRole("button", { name: "Pedírselo al cuidador" }).click();
  await expect(main(page).getByText(/^Cambio pedido: /)).toBeVisible();
  await shot(page, "visit-move-asked-es-1280.png");

  const onSchedule = {
    email: caregiver.email,
    address: "10.251.9.4",
    desktop: true,
    path: "/caregiver/schedule?lang=es",
    region: "La familia pide cambiar esta visita",
  };
  await caregiverAnswers(browser, onSchedule, async (requests, caregiverPage) => {
    await requests.locator("summary", { hasText: "Rechazar" }).click();
    await requests.getByLabel("Motivo (opcional)").fill("Tengo otra visita");
    await requests.getByRole("button", { name: "Rechazar" }).click();
    await expect(requests.getByRole("status")).toHaveText(/^Rechazó: /);
    await shot(caregiverPage, "visit-move-declined-es-1280.png");
  });

  const [moved] = await e2eDatabase().select().from(visits).where(eq(visits.id, visit.id));
  expect(formatInZone(moved!.startsAt, ZONE, "HH:mm")).toBe("15:00");
  expect(moved!.backupOfferedAt).not.toBeNull();
  await gotoHydrated(page, `/dashboard/appointments/order/${orderId}?lang=es`);
  await expect(main(page).getByRole("list", { name: "Cambios" })).toContainText("Rechazado");
});
