import { addDays, format } from "date-fns";
import { eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { careRequests, familyMembers, orders, userProfiles } from "~/platform/db/schema";
import { createClient } from "~/platform/db/seed/factories.server";
import { bookedOneVisit, startedAgo } from "./booked-visit-helpers";
import { gotoHydrated } from "./chrome-helpers";
import { e2eDatabase } from "./e2e-database";
import { expect, MOBILE, signIn, test, unique } from "./fixtures";
import { TIMEOUTS } from "./timeouts";

// The family's alerts reach the whole circle (docs/product-rules.md, "Family circle"): a family in Casper (a city
// no other test uses) has an alerts-only member who reads Spanish; the caregiver presses On my way on their phone,
// and the member finds it in their own bell, in Spanish, with no link to the order page they may not open, which
// stays "not found" for them; the holder's bell has it too, with the order page as its action.

test.describe.configure({ timeout: TIMEOUTS.journey });

const SHOTS = "/tmp/shots-circle-alerts";

async function openBell(page: Page, name: RegExp) {
  await page.getByRole("banner").getByRole("button", { name }).click();
}

test("an alerts-only member gets the caregiver's On my way in their own bell, in their language", async ({
  browser,
}) => {
  const family = unique("Alerts");
  const care = await bookedOneVisit({
    zip: "82601",
    date: format(addDays(new Date(), 7), "yyyy-MM-dd"),
    startTime: "10:00",
    endTime: "12:00",
    family,
    main: family,
  });
  // The visit starts in 30 minutes: "On my way" is open.
  await startedAgo(care.visit.id, -30, 2);
  const db = e2eDatabase();
  const [request] = await db
    .select({ recipientId: careRequests.careRecipientId })
    .from(orders)
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(eq(orders.id, care.orderId));
  const member = await createClient(db, { firstName: "Lucía", lastName: family, zipCode: "82601" });
  await db.update(userProfiles).set({ locale: "es" }).where(eq(userProfiles.id, member.id));
  await db
    .insert(familyMembers)
    .values({ careRecipientId: request!.recipientId!, userId: member.id, role: "alerts", addedBy: care.client.id });

  // The caregiver, on their phone, says they are coming.
  const caregiverContext = await browser.newContext({ ...MOBILE, baseURL: test.info().project.use.baseURL! });
  const caregiver = await caregiverContext.newPage();
  await signIn(caregiver, care.caregiver.email);
  await gotoHydrated(caregiver, "/caregiver/schedule");
  const card = caregiver.locator(`[data-visit-id="${care.visit.id}"]`);
  await card.getByRole("button", { name: "On my way" }).click();
  const form = card.getByRole("form", { name: "When will you arrive?" });
  await form.getByRole("radio", { name: "In 20 minutes" }).check();
  await form.getByRole("button", { name: "Tell the family" }).click();
  await expect(card.getByRole("status")).toHaveText(/^The family knows you are on the way/);
  await caregiverContext.close();

  // The alerts-only member, on a phone, in Spanish: the notification is theirs, with no link.
  const memberContext = await browser.newContext({ ...MOBILE, baseURL: test.info().project.use.baseURL! });
  const page = await memberContext.newPage();
  try {
    await signIn(page, member.email);
    await gotoHydrated(page, "/dashboard");
    await openBell(page, /^Notificaciones/);
    const panel = page.getByRole("dialog", { name: "Notificaciones" });
    const alert = panel.getByRole("button", { name: new RegExp(`^Jordan ${family.charAt(0)}\\. va en camino`) });
    await expect(alert).toBeVisible({ timeout: TIMEOUTS.background });
    await expect(alert).toContainText("Llegada aproximada");
    await expect(alert).not.toContainText("Ver el pedido");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.viewport.width);
    await page.screenshot({ path: `${SHOTS}/member-bell-es-390.png` });
    // Opening it marks it read and leads nowhere they may not go.
    await alert.click();
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard$/);
    const response = await page.goto(`/dashboard/appointments/order/${care.orderId}`);
    expect(response?.status()).toBe(404);
  } finally {
    await memberContext.close();
  }

  // The holder's bell has it too, in English, leading to the order page.
  const holderContext = await browser.newContext({ baseURL: test.info().project.use.baseURL! });
  const holder = await holderContext.newPage();
  try {
    await signIn(holder, care.client.email);
    await gotoHydrated(holder, "/dashboard");
    await openBell(holder, /^Notifications/);
    const holderPanel = holder.getByRole("dialog", { name: "Notifications" });
    const holderAlert = holderPanel.getByRole("button", {
      name: new RegExp(`^Jordan ${family.charAt(0)}\\. is on the way`),
    });
    await expect(holderAlert).toContainText("View order", { timeout: TIMEOUTS.background });
    await holder.screenshot({ path: `${SHOTS}/holder-bell-1280.png` });
    await holderAlert.click();
    await expect(holder).toHaveURL(new RegExp(`/dashboard/appointments/order/${care.orderId}$`));
  } finally {
    await holderContext.close();
  }
});
