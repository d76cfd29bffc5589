import type { Browser, Page } from "@playwright/test";
import { gotoHydrated } from "./chrome-helpers";
import { createClientAccount } from "./account-helpers";
import {
  fillClientInfo,
  fillHealthNeeds,
  fillOneTimeSchedule,
  fillRecurringSchedule,
  RECIPIENT,
} from "./care-request-helpers";
import { expect, loginAs, test, type DemoAccount } from "./fixtures";
import { TIMEOUTS } from "./timeouts";

// The care loop end to end (docs/product-rules.md, "Orders and offers"): the demo client asks for recurring
// personal care in Spanish near the demo caregivers, sees ranked matches with
// their reasons, picks the demo caregiver (Jordan Rivera, 60657, bilingual);
// Jordan sees the offer, opens the map page and accepts; the client's
// appointments then show the confirmed order and its visits.

test.describe.configure({ timeout: TIMEOUTS.journey });

const main = (page: Page) => page.getByRole("main");

/** A 1x1 transparent PNG: the map tiles, replaced at the HTTP boundary. */
const TILE = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

async function signedInPage(browser: Browser, account: DemoAccount, address: string) {
  const context = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": address } });
  const page = await context.newPage();
  await loginAs(page, account);
  return page;
}

test("a client books recurring care and the chosen caregiver accepts it", async ({ page, browser }) => {
  // A client of its own: a demo client's server-side draft is shared with every other test that signs in as them.
  await createClientAccount(page);
  await gotoHydrated(page, "/request/client-info");
  await fillClientInfo(page);
  await fillHealthNeeds(page);
  await fillRecurringSchedule(page);

  // Review: the all-in quote, then the terms.
  await expect(page).toHaveURL(/\/request\/review-submit$/);
  await expect(main(page).getByText("Total per week")).toBeVisible();
  await expect(main(page).getByText(/Platform fee/)).toBeVisible();
  await main(page).getByRole("button", { name: "Send request" }).click();
  await expect(main(page).getByText("Please accept the terms to continue")).toBeVisible();
  await main(page)
    .getByLabel(/I accept the/)
    .check();
  await main(page).getByRole("button", { name: "Send request" }).click();

  // Thank-you: ranked matches with their reasons.
  await expect(page).toHaveURL(/\/request\/thank-you\?order=/);
  // Matching loads the ZIP code table on its first use: give the first submit room.
  await expect(main(page).getByRole("heading", { name: "Your best matches" })).toBeVisible({
    timeout: TIMEOUTS.background,
  });
  const orderNumber = (await main(page)
    .getByText(/TN-\d{4}-\d{6}/)
    .first()
    .textContent())!.match(/TN-\d{4}-\d{6}/)![0];
  const jordan = main(page)
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Jordan R." }) });
  await expect(jordan).toBeVisible();
  await expect(jordan.getByRole("list", { name: "Why Jordan R. matches" })).toContainText("Speaks Spanish");
  await expect(jordan).toContainText("mi away");
  // The draft is done with once the request is sent.
  expect(await page.evaluate(() => localStorage.getItem("tendly:care-request-draft"))).toBeNull();
  await jordan.getByRole("button", { name: "Choose Jordan R." }).click();
  await expect(main(page).getByText("We offered your request to Jordan R.")).toBeVisible();
  await expect(main(page).getByRole("link", { name: "View your order" })).toBeVisible();

  // The caregiver: the offer, the map page (approximate area, no health details yet), accept.
  const caregiver = await signedInPage(browser, "caregiver", "10.250.1.2");
  await caregiver.route(/tile\.openstreetmap\.org/, (route) =>
    route.fulfill({ status: 200, contentType: "image/png", body: TILE }),
  );
  await gotoHydrated(caregiver, "/caregiver/orders");
  const offer = main(caregiver).getByRole("listitem").filter({ hasText: orderNumber });
  await expect(offer).toContainText(/Answer by/);
  await offer.getByRole("link", { name: new RegExp(orderNumber) }).click();
  await expect(main(caregiver).getByRole("heading", { level: 1, name: new RegExp(orderNumber) })).toBeVisible();
  await expect(main(caregiver).getByText(/Near 60657/)).toBeVisible();
  await expect(caregiver.locator(".leaflet-container")).toBeVisible();
  await expect(caregiver.locator("path.leaflet-interactive")).toHaveCount(1);
  const beforeHtml = await caregiver.content();
  expect(beforeHtml).not.toContain(RECIPIENT.street);
  expect(beforeHtml).not.toContain(RECIPIENT.fullName);
  // Health needs: neither shown nor in the order page's data (every page carries
  // the names of all health needs in its translation messages, never whose they are).
  await expect(main(caregiver)).not.toContainText("Dementia or memory care");
  // The order page's own loader data (single fetch, this route only).
  const orderData = await (
    await caregiver.request.get(`${new URL(caregiver.url()).pathname}.data?_routes=caregiver-order`)
  ).text();
  expect(orderData).toContain(orderNumber);
  expect(orderData).not.toContain(RECIPIENT.street);
  expect(orderData).not.toMatch(/healthNeeds|dementia/);
  await main(caregiver).getByRole("button", { name: "Accept this job" }).click();
  await expect(main(caregiver).getByText(`${RECIPIENT.street}, Chicago, IL 60657`)).toBeVisible();
  await expect(main(caregiver).getByRole("link", { name: /Open in maps/ })).toHaveAttribute(
    "href",
    /google\.com\/maps\/search\/\?api=1&query=2800/,
  );
  await expect(main(caregiver).getByText(RECIPIENT.fullName)).toBeVisible();
  await expect(main(caregiver).getByText("Dementia or memory care")).toBeVisible();
  await caregiver.context().close();

  // The client: the confirmed order and its visits.
  await gotoHydrated(page, "/dashboard/appointments");
  const order = main(page)
    .getByRole("region", { name: "Your orders" })
    .getByRole("listitem")
    .filter({ hasText: orderNumber });
  await expect(order).toContainText("Confirmed");
  await expect(order).toContainText("Jordan R.");
  // Mondays and Wednesdays at 9:00 in Chicago, where care takes place.
  const firstVisit = main(page).getByRole("region", { name: "Upcoming visits" }).getByRole("listitem").first();
  await expect(firstVisit).toContainText(/^(Mon|Wed), .* at 9:00 AM/);
  await expect(firstVisit).toContainText("With Jordan R.");
  await order.getByRole("link", { name: new RegExp(orderNumber) }).click();
  await expect(main(page).getByRole("heading", { level: 1, name: new RegExp(orderNumber) })).toBeVisible();
  await expect(main(page).getByText("Total per week")).toBeVisible();
  await expect(main(page).getByRole("list", { name: "Status history" })).toContainText("Confirmed");

  // The admin finds it in /admin/orders by its number.
  const admin = await signedInPage(browser, "admin", "10.250.1.4");
  await gotoHydrated(admin, `/admin/orders?q=${orderNumber}`);
  const row = main(admin).getByRole("row").filter({ hasText: orderNumber });
  await expect(row).toContainText("Confirmed");
  await expect(row).toContainText("Jordan");
  await admin.context().close();
});

