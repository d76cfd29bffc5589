import path from "node:path";
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { userProfiles, visits } from "~/platform/db/schema";
import { sweepVisits } from "~/features/visits/visit-alerts.server";
import { smsSignature } from "~/platform/sms/signature.server";
import { FAKE_SMS_ACCOUNT, type FakeSmsMessage } from "../support/fake-sms";
import { gotoHydrated, reloadHydrated } from "./chrome-helpers";
import { e2eDatabase } from "./e2e-database";
import { expect, MOBILE, signIn, test } from "./fixtures";
import { lateVisit } from "./late-visit-helpers";
import { TIMEOUTS } from "./timeouts";

// Text messages for urgent alerts (docs/decisions/0049-text-messages.md), end to end through the
// local fake of the provider (tests/support/fake-sms.ts, started by playwright.config.ts, which the
// suite's server sends to): the family verifies a phone with the code the fake received, ticks texts
// for Schedule, and a late visit's alert reaches the phone in their language with the order's link.
// A STOP replied through the signed webhook turns texts off, and the settings page says so.

test.describe.configure({ timeout: TIMEOUTS.journey });

const FAKE_SMS = `http://127.0.0.1:${process.env.E2E_SMS_PORT}`;

/** Screenshots for review when SHOTS_DIR is set. */
async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: path.join(process.env.SHOTS_DIR, name), fullPage: true });
}

/** A fictional Chicago number (555-01xx) of its own for each test. */
function testNumber(first: number) {
  const line = String(first + Math.floor(Math.random() * 25)).padStart(2, "0");
  return { typed: `(312) 555-01${line}`, e164: `+1312555${`01${line}`}` };
}

async function textsTo(e164: string): Promise<FakeSmsMessage[]> {
  const response = await fetch(`${FAKE_SMS}/messages?to=${encodeURIComponent(e164)}`);
  return (await response.json()) as FakeSmsMessage[];
}

/** The first text to the number, after `since`, whose body matches. */
async function waitForText(e164: string, since: string, pattern: RegExp): Promise<FakeSmsMessage> {
  let found: FakeSmsMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await textsTo(e164)).find((message) => message.at >= since && pattern.test(message.body));
        return found !== undefined;
      },
      { timeout: TIMEOUTS.background },
    )
    .toBe(true);
  return found!;
}

/** The order's visit started `minutes` ago and nobody checked in: late once the sweep runs. */
async function startedMinutesAgo(orderId: string, minutes: number) {
  const startsAt = new Date(Date.now() - minutes * 60_000);
  await e2eDatabase()
    .update(visits)
    .set({ startsAt, endsAt: new Date(startsAt.getTime() + 2 * 60 * 60_000) })
    .where(eq(visits.orderId, orderId));
}

/** The provider posting a reply to the webhook, signed with the account's token (or another). */
async function reply(baseURL: string, from: string, body: string, token = FAKE_SMS_ACCOUNT.authToken) {
  const url = `${baseURL}/api/sms/webhook`;
  const params = new URLSearchParams({ From: from, To: "+13125550100", Body: body, MessageSid: "SM1" });
  return fetch(url, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Twilio-Signature": smsSignature(url, params, token),
    },
    body: params.toString(),
  });
}

async function verifyPhone(
  page: Page,
  number: { typed: string; e164: string },
  words: { section: string; phone: string; send: string; code: string; verify: string; verified: string },
) {
  const since = new Date().toISOString();
  const section = page.getByRole("region", { name: words.section });
  await section.getByLabel(words.phone).fill(number.typed);
  await section.getByRole("button", { name: words.send }).click();
  const text = await waitForText(number.e164, since, /\d{6}/);
  const code = /(\d{6})/.exec(text.body)![1]!;
  await section.getByLabel(words.code).fill(code);
  await section.getByRole("button", { name: words.verify }).click();
  await expect(section.getByText(words.verified)).toBeVisible();
  return section;
}

