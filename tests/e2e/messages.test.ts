import { randomUUID } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { addDays, format, nextMonday } from "date-fns";
import { and, eq, sql } from "drizzle-orm";
import { conversations, messages, orders } from "~/platform/db/schema";
import { createCaregiver, createClient } from "~/platform/db/seed/factories.server";
import { sendMessage } from "~/features/messaging/send-message.server";
import { chooseCaregiver, respondToOffer } from "~/features/orders/offers.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { expectAccessible } from "./accessibility";
import { gotoHydrated } from "./chrome-helpers";
import { e2eDatabase } from "./e2e-database";
import { expect, loginAs, MOBILE, signIn, test } from "./fixtures";
import { TIMEOUTS } from "./timeouts";

// Conversations end to end (docs/product-rules.md, "Messages"): a family and
// their caregiver, each in a browser of their own, write to each other live
// with read receipts; a message written offline goes out once; links are
// links and markup is text; an administrator answers a support conversation.

test.describe.configure({ timeout: TIMEOUTS.journey });

/** A family and a caregiver of their own with a confirmed order between them (so, a conversation). */
async function confirmedPair() {
  const db = e2eDatabase();
  const suffix = randomUUID().slice(0, 8);
  const client = await createClient(db, {
    firstName: "Dana",
    lastName: `Family${suffix}`,
    email: `family-msg-${suffix}@example.test`,
  });
  const caregiver = await createCaregiver(db, {
    firstName: "Elena",
    lastName: `Rivera${suffix}`,
    email: `caregiver-msg-${suffix}@example.test`,
    zipCode: "60657",
    services: ["personal-care"],
    languages: ["en", "es"],
    availability: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 0, endMinute: 24 * 60 - 1 })),
  });
  const actor = { ...client, roles: ["client" as const] };
  const { orderId } = await submitCareRequest({
    actor,
    request: {
      careRecipient: "loved-one",
      fullName: `Ruth ${suffix}`,
      age: 84,
      gender: "female",
      phoneNumber: "(312) 555-0177",
      streetAddress: "2100 N Lincoln Ave",
      zipCode: "60614",
      serviceTypes: ["personal-care"],
      healthNeeds: [],
      preferredLanguage: "en",
      additionalDetails: "",
      scheduleType: "one-time",
      startDate: format(addDays(nextMonday(new Date()), 21), "yyyy-MM-dd"),
      startTime: "09:00",
      endTime: "12:00",
      promoCode: "",
      termsAccepted: true,
    },
  });
  await chooseCaregiver({ actor, orderId, caregiverId: caregiver.id });
  await respondToOffer({ actor: { ...caregiver, roles: ["caregiver"] }, orderId, accept: true });
  const [conversation] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.userAId, client.id), eq(conversations.kind, "care")));
  return { client, caregiver, orderId, conversationId: conversation!.id };
}

let addressCounter = 0;

async function signedIn(browser: Browser, email: string, options: object = {}) {
  addressCounter += 1;
  const address = `10.252.${test.info().workerIndex % 250}.${addressCounter % 250}`;
  const context = await browser.newContext({ ...options, extraHTTPHeaders: { "X-Forwarded-For": address } });
  const page = await context.newPage();
  // Nothing a person types may ever run as script.
  page.on("dialog", (dialog) => {
    throw new Error(`Unexpected dialog: ${dialog.message()}`);
  });
  await signIn(page, email);
  return page;
}

const conversationList = (page: Page) => page.getByRole("navigation", { name: "Conversations" });
const history = (page: Page) => page.getByRole("log");
const bubble = (page: Page, text: string | RegExp) => history(page).getByRole("listitem").filter({ hasText: text });
const composer = (page: Page) => page.getByRole("textbox", { name: "Message", exact: true });