test("the map page works without map tiles; a decline and a cancellation each take a reason", async ({
  page,
  browser,
}) => {
  // A one-time request of its own, from another client of its own.
  await createClientAccount(page);
  await gotoHydrated(page, "/request/client-info");
  await fillClientInfo(page);
  await fillHealthNeeds(page);
  await fillOneTimeSchedule(page);
  await main(page)
    .getByLabel(/I accept the/)
    .check();
  await main(page).getByRole("button", { name: "Send request" }).click();
  // Matching loads the ZIP code table on its first use: give the first submit room.
  await expect(main(page).getByRole("heading", { name: "Your best matches" })).toBeVisible({
    timeout: TIMEOUTS.background,
  });
  const orderNumber = (await main(page)
    .getByText(/TN-\d{4}-\d{6}/)
    .first()
    .textContent())!.match(/TN-\d{4}-\d{6}/)![0];
  await main(page).getByRole("button", { name: "Choose Jordan R." }).click();
  await expect(main(page).getByText("We offered your request to Jordan R.")).toBeVisible();

  const caregiver = await signedInPage(browser, "caregiver", "10.250.1.3");
  await caregiver.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  await gotoHydrated(caregiver, "/caregiver/orders");
  await main(caregiver)
    .getByRole("link", { name: new RegExp(orderNumber) })
    .click();
  // The order page, not the list (which names the area of every open offer).
  await expect(main(caregiver).getByRole("heading", { level: 1, name: new RegExp(orderNumber) })).toBeVisible();
  await expect(main(caregiver).getByText(/Near 60657/)).toBeVisible();
  await expect(main(caregiver).getByText(/map images could not load/)).toBeVisible();
  // Jordan declines with a reason: the offer moves on and leaves Jordan's list.
  await main(caregiver).getByRole("button", { name: "Decline" }).click();
  await main(caregiver)
    .getByLabel(/Why are you declining\?/)
    .fill("Already booked that afternoon");
  await main(caregiver).getByRole("button", { name: "Decline the offer" }).click();
  await expect(main(caregiver).getByText("You declined the offer.")).toBeVisible();
  await gotoHydrated(caregiver, "/caregiver/orders");
  await expect(main(caregiver).getByRole("region", { name: "New offers" })).not.toContainText(orderNumber);

  // The family cancels while the order waits for a caregiver, with a reason.
  await main(page).getByRole("link", { name: "View your order" }).click();
  await expect(main(page).getByRole("heading", { level: 1, name: new RegExp(orderNumber) })).toBeVisible();
  await main(page).getByRole("button", { name: "Cancel order" }).click();
  await expect(main(page).getByText("Please tell us why you are cancelling.")).toBeVisible();
  await main(page).getByLabel("Why are you cancelling?").fill("Family is visiting that week");
  await main(page).getByRole("button", { name: "Cancel order" }).click();
  await expect(main(page).getByText("Cancelled by you: Family is visiting that week")).toBeVisible();
  await expect(main(page).getByRole("button", { name: "Cancel order" })).toHaveCount(0);
  await caregiver.context().close();
});
