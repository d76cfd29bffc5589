import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { visitEvents, visits } from "~/platform/db/schema";
import { getCalendarToken } from "~/features/calendar/calendar-feed.server";
import { formatInZone, localDateIn } from "~/utils/datetime";
import { confirmedOrderForAdmin } from "./care-order-helpers";
import { gotoHydrated, waitForHydration } from "./chrome-helpers";
import { e2eDatabase } from "./e2e-database";
import { expect, loginAs, MOBILE, signIn, test, unique } from "./fixtures";

// Electronic visit verification (/admin/visits): an admin finds a visit left
// checked in far from the address, corrects its times with a reason and
// downloads the CSV; and the caregiver's calendar feed and its reset.

const ZONE = "America/Chicago";

/** A confirmed order whose first visit started 6 hours ago, checked in 900 m from the address and never checked out. */
async function visitWithoutCheckOut(lastName: string) {
  const db = e2eDatabase();
  const order = await confirmedOrderForAdmin(lastName);
  const first = order.firstVisit;
  const startsAt = new Date(Math.floor((Date.now() - 6 * 3_600_000) / 60_000) * 60_000);
  const checkedInAt = new Date(startsAt.getTime() + 2 * 60_000);
  await db
    .update(visits)
    .set({ startsAt, endsAt: new Date(startsAt.getTime() + 3 * 3_600_000), status: "checked_in", checkedInAt })
    .where(eq(visits.id, first.id));
  await db.insert(visitEvents).values({
    visitId: first.id,
    kind: "check_in",
    actorId: order.caregiver.id,
    actorRole: "caregiver",
    occurredAt: checkedInAt,
    recordedAt: checkedInAt,
    method: "location",
    latitude: 41.93,
    longitude: -87.64,
    accuracyMeters: 10,
    distanceMeters: 900,
  });
  return { ...order, visitId: first.id, startsAt, checkedInAt };
}