test("a family and their caregiver write to each other live, with read receipts, links and text kept as text", async ({
  browser,
}) => {
  const pair = await confirmedPair();
  const family = await signedIn(browser, pair.client.email);
  const caregiver = await signedIn(browser, pair.caregiver.email);
  const caregiverName = `Elena ${pair.caregiver.lastName.charAt(0)}.`;
  const familyName = `Dana ${pair.client.lastName.charAt(0)}.`;

  // The family opens the conversation from their list; the caregiver keeps the list open.
  await gotoHydrated(family, "/dashboard/messages");
  await expect(family.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  await conversationList(family)
    .getByRole("link", { name: new RegExp(caregiverName) })
    .click();
  await expect(family).toHaveURL(new RegExp(`/dashboard/messages\\?c=${pair.conversationId}$`));
  await expect(family.getByRole("heading", { level: 2, name: caregiverName })).toBeVisible();
  await expect(family.getByText("No messages yet. Write the first one below.")).toBeVisible();
  await gotoHydrated(caregiver, "/caregiver/messages");
  const caregiverRow = conversationList(caregiver).getByRole("link", { name: new RegExp(familyName) });
  await expect(caregiverRow).toBeVisible();
  await expect(caregiverRow.locator("[data-unread]")).toHaveCount(0);

  // Enter sends; Shift+Enter makes a new line.
  const text =
    'Hello <script>alert("hi")</script> <b>bold</b>. The plan: https://example.com/care-plan?week=2 or call (312) 555-0177.';
  await composer(family).fill(text);
  await composer(family).press("Shift+Enter");
  await composer(family).pressSequentially("See you Monday");
  await composer(family).press("Enter");
  await expect(composer(family)).toHaveValue("");
  const sent = bubble(family, "See you Monday");
  await expect(sent.locator("[data-message-status='sent'], [data-message-status='delivered']")).toBeVisible();

  // Within a second the caregiver's list shows it unread, and the family's copy turns delivered.
  await expect(caregiverRow.locator("[data-unread='1']")).toBeVisible({ timeout: TIMEOUTS.background });
  await expect(caregiverRow).toContainText("Hello <script>");
  await expect(caregiverRow.getByText("1 unread message")).toBeAttached();
  await expect(sent.getByText("Delivered")).toBeVisible();

  // The caregiver opens it: read, and the family sees "Read".
  await caregiverRow.click();
  const received = bubble(caregiver, "See you Monday");
  await expect(received).toBeVisible();
  await expect(received.locator("p").first()).toHaveText(`${text}\nSee you Monday`);
  await expect(received.locator("script, b")).toHaveCount(0);
  const link = received.getByRole("link", { name: "https://example.com/care-plan?week=2" });
  await expect(link).toHaveAttribute("href", "https://example.com/care-plan?week=2");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(received.getByRole("link", { name: "(312) 555-0177" })).toHaveAttribute("href", "tel:3125550177");
  await expect(sent.getByText("Read")).toBeVisible();
  await expect(caregiverRow.locator("[data-unread]")).toHaveCount(0);
  await expectAccessible(caregiver);

  // The reply appears in the family's open conversation within a second, and reads as read at once.
  await composer(caregiver).fill("Good morning! I will bring the care plan.");
  await caregiver.getByRole("button", { name: "Send" }).click();
  await expect(bubble(family, "I will bring the care plan")).toBeVisible({ timeout: TIMEOUTS.background });
  await expect(bubble(caregiver, "I will bring the care plan").getByText("Read")).toBeVisible();
  await expectAccessible(family);

  // Once the care has ended the conversation stays, read-only.
  await e2eDatabase().update(orders).set({ status: "completed" }).where(eq(orders.id, pair.orderId));
  await gotoHydrated(family, `/dashboard/messages?c=${pair.conversationId}`);
  await expect(family.getByRole("region", { name: caregiverName }).getByRole("note")).toHaveText(
    `This conversation is read-only: the care with ${caregiverName} has ended. You can still read it.`,
  );
  await expect(composer(family)).toHaveCount(0);
  await expect(bubble(family, "See you Monday")).toBeVisible();
  await family.context().close();
  await caregiver.context().close();
});

test("a message written offline waits, then is sent once when the connection is back", async ({ browser }) => {
  const pair = await confirmedPair();
  const family = await signedIn(browser, pair.client.email);
  const caregiver = await signedIn(browser, pair.caregiver.email);
  await gotoHydrated(caregiver, `/caregiver/messages?c=${pair.conversationId}`);
  await gotoHydrated(family, `/dashboard/messages?c=${pair.conversationId}`);

  await family.context().setOffline(true);
  await expect(family.getByText(/^You're offline\./)).toBeVisible();
  await composer(family).fill("Written in the elevator, no signal");
  await composer(family).press("Enter");
  const waiting = bubble(family, "Written in the elevator");
  await expect(waiting.getByText("Waiting for connection")).toBeVisible();
  await expect(bubble(caregiver, "Written in the elevator")).toHaveCount(0);

  await family.context().setOffline(false);
  await expect(waiting.locator("[data-message-status='read']")).toBeVisible();
  await expect(bubble(caregiver, "Written in the elevator")).toHaveCount(1);
  await expect(bubble(family, "Written in the elevator")).toHaveCount(1);
  const stored = await e2eDatabase()
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(eq(messages.conversationId, pair.conversationId), eq(messages.body, "Written in the elevator, no signal")),
    );
  expect(stored).toHaveLength(1);
  // A reload shows it once too (nothing left in the outbox to send again).
  await gotoHydrated(family, `/dashboard/messages?c=${pair.conversationId}`);
  await expect(bubble(family, "Written in the elevator")).toHaveCount(1);
  await expect(bubble(family, "Written in the elevator").getByText("Read")).toBeVisible();
  await family.context().close();
  await caregiver.context().close();
});

test("a message sent too fast waits on the device with a notice, then goes out by itself", async ({ page }) => {
  const pair = await confirmedPair();
  // Twenty messages in the last seconds already: the limit of one conversation (MESSAGE_LIMITS).
  for (let index = 1; index <= 20; index += 1) {
    await sendMessage({
      actor: { id: pair.client.id, role: "client" },
      input: { conversationId: pair.conversationId, clientKey: randomUUID(), body: `Quick note ${index}.` },
    });
  }
  // The page's clock is moved on below instead of waiting a minute.
  await page.clock.install();
  await signIn(page, pair.client.email);
  await gotoHydrated(page, `/dashboard/messages?c=${pair.conversationId}`);
  await composer(page).fill("One more thing before you come");
  await composer(page).press("Enter");
  const held = bubble(page, "One more thing before you come");
  await expect(held.getByText("Waiting to send")).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText(
    "You are sending messages very quickly. This one waits on your device and goes out by itself shortly.",
  );

  // A minute passes: on the server the twenty leave their minute, on the page the time it was given comes.
  await e2eDatabase()
    .update(messages)
    .set({ createdAt: sql`${messages.createdAt} - interval '2 minutes'` })
    .where(eq(messages.conversationId, pair.conversationId));
  await page.clock.fastForward("01:05");
  await expect(held.locator("[data-message-status='sent'], [data-message-status='delivered']")).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);
  const stored = await e2eDatabase()
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.conversationId, pair.conversationId), eq(messages.body, "One more thing before you come")));
  expect(stored).toHaveLength(1);
});

