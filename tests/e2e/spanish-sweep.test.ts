import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { openSupportConversation } from "~/features/messaging/open-support-conversation.server";
import { sendMessage } from "~/features/messaging/send-message.server";
import { gotoHydrated } from "./chrome-helpers";
import { expect, loginAs, ROLE_SCREENS, signIn, test, type DemoRole } from "./fixtures";
import { newCaregiver, newClient } from "./sessions";
import { TIMEOUTS } from "./timeouts";

// Every signed-in screen of each role read in Spanish (docs/product-rules.md, "Languages"): none may show a word
// of English the product wrote. The family and the caregiver are new accounts of this test, so each screen shows
// only the product's own words (empty states included); the admin's screens list what other tests wrote (names,
// messages), so there only the product's frame is read: headings, labels, buttons, column names and the
// accessible names of controls. Text marked as written in another language (lang="en") or isolated as a person's
// words (<bdi>, as in a conversation's last message) is not the product's.

test.describe.configure({ timeout: TIMEOUTS.journey });

/** English words the product writes, none of them a Spanish word too ("no", "total", "general" are left out). */
const ENGLISH_WORDS =
  /\b(the|and|your|you|with|from|please|loading|save|cancel|submit|view|edit|delete|back|next|today|yesterday|sign in|sign out|settings|messages|notifications?|orders?|visits?|invoices?|caregivers?|schedule|weeks?|months?|hours?|none|yes|pending|paid|search|filter|earnings|profile|clients?|training|payouts?|billing|support|users?|pricing|analytics|documents?|appointments?|upload|download|review|approve|reject|close|open|new|unread|mark)\b/i;

const EMAIL = /\S+@\S+/g;

/** The texts on the page that read as English: text nodes (within `frame` if given) and accessible names. */
async function englishOn(page: Page, frame: string | null) {
  const texts = await page.evaluate((frameSelector) => {
    const found: string[] = [];
    // Inside an element marked as written in another language.
    const anotherLanguage = "[lang]:not(html):not([lang^=es]), bdi";
    const roots = frameSelector ? [...document.body.querySelectorAll(frameSelector)] : [document.body];
    for (const root of roots) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest(`script, style, template, ${anotherLanguage}`)) continue;
        const text = node.textContent!.trim();
        if (text) found.push(text);
      }
    }
    for (const element of document.querySelectorAll("[aria-label], [title], [placeholder]")) {
      if (element.closest(anotherLanguage)) continue;
      for (const name of ["aria-label", "title", "placeholder"]) {
        const value = element.getAttribute(name);
        if (value) found.push(value);
      }
    }
    return found;
  }, frame);
  return [...new Set(texts)].filter((text) => ENGLISH_WORDS.test(text.replace(EMAIL, "")));
}

const ADMIN_FRAME = "h1, h2, h3, label, legend, button, th, nav a, [role=tab], [role=status], [role=alert]";

async function sweep(page: Page, role: DemoRole, frame: string | null) {
  const english: Record<string, string[]> = {};
  for (const path of ROLE_SCREENS[role]) {
    await gotoHydrated(page, `${path}?lang=es`);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    const found = await englishOn(page, frame);
    if (found.length > 0) english[path] = found;
  }
  expect(english, "English on Spanish screens").toEqual({});
}

test("a new family's screens read in Spanish only", async ({ page }) => {
  const client = await newClient();
  await signIn(page, client.email);
  await sweep(page, "client", null);
});

test("a new caregiver's screens read in Spanish only", async ({ page }) => {
  const caregiver = await newCaregiver();
  await signIn(page, caregiver.email);
  await sweep(page, "caregiver", null);
});

test("the admin's screens frame their lists in Spanish only", async ({ page }) => {
  // A family's words in English at the top of the support inbox: theirs, not the product's.
  const family = await newClient();
  const actor = { id: family.id, role: "client" } as const;
  const conversationId = await openSupportConversation({ actor });
  await sendMessage({
    actor,
    input: { conversationId, clientKey: randomUUID(), body: "Yes: open the order and choose Reschedule." },
  });
  await loginAs(page, "admin");
  await sweep(page, "admin", ADMIN_FRAME);
});
