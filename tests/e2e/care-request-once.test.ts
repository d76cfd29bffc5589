import { randomUUID } from "node:crypto";
import type { Page, Route } from "@playwright/test";
import { count, eq } from "drizzle-orm";
import { orders } from "~/platform/db/schema";
import { createClient } from "~/platform/db/seed/factories.server";
import { gotoHydrated } from "./chrome-helpers";
import { fillClientInfo, fillHealthNeeds, fillRecurringSchedule } from "./care-request-helpers";
import { e2eDatabase } from "./e2e-database";
import { expect, signIn, test } from "./fixtures";
import { TIMEOUTS } from "./timeouts";

// "Send request" pressed twice, and its request sent twice on the wire (a
// replay after a lost answer), make one order (docs/decisions/0019-idempotency-keys.md).

test.describe.configure({ timeout: TIMEOUTS.journey });

const main = (page: Page) => page.getByRole("main");

async function ordersOf(clientId: string): Promise<number> {
  const [row] = await e2eDatabase().select({ n: count() }).from(orders).where(eq(orders.clientId, clientId));
  return row?.n ?? 0;
}

/** Whether a route's request is the review step's "submit" post. */
const isSubmitPost = (route: Route) =>
  route.request().method() === "POST" && /(^|&)intent=submit(&|$)/.test(route.request().postData() ?? "");

test("a double click on Send request, each post sent twice, makes one order", async ({ page }) => {
  const tag = randomUUID().slice(0, 8);
  const client = await createClient(e2eDatabase(), {
    firstName: "Olga",
    lastName: `Once ${tag}`,
    email: `family-once-${tag}@example.test`,
  });
  await signIn(page, client.email);

  // Every submit post goes to the server twice at once, as a replay on the network would send it;
  // the browser gets the first answer.
  let submitPosts = 0;
  await page.route(/\/request\/review-submit/, async (route) => {
    if (!isSubmitPost(route)) return route.fallback();
    submitPosts += 1;
    const [first] = await Promise.all([route.fetch(), route.fetch()]);
    await route.fulfill({ response: first });
  });

  await gotoHydrated(page, "/request/client-info");
  await fillClientInfo(page);
  await fillHealthNeeds(page);
  await fillRecurringSchedule(page);
  await expect(page).toHaveURL(/\/request\/review-submit$/);
  await expect(main(page).getByText("Total per week")).toBeVisible();
  await main(page)
    .getByLabel(/I accept the/)
    .check();
  // Two submits in one go, before the page can disable the button.
  await main(page)
    .getByRole("button", { name: "Send request" })
    .evaluate((button: HTMLButtonElement) => {
      button.form!.requestSubmit(button);
      button.form!.requestSubmit(button);
    });

  await expect(page).toHaveURL(/\/request\/thank-you\?order=/, { timeout: TIMEOUTS.background });
  expect(submitPosts).toBeGreaterThanOrEqual(1);
  expect(await ordersOf(client.id)).toBe(1);
  const orderId = new URL(page.url()).searchParams.get("order");
  const [stored] = await e2eDatabase().select({ id: orders.id }).from(orders).where(eq(orders.clientId, client.id));
  expect(stored?.id).toBe(orderId);
});