test("history shows the newest 30 messages, earlier ones on request", async ({ browser }) => {
  const pair = await confirmedPair();
  // Written over the last few minutes, within the sending limits.
  const start = Date.now() - 33 * 5_000;
  for (let index = 1; index <= 33; index += 1) {
    await sendMessage({
      actor: { id: pair.client.id, role: "client" },
      input: { conversationId: pair.conversationId, clientKey: randomUUID(), body: `Note number ${index}.` },
      now: new Date(start + index * 5_000),
    });
  }
  const caregiver = await signedIn(browser, pair.caregiver.email);
  await gotoHydrated(caregiver, "/caregiver/messages");
  await expect(conversationList(caregiver).locator("[data-unread='33']")).toBeVisible();
  await gotoHydrated(caregiver, `/caregiver/messages?c=${pair.conversationId}`);
  await expect(bubble(caregiver, /Note number \d+\./)).toHaveCount(30);
  await expect(bubble(caregiver, "Note number 3.")).toHaveCount(0);
  await caregiver.getByRole("button", { name: "Load earlier messages" }).click();
  await expect(bubble(caregiver, /Note number \d+\./)).toHaveCount(33);
  await expect(bubble(caregiver, "Note number 1.")).toBeVisible();
  await expect(caregiver.getByRole("button", { name: "Load earlier messages" })).toHaveCount(0);
  await caregiver.context().close();
});