test("an admin sees a visit without check-out, corrects its times with a reason and exports it", async ({ page }) => {
  const lastName = unique("Abara");
  const visit = await visitWithoutCheckOut(lastName);
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, "admin");
  await gotoHydrated(page, "/admin");
  await page.getByRole("link", { name: "Visits" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Visit verification" })).toBeVisible();

  await page.getByLabel("Kind of exception").selectOption("no_check_out");
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(/kind=no_check_out/);
  const row = page.getByRole("listitem").filter({ hasText: visit.orderNumber });
  await expect(row.getByRole("link", { name: visit.orderNumber })).toHaveAttribute(
    "href",
    `/admin/orders/${visit.orderId}`,
  );
  await expect(row).toContainText("No check-out");
  await expect(row).toContainText("Far from the address");
  await expect(row).toContainText("900 m (0.6 mi) from the address");
  await expect(row).toContainText(`Dana ${lastName}`);
  await expect(row).toContainText(`Elena ${lastName}`);
  await expect(row).toContainText("Personal Care");
  // The visit's own clock, in Chicago.
  await expect(row).toContainText(formatInZone(visit.checkedInAt, ZONE, "h:mm a"));
  await page.screenshot({ path: "/tmp/shots-evv/admin-visits-1280.png", fullPage: true });

  await row.getByText("Correct times").click();
  const form = row.getByRole("form", { name: `Correct the times of ${visit.orderNumber}` });
  await form.getByLabel("Reason").fill("");
  const checkOut = new Date(visit.startsAt.getTime() + 3 * 3_600_000);
  await form.getByLabel("Check-out").fill(formatInZone(checkOut, ZONE, "yyyy-MM-dd'T'HH:mm"));
  // Browsers refuse an empty required reason before sending; the server says the same when it gets one.
  await form.getByLabel("Reason").evaluate((field) => field.removeAttribute("required"));
  await form.getByRole("button", { name: "Save times" }).click();
  await expect(form.getByText("Say why the times are being corrected.")).toBeVisible();
  await form.getByLabel("Reason").fill("Phone battery died; the family confirmed the end time.");
  await form.getByRole("button", { name: "Save times" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Times corrected for ${visit.orderNumber}.` })).toBeVisible();
  // No longer without a check-out: it leaves this list.
  await expect(row).toHaveCount(0);

  await gotoHydrated(page, "/admin/visits?kind=times_edited");
  const edited = page.getByRole("listitem").filter({ hasText: visit.orderNumber });
  await expect(edited).toContainText("Times edited");
  await expect(edited).not.toContainText("No check-out");
  await expect(edited).toContainText("Reason: Phone battery died; the family confirmed the end time.");

  const day = localDateIn(ZONE, visit.startsAt);
  await page.getByLabel("From").fill(day);
  await page.getByLabel("To").fill(day);
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`tendly-evv-${day}-to-${day}.csv`);
  const csv = readFileSync((await download.path())!, "utf8");
  const line = csv.split("\r\n").find((each) => each.includes(visit.visitId));
  expect(line).toBeDefined();
  expect(line).toContain(visit.orderNumber);
  expect(line).toContain(`Ruth ${lastName}`);
  expect(line).toContain(formatInZone(visit.checkedInAt, ZONE, "yyyy-MM-dd'T'HH:mm:ssXXX"));
  expect(line).toContain(formatInZone(checkOut, ZONE, "yyyy-MM-dd'T'HH:mm:ssXXX"));
  expect(line).toContain("far_location; times_edited");
  expect(line).toContain("2100 N Lincoln Ave");

  // A backward range comes back to the page with its reason.
  await page.getByLabel("From").fill(day);
  await page.getByLabel("To").fill("2020-01-01");
  await page.getByRole("button", { name: "Download CSV" }).click();
  await expect(page.getByText("The end date must be on or after the start date.")).toBeVisible();
});

test("a visit still without a check-out has its check-in corrected with the check-out left empty", async ({ page }) => {
  const visit = await visitWithoutCheckOut(unique("Okafor"));
  await loginAs(page, "admin");
  await gotoHydrated(page, "/admin/visits?kind=no_check_out");
  const row = page.getByRole("listitem").filter({ hasText: visit.orderNumber });
  await row.getByText("Correct times").click();
  const form = row.getByRole("form", { name: `Correct the times of ${visit.orderNumber}` });
  // The hint says to leave it empty while there is no check-out: the browser must let the form go.
  await expect(form.getByLabel("Check-out")).toHaveValue("");
  await expect(form.getByLabel("Check-out")).not.toHaveAttribute("required");
  const checkedInAt = new Date(visit.startsAt.getTime() + 60_000);
  await form.getByLabel("Check-in").fill(formatInZone(checkedInAt, ZONE, "yyyy-MM-dd'T'HH:mm"));
  await form.getByLabel("Reason").fill("The caregiver arrived a minute after the start.");
  await form.getByRole("button", { name: "Save times" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Times corrected for ${visit.orderNumber}.` })).toBeVisible();
  const [saved] = await e2eDatabase().select().from(visits).where(eq(visits.id, visit.visitId));
  expect(saved?.checkedInAt?.getTime()).toBe(checkedInAt.getTime());
  expect(saved?.checkedOutAt).toBeNull();
  expect(saved?.status).toBe("checked_in");
  // Still without a check-out, now also corrected.
  await expect(row).toContainText("No check-out");
  await expect(row).toContainText("Times edited");
});