test("a family verifies a phone, turns texts on, gets a late visit's alert, and STOP turns texts off", async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { client, orderId } = await lateVisit(`s${Date.now()}`, "67202", -120);
  const number = testNumber(50);
  await signIn(page, client.email);
  await gotoHydrated(page, "/dashboard/settings?tab=notifications");

  const section = await verifyPhone(page, number, {
    section: "Text messages",
    phone: "Mobile phone number (US)",
    send: "Send code",
    code: "Code from the text",
    verify: "Verify",
    verified: `Verified: urgent alerts are texted to ${number.typed}.`,
  });
  const preferences = page.getByRole("region", { name: "How we notify you" });
  const scheduleByText = preferences.getByRole("checkbox", { name: "Schedule by Text message" });
  await expect(scheduleByText).not.toBeChecked();
  await expect(preferences.getByRole("checkbox", { name: "Orders by Text message" })).toHaveCount(0);
  await expect(preferences.getByText("Urgent alerts only")).toBeVisible();
  await shot(page, "sms-verified-1280.png");
  await scheduleByText.check();
  await preferences.getByRole("button", { name: "Save preferences" }).click();
  await expect(preferences.getByRole("status")).toHaveText("Saved. Your notification preferences are updated.");

  // The visit becomes late: the sweep alerts the family, whose text reaches the fake.
  const since = new Date().toISOString();
  await startedMinutesAgo(orderId, 20);
  await sweepVisits();
  const alert = await waitForText(number.e164, since, /Caregiver not checked in/);
  expect(alert.from).toBe("+13125550100");
  expect(alert.body).toMatch(
    new RegExp(
      `^Tendly: Caregiver not checked in: .+ ${baseURL}/dashboard/appointments/order/${orderId} Reply STOP to stop texts\\.$`,
    ),
  );

  // A forged reply is refused; the family's STOP, signed by the provider, turns texts off.
  expect((await reply(baseURL!, number.e164, "STOP", "not-the-token-0123456789")).status).toBe(403);
  const stop = await reply(baseURL!, number.e164, "STOP");
  expect(stop.status).toBe(200);
  expect(await stop.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
  await reloadHydrated(page);
  await expect(section.getByText("You replied STOP; texts are off.")).toBeVisible();
  await expect(section.getByText("To get texts again, reply START to any text from Tendly.")).toBeVisible();
  await shot(page, "sms-stopped-1280.png");
  // START resumes them.
  await reply(baseURL!, number.e164, "START");
  await reloadHydrated(page);
  await expect(section.getByText(`Verified: urgent alerts are texted to ${number.typed}.`)).toBeVisible();
});

test.describe("in Spanish, on a 390 px phone", () => {
  test.use(MOBILE);

  test("the family verifies its phone and the late visit's alert arrives in Spanish", async ({ page, baseURL }) => {
    const { client, orderId } = await lateVisit(`e${Date.now()}`, "72201", -120);
    await e2eDatabase().update(userProfiles).set({ locale: "es" }).where(eq(userProfiles.id, client.id));
    const number = testNumber(75);
    await signIn(page, client.email);
    await gotoHydrated(page, "/dashboard/settings?tab=notifications&lang=es");
    await verifyPhone(page, number, {
      section: "Mensajes de texto",
      phone: "Número de celular (EE. UU.)",
      send: "Enviar código",
      code: "Código del mensaje",
      verify: "Verificar",
      verified: `Verificado: los avisos urgentes llegan por mensaje de texto al ${number.typed}.`,
    });
    const preferences = page.getByRole("region", { name: "Cómo le avisamos" });
    await preferences.getByRole("checkbox", { name: "Agenda por Mensaje de texto" }).check();
    await expect(preferences.getByText("Solo avisos urgentes")).toBeVisible();
    await preferences.getByRole("button", { name: "Guardar preferencias" }).click();
    await expect(preferences.getByRole("status")).toHaveText(
      "Guardado. Sus preferencias de notificación están actualizadas.",
    );
    await shot(page, "sms-es-390.png");
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);

    const since = new Date().toISOString();
    await startedMinutesAgo(orderId, 20);
    await sweepVisits();
    const alert = await waitForText(number.e164, since, /Cuidador sin registrar su llegada/);
    expect(alert.body).toMatch(
      new RegExp(
        `^Tendly: Cuidador sin registrar su llegada: .+ ${baseURL}/dashboard/appointments/order/${orderId} Responda STOP para no recibir más mensajes de texto\\.$`,
      ),
    );
  });
});