test.describe("on a 390 px phone", () => {
  test("a family messages support; an administrator answers from the support inbox", async ({ browser, page }) => {
    const pair = await confirmedPair();
    const phone = await signedIn(browser, pair.client.email, MOBILE);
    await gotoHydrated(phone, "/dashboard/messages");
    // One pane at a time: the list first.
    await expect(phone.getByText("Choose a conversation to read it.")).toBeHidden();
    await conversationList(phone).getByRole("link", { name: "Message support" }).click();
    await expect(phone).toHaveURL(/\/dashboard\/messages\?c=[0-9a-f-]{36}$/);
    const supportId = new URL(phone.url()).searchParams.get("c")!;
    await expect(phone.getByRole("heading", { level: 2, name: "Tendly Support" })).toBeVisible();
    await expect(conversationList(phone)).toBeHidden();
    const question = `Can I change next week's visit? (${pair.client.lastName})`;
    await composer(phone).fill(question);
    await phone.getByRole("button", { name: "Send" }).click();
    await expect(bubble(phone, question).getByText(/^(Sent|Delivered)$/)).toBeVisible();
    // Nothing is cut off or overlaps at 390 px.
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    const send = await phone.getByRole("button", { name: "Send" }).boundingBox();
    const box = await composer(phone).boundingBox();
    expect(send!.x + send!.width).toBeLessThanOrEqual(390);
    expect(box!.x + box!.width).toBeLessThanOrEqual(send!.x);
    await expectAccessible(phone);

    // The administrator's inbox: the family's name and role, unread.
    await loginAs(page, "admin");
    await gotoHydrated(page, "/admin/support");
    await expect(page.getByRole("heading", { level: 2, name: "Conversations" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Contact form messages" })).toBeVisible();
    const row = conversationList(page).getByRole("link", {
      name: new RegExp(`^Dana ${pair.client.lastName}.*Client`),
    });
    await expect(row.locator("[data-unread='1']")).toBeVisible();
    await row.click();
    await expect(page).toHaveURL(new RegExp(`/admin/support\\?c=${supportId}$`));
    await expect(page.getByRole("heading", { level: 3, name: `Dana ${pair.client.lastName} · Client` })).toBeVisible();
    await expect(bubble(page, question)).toBeVisible();
    await expect(bubble(phone, question).getByText("Read")).toBeVisible();
    await composer(page).fill("Yes: open the order and choose Reschedule. Call 1-800-555-0100 if you need us.");
    await composer(page).press("Enter");

    // The answer reaches the family's phone within a second, from Tendly Support.
    const answer = bubble(phone, "choose Reschedule");
    await expect(answer).toBeVisible({ timeout: TIMEOUTS.background });
    await expect(answer.getByRole("link", { name: "1-800-555-0100" })).toHaveAttribute("href", "tel:18005550100");
    await expect(bubble(page, "choose Reschedule").getByText("Read")).toBeVisible();

    // Back to the list: the support conversation and the caregiver's, no unread left.
    await phone.getByRole("link", { name: "All conversations" }).click();
    await expect(conversationList(phone).getByRole("link", { name: /Tendly Support/ })).toBeVisible();
    await expect(conversationList(phone).locator("[data-unread]")).toHaveCount(0);
    await expect(conversationList(phone).getByRole("link", { name: "Message support" })).toHaveCount(0);
    await phone.context().close();
  });
});
