import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { caregiverEarnings, invoiceLines } from "~/platform/db/schema";
import { recordCheck } from "~/features/visits/check-in.server";
import { formatMoney } from "~/utils/money";
import { awaitInvoice } from "./billing-helpers";
import { gotoHydrated } from "./chrome-helpers";
import { e2eDatabase } from "./e2e-database";
import { expect, loginAs, MOBILE, signIn, test } from "./fixtures";
import { TIMEOUTS } from "./timeouts";
import { visitStartingSoon, visitState } from "./visit-helpers";

// A visit cannot be faked short (docs/product-rules.md, "Visits: time worked, short visits and the minimum
// charge"): on a phone, a caregiver who checks out one minute after checking in, before the visit has even
// started, is asked why; with the reason the visit completes, and the family's invoice and the caregiver's
// earnings count the minimum charge, not the booked hours.

test.describe.configure({ timeout: TIMEOUTS.journey });
test.use(MOBILE);

test("a one-minute visit needs the caregiver's reason and is billed and paid by the minimum charge", async ({
  page,
  browser,
  a11y,
}) => {
  const care = await visitStartingSoon({ lastName: "Brief" });
  const address = { latitude: care.address.latitude, longitude: care.address.longitude };
  // The caregiver's phone checked in a minute ago, at the address.
  const checkedIn = new Date(Date.now() - 61_000);
  await recordCheck({
    actor: { id: care.caregiver.id },
    visitId: care.visit.id,
    kind: "check_in",
    clientEventId: randomUUID(),
    occurredAt: checkedIn,
    verification: { method: "location", ...address, accuracyMeters: 10 },
  });

  await page.context().grantPermissions(["geolocation"]);
  await page.context().setGeolocation({ ...address, accuracy: 20 });
  await signIn(page, care.caregiver.email);
  await gotoHydrated(page, "/caregiver/schedule");
  const card = page.locator(`[data-visit-id="${care.visit.id}"]`);
  await card.getByRole("button", { name: "Check out" }).click();

  // Asked why, before anything is sent.
  await expect(card.getByRole("heading", { name: "This visit is ending early" })).toBeVisible();
  await expect(card).toContainText("has not started yet");
  await expect(card).toContainText("The family is charged and you are paid for the time worked");
  await a11y.check("a short check-out asking for a reason");
  await page.screenshot({ path: "/tmp/short-visit-reason-390.png", fullPage: true });
  await card.getByRole("button", { name: "Check out with this reason" }).click();
  await expect(card.getByRole("alert")).toHaveText(
    "This visit has not started yet: say why you are checking out before its start.",
  );
  expect((await visitState(care.visit.id)).visit.status).toBe("checked_in");

  await card.getByLabel("Why the visit is ending early").fill("The family's daughter arrived and sent me home.");
  await card.getByRole("button", { name: "Check out with this reason" }).click();
  await expect(card.getByRole("status")).toHaveText(/^Checked out at \d.+\.$/);
  const state = await visitState(care.visit.id);
  expect(state.visit.status).toBe("completed");
  expect(state.events.at(-1)).toMatchObject({
    kind: "check_out",
    shortReason: "The family's daughter arrived and sent me home.",
  });

  // The invoice counts the minimum charge (60 minutes, or the booked time when shorter).
  const bookedMinutes = Math.floor((care.visit.endsAt.getTime() - care.visit.startsAt.getTime()) / 60_000);
  const chargedMinutes = Math.min(60, bookedMinutes);
  const invoice = await awaitInvoice(care.orderId);
  const db = e2eDatabase();
  const [line] = await db.select().from(invoiceLines).where(eq(invoiceLines.visitId, care.visit.id));
  expect(line!.figures).toMatchObject({ minutes: 1, billedMinutes: chargedMinutes, isShort: true, workedMinutes: 1 });
  const [earning] = await db.select().from(caregiverEarnings).where(eq(caregiverEarnings.visitId, care.visit.id));
  expect(earning!.minutes).toBe(chargedMinutes);

  const family = await browser.newContext({ ...MOBILE });
  try {
    const familyPage = await family.newPage();
    await signIn(familyPage, care.client.email);
    await gotoHydrated(familyPage, `/dashboard/billing/${invoice.invoiceNumber}`);
    const visitsRegion = familyPage.getByRole("region", { name: "Visits" });
    await expect(visitsRegion).toContainText(formatMoney(line!.amountCents, "en"));
    await expect(visitsRegion).toContainText(`Short visit: 1 min worked of ${bookedMinutes} min booked`);
    const hours = new Intl.NumberFormat("en", { maximumFractionDigits: 2 }).format(chargedMinutes / 60);
    await expect(visitsRegion).toContainText(`${hours} h`);
    await expect(familyPage.getByTestId("summary-subtotal")).toContainText(formatMoney(invoice.subtotalCents, "en"));
    expect(
      await familyPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await familyPage.screenshot({ path: "/tmp/short-visit-invoice-390.png", fullPage: true });
  } finally {
    await family.close();
  }

  await gotoHydrated(page, "/caregiver/earnings");
  const earningRow = page.locator(`[data-visit="${care.visit.id}"]`);
  await expect(earningRow).toContainText(`(${chargedMinutes} min)`);
  await expect(earningRow).toContainText(formatMoney(earning!.amountCents, "en"));
  await page.screenshot({ path: "/tmp/short-visit-earnings-390.png", fullPage: true });

  // Administrators find it among the EVV exceptions, with the caregiver's reason.
  const admin = await browser.newContext({ ...MOBILE });
  try {
    const adminPage = await admin.newPage();
    await loginAs(adminPage, "admin");
    await gotoHydrated(adminPage, "/admin/visits?kind=short_visit");
    const row = adminPage.getByRole("listitem").filter({ hasText: care.orderNumber });
    await expect(row).toContainText("Short visit");
    await expect(row).toContainText(
      `Worked 1 min of ${bookedMinutes} booked. Caregiver's reason: The family's daughter arrived and sent me home.`,
    );
    await adminPage.screenshot({ path: "/tmp/short-visit-admin-390.png", fullPage: true });
  } finally {
    await admin.close();
  }
});
