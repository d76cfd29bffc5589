import path from "node:path";
import type { Page } from "@playwright/test";
import { addDays, format, nextMonday } from "date-fns";
import { eq } from "drizzle-orm";
import { careRequests, familyMembers, orders } from "~/platform/db/schema";
import { createClient } from "~/platform/db/seed/factories.server";
import { bookedOneVisit } from "./booked-visit-helpers";
import { gotoHydrated } from "./chrome-helpers";
import { e2eDatabase } from "./e2e-database";
import { expect, MOBILE, signIn, test, unique } from "./fixtures";
import { TIMEOUTS } from "./timeouts";

// The family circle in the care conversation (docs/product-rules.md, "Family circle"): a son who follows his
// mother's care opens /dashboard/messages on his phone, finds the conversation about her beside his own, and writes;
// the caregiver sees the message under the son's name and role; the son reads the order's history but has no
// Cancel. Albuquerque and Santa Fe are this file's alone.

test.describe.configure({ timeout: TIMEOUTS.journey });

const main = (page: Page) => page.getByRole("main");

async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: path.join(process.env.SHOTS_DIR, name), fullPage: true });
}

/** A family with a confirmed visit in `zip`, and a son who follows his mother's care. */
async function familyWithSon(zip: string, tag: string) {
  const family = unique(`Circle${tag}`);
  const booked = await bookedOneVisit({
    zip,
    date: format(addDays(nextMonday(new Date()), 8), "yyyy-MM-dd"),
    startTime: "10:00",
    endTime: "12:00",
    family,
    main: unique(`Carer${tag}`),
  });
  const son = await createClient(e2eDatabase(), { firstName: "Sam", lastName: family, zipCode: zip });
  const [request] = await e2eDatabase()
    .select({ careRecipientId: careRequests.careRecipientId })
    .from(orders)
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(eq(orders.id, booked.orderId));
  await e2eDatabase()
    .insert(familyMembers)
    .values({ careRecipientId: request!.careRecipientId!, userId: son.id, role: "follow", addedBy: booked.client.id });
  return { ...booked, son, recipientName: `Ruth ${family}` };
}

test.describe("a son who follows his mother's care", () => {
  test.use(MOBILE);

  test("writes to her caregiver from his messages, is named to the caregiver, and sees the order without Cancel", async ({
    page,
    browser,
  }) => {
    const { son, caregiver, orderId, recipientName } = await familyWithSon("87102", "Abq");
    await signIn(page, son.email);
    await gotoHydrated(page, "/dashboard/messages");
    const item = main(page)
      .getByRole("link")
      .filter({ hasText: `Care for ${recipientName}` });
    await expect(item).toContainText(`Jordan ${caregiver.lastName.charAt(0)}.`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, "circle-messages-list-390.png");
    await item.click();
    // The open conversation says whose care it is (the list beside it may still be drawn at this width).
    await expect(main(page).getByRole("region").getByText(`Care for ${recipientName}`)).toBeVisible();
    await main(page)
      .getByRole("textbox", { name: "Message" })
      .fill("Hello, this is Sam, Ruth's son. How is she today?");
    await main(page).getByRole("button", { name: "Send" }).click();
    const mine = main(page).getByRole("listitem").filter({ hasText: "How is she today?" });
    await expect(mine).toContainText("Sent");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, "circle-messages-son-390.png");

    const side = await browser.newContext({ ...MOBILE, extraHTTPHeaders: { "X-Forwarded-For": "10.251.53.7" } });
    try {
      const caregiverPage = await side.newPage();
      await signIn(caregiverPage, caregiver.email);
      await gotoHydrated(caregiverPage, "/caregiver/messages");
      await main(caregiverPage).getByRole("link").filter({ hasText: "How is she today?" }).click();
      const received = main(caregiverPage).getByRole("listitem").filter({ hasText: "How is she today?" });
      await expect(received).toContainText("Sam (follows)");
      await shot(caregiverPage, "circle-messages-caregiver-390.png");
      await main(caregiverPage).getByRole("textbox", { name: "Message" }).fill("She is doing well, Sam.");
      await main(caregiverPage).getByRole("button", { name: "Send" }).click();
      await expect(main(caregiverPage).getByRole("listitem").filter({ hasText: "She is doing well" })).toContainText(
        /Sent|Delivered|Read/,
      );
    } finally {
      await side.close();
    }
    // The reply reaches the son's open page; his own message is read by the caregiver.
    await expect(main(page).getByRole("listitem").filter({ hasText: "She is doing well, Sam." })).toBeVisible();

    await gotoHydrated(page, `/dashboard/appointments/order/${orderId}`);
    await expect(page.getByRole("heading", { name: "Status history" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
  });
});

test("on a wide screen, in Spanish: the son's list says whose care it is and the caregiver reads his role", async ({
  page,
  browser,
}) => {
  const { son, caregiver, recipientName } = await familyWithSon("87501", "SantaFe");
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, son.email);
  await gotoHydrated(page, "/dashboard/messages?lang=es");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await main(page)
    .getByRole("link")
    .filter({ hasText: `Cuidado de ${recipientName}` })
    .click();
  await main(page).getByRole("textbox", { name: "Mensaje" }).fill("Hola, soy Sam. ¿Cómo está mi madre?");
  await main(page).getByRole("button", { name: "Enviar" }).click();
  await expect(
    main(page).getByRole("log").getByRole("listitem").filter({ hasText: "¿Cómo está mi madre?" }),
  ).toContainText("Enviado");
  await shot(page, "circle-messages-son-es-1280.png");

  const side = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    extraHTTPHeaders: { "X-Forwarded-For": "10.251.53.8" },
  });
  try {
    const caregiverPage = await side.newPage();
    await signIn(caregiverPage, caregiver.email);
    await gotoHydrated(caregiverPage, "/caregiver/messages?lang=es");
    await main(caregiverPage).getByRole("link").filter({ hasText: "¿Cómo está mi madre?" }).click();
    await expect(
      main(caregiverPage).getByRole("log").getByRole("listitem").filter({ hasText: "¿Cómo está mi madre?" }),
    ).toContainText("Sam (sigue el cuidado)");
    await shot(caregiverPage, "circle-messages-caregiver-es-1280.png");
  } finally {
    await side.close();
  }
});