test("a row's correction form is sent only once the row is opened, also when opened before the scripts ran", async ({
  page,
}) => {
  const visit = await visitWithoutCheckOut(unique("Adeyemi"));
  await loginAs(page, "admin");
  const formName = `Correct the times of ${visit.orderNumber}`;
  const html = await (await page.request.get("/admin/visits?kind=no_check_out")).text();
  expect(html).toContain(visit.orderNumber);
  expect(html).not.toContain(formName);

  // The page's scripts held back: the row is opened on the HTML alone.
  const { promise: held, resolve: release } = Promise.withResolvers<void>();
  await page.route("**/assets/*.js", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/admin/visits?kind=no_check_out", { waitUntil: "commit" });
  const row = page.getByRole("listitem").filter({ hasText: visit.orderNumber });
  await row.getByText("Correct times").click();
  await expect(row.locator("details")).toHaveAttribute("open", "");
  await expect(row.getByRole("form", { name: formName })).toHaveCount(0);
  release();
  await waitForHydration(page);
  const form = row.getByRole("form", { name: formName });
  await expect(form.getByLabel("Check-in")).toHaveValue(formatInZone(visit.checkedInAt, ZONE, "yyyy-MM-dd'T'HH:mm"));
  // Closed and opened again, what was typed is still there.
  await form.getByLabel("Reason").fill("Checking the times with the family.");
  await row.getByText("Correct times").click();
  await expect(form).toBeHidden();
  await row.getByText("Correct times").click();
  await expect(form.getByLabel("Reason")).toHaveValue("Checking the times with the family.");
});

test("the exceptions page works at 390 px", async ({ browser }) => {
  const visit = await visitWithoutCheckOut(unique("Mensah"));
  const context = await browser.newContext(MOBILE);
  const page = await context.newPage();
  await loginAs(page, "admin");
  await gotoHydrated(page, "/admin/visits?kind=far_location");
  const row = page.getByRole("listitem").filter({ hasText: visit.orderNumber });
  await expect(row).toContainText("Far from the address");
  await row.getByText("Correct times").click();
  await expect(row.getByLabel("Reason")).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: "/tmp/shots-evv/admin-visits-390.png", fullPage: true });
  await context.close();
});

test("only admins get the export", async ({ page }) => {
  await loginAs(page, "caregiver");
  const response = await page.request.get("/admin/visits/export.csv?from=2026-01-01&to=2026-01-31", {
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  expect(response.headers()["content-type"] ?? "").not.toContain("text/csv");
});

test("a caregiver's calendar feed serves their visits until the link is reset", async ({ page, playwright }) => {
  const lastName = unique("Haddad");
  const visit = await visitWithoutCheckOut(lastName);
  const caregiver = { id: visit.caregiver.id, roles: ["caregiver" as const] };
  const token = await getCalendarToken({ actor: caregiver });

  const anonymous = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const feed = await anonymous.get(`/calendar/${token}.ics`);
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(feed.headers()["cache-control"]).toBe("private, no-store");
  const ics = await feed.text();
  expect(ics).toContain(`UID:visit-${visit.visitId}@tendly`);
  expect(ics).toContain(`SUMMARY:Personal Care · Ruth`);
  expect(ics).toContain("DTSTART;TZID=America/Chicago:");
  expect(ics).not.toContain("Lincoln Ave");

  // Only the caregiver can reset, and only by POST.
  expect((await anonymous.get("/caregiver/calendar-feed", { maxRedirects: 0 })).status()).not.toBe(200);
  await signIn(page, visit.caregiver.email);
  const reset = await page.request.post("/caregiver/calendar-feed", {
    form: { intent: "reset" },
    headers: { origin: test.info().project.use.baseURL! },
    maxRedirects: 0,
  });
  expect(reset.status()).toBe(302);
  expect(reset.headers().location).toBe("/caregiver/schedule");

  const old = await anonymous.get(`/calendar/${token}.ics`);
  expect(old.status()).toBe(404);
  expect(await old.text()).toBe("Not found");
  const fresh = await getCalendarToken({ actor: caregiver });
  expect(fresh).not.toBe(token);
  expect((await anonymous.get(`/calendar/${fresh}.ics`)).status()).toBe(200);
  expect((await anonymous.get(`/calendar/${"x".repeat(43)}.ics`)).status()).toBe(404);
  await anonymous.dispose();
});
