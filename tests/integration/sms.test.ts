import { addMinutes } from "date-fns/addMinutes";
import { addSeconds } from "date-fns/addSeconds";
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { getDb } from "~/platform/db/client.server";
import { auditEvents, jobs, smsPhones } from "~/platform/db/schema";
import { createClient } from "~/platform/db/seed/factories.server";
import { deliverBeyondApp } from "~/features/notifications/delivery.server";
import {
  loadSmsSettings,
  sendPhoneCode,
  verifyPhoneCode,
  removePhone,
} from "~/features/notifications/sms-phone.server";
import { handleSmsWebhook } from "~/features/notifications/sms-webhook.server";
import { smsJobs } from "~/features/notifications/sms.job";
import { DEFAULT_CHANNELS } from "~/features/notifications/preferences";
import { smsSignature } from "~/platform/sms/signature.server";
import { jobsByName, runDueJobs } from "~/platform/jobs/runner.server";
import { getEnv, setEnvForTesting } from "~/utils/env.server";
import type { Notification } from "~/utils/notifications";
import { useFakeSmsSetup } from "./sms-helpers";

// Text messages for urgent alerts (docs/decisions/0049-text-messages.md) against the local fake of
// the provider (tests/support/fake-sms.ts): the phone's verification code, which alerts are texted
// and to whom, the job's retries, error 21610 and the STOP/START webhook.

const sms = useFakeSmsSetup();
const { setup } = sms;
const runSmsJobs = () => runDueJobs(getDb(), jobsByName(smsJobs));
beforeEach(async () => {
  // What an earlier test left queued goes out first: each test counts only its own texts.
  sms.fake.failNext(0, 500);
  await runSmsJobs();
  sms.fake.messages.length = 0;
});
let numbers = 0;
/** A fresh fictional Chicago number (555-01xx) per test, E.164 and as typed. */
function nextNumber() {
  numbers += 1;
  const line = String(100 + numbers).padStart(4, "0");
  return { e164: `+1312555${line}`, typed: `(312) 555-${line}` };
}

async function verifiedClient(options: { optedOut?: boolean } = {}) {
  const client = await createClient(setup.db);
  const { e164 } = nextNumber();
  await setup.db.insert(smsPhones).values({
    userId: client.id,
    phone: e164,
    verifiedAt: new Date(),
    optedOutAt: options.optedOut ? new Date() : null,
  });
  return { client, phone: e164 };
}

function alert(overrides: Partial<Notification> = {}): Notification {
  return {
    id: "",
    type: "schedule",
    title: "Caregiver not checked in: Mon, Dec 7, 10:00 AM CST",
    message: "Jordan R. has not checked in yet.",
    status: "unread",
    priority: "urgent",
    createdAt: new Date().toISOString(),
    actionUrl: "/dashboard/appointments/order/abc",
    ...overrides,
  };
}

const deliver = (userId: string, options: { subtype?: string; sms?: boolean; notification?: Partial<Notification> }) =>
  deliverBeyondApp({
    userId,
    locale: "en",
    notification: alert(options.notification),
    subtype: options.subtype ?? "visit_late",
    channels: { ...DEFAULT_CHANNELS, email: false, push: false, sms: options.sms ?? true },
    emailedSeparately: true,
  });

async function smsJobsOf(userId: string) {
  const rows = await setup.db.select().from(jobs).where(eq(jobs.name, "notifications.sms"));
  return rows.filter((row) => (row.payload as { userId?: string }).userId === userId);
}

describe("the phone's verification code", () => {
  test("is texted in the person's language, kept only hashed, and verifies the number", async () => {
    const client = await createClient(setup.db);
    const { e164, typed } = nextNumber();
    const sent = await sendPhoneCode({ actor: client, phone: typed, locale: "es" });
    expect(sent).toEqual({ ok: true, phone: typed });
    // Nothing leaves during the request: the job sends it.
    expect(sms.fake.messages).toHaveLength(0);
    await runSmsJobs();
    expect(sms.fake.messages).toHaveLength(1);
    const [message] = sms.fake.messages;
    expect(message!.to).toBe(e164);
    expect(message!.from).toBe("+13125550100");
    const code = /su código es (\d{6})\./.exec(message!.body)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await setup.db.select().from(smsPhones).where(eq(smsPhones.userId, client.id));
    expect(row!.codeHash).not.toContain(code);
    expect(row!.verifiedAt).toBeNull();
    // Once sent, the job's row no longer holds the code.
    const [job] = await smsJobsOf(client.id);
    expect(JSON.stringify(job!.payload)).not.toContain(code);

    expect(await verifyPhoneCode({ actor: client, code: code === "000000" ? "000001" : "000000" })).toEqual({
      ok: false,
      reason: "wrong",
    });
    expect(await verifyPhoneCode({ actor: client, code: code! })).toEqual({ ok: true });
    expect((await loadSmsSettings(client)).phone).toMatchObject({ display: typed, isVerified: true });
    const events = await setup.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.userId, client.id), eq(auditEvents.eventType, "sms_phone_verified")));
    expect(events).toHaveLength(1);
  });

  test("expires after 10 minutes and allows 5 tries", async () => {
    const client = await createClient(setup.db);
    const now = new Date();
    await sendPhoneCode({ actor: client, phone: nextNumber().typed, locale: "en" }, now);
    await runSmsJobs();
    const code = /code is (\d{6})/.exec(sms.fake.messages.at(-1)!.body)![1]!;
    expect(await verifyPhoneCode({ actor: client, code }, addMinutes(now, 11))).toEqual({
      ok: false,
      reason: "expired",
    });
    const wrong = code === "123456" ? "654321" : "123456";
    for (let attempt = 1; attempt <= 4; attempt += 1)
      expect(await verifyPhoneCode({ actor: client, code: wrong }, now)).toEqual({ ok: false, reason: "wrong" });
    expect(await verifyPhoneCode({ actor: client, code: wrong }, now)).toEqual({ ok: false, reason: "tooManyTries" });
    // The right code no longer helps: a new one must be sent.
    expect(await verifyPhoneCode({ actor: client, code }, now)).toEqual({ ok: false, reason: "tooManyTries" });
    expect((await loadSmsSettings(client, now)).phone?.isCodePending).toBe(false);
  });

  test("is sent again at most once a minute and 5 times an hour; a bad number or texts off are refused", async () => {
    const client = await createClient(setup.db);
    const { typed } = nextNumber();
    const start = new Date();
    expect((await sendPhoneCode({ actor: client, phone: typed, locale: "en" }, start)).ok).toBe(true);
    expect(await sendPhoneCode({ actor: client, phone: typed, locale: "en" }, addSeconds(start, 30))).toEqual({
      ok: false,
      reason: "tooSoon",
    });
    for (let send = 1; send <= 4; send += 1)
      expect((await sendPhoneCode({ actor: client, phone: typed, locale: "en" }, addMinutes(start, send * 2))).ok).toBe(
        true,
      );
    expect(await sendPhoneCode({ actor: client, phone: typed, locale: "en" }, addMinutes(start, 12))).toEqual({
      ok: false,
      reason: "tooMany",
    });
    expect(await sendPhoneCode({ actor: client, phone: "555-0142", locale: "en" })).toEqual({
      ok: false,
      reason: "invalidPhone",
    });
    const env = getEnv();
    setEnvForTesting({ ...env, sms: null });
    try {
      const other = await createClient(setup.db);
      expect(await sendPhoneCode({ actor: other, phone: nextNumber().typed, locale: "en" })).toEqual({
        ok: false,
        reason: "unavailable",
      });
      expect((await loadSmsSettings(other)).isAvailable).toBe(false);
    } finally {
      setEnvForTesting(env);
    }
  });

  test("another number is unverified again; removing the number stops texts", async () => {
    const { client, phone } = await verifiedClient();
    const other = nextNumber();
    await sendPhoneCode({ actor: client, phone: other.typed, locale: "en" });
    const [row] = await setup.db.select().from(smsPhones).where(eq(smsPhones.userId, client.id));
    expect(row!.phone).toBe(other.e164);
    expect(row!.phone).not.toBe(phone);
    expect(row!.verifiedAt).toBeNull();
    await removePhone({ actor: client });
    expect((await loadSmsSettings(client)).phone).toBeNull();
    const events = await setup.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.userId, client.id), eq(auditEvents.eventType, "sms_phone_removed")));
    expect(events).toHaveLength(1);
  });
});

describe("which alerts are texted", () => {
  test("an urgent alert to a verified phone with texts on for its type, with the link, in the person's language", async () => {
    const { client, phone } = await verifiedClient();
    await deliver(client.id, {});
    await runSmsJobs();
    expect(sms.fake.messages).toHaveLength(1);
    expect(sms.fake.messages[0]!.to).toBe(phone);
    expect(sms.fake.messages[0]!.body).toBe(
      `Tendly: Caregiver not checked in: Mon, Dec 7, 10:00 AM CST ${getEnv().appUrl}/dashboard/appointments/order/abc Reply STOP to stop texts.`,
    );
  });

  test("never when texts are off for the type, the phone is unverified or opted out, the alert not urgent, or texts not configured", async () => {
    const off = await verifiedClient();
    await deliver(off.client.id, { sms: false });
    const optedOut = await verifiedClient({ optedOut: true });
    await deliver(optedOut.client.id, {});
    const unverified = await createClient(setup.db);
    await setup.db.insert(smsPhones).values({ userId: unverified.id, phone: nextNumber().e164 });
    await deliver(unverified.id, {});
    const notAlert = await verifiedClient();
    await deliver(notAlert.client.id, { subtype: "appointment_reminder" });
    await deliver(notAlert.client.id, { subtype: "visit_late", notification: { priority: "normal" } });
    const noPhone = await createClient(setup.db);
    await deliver(noPhone.id, {});
    const unconfigured = await verifiedClient();
    const env = getEnv();
    setEnvForTesting({ ...env, sms: null });
    try {
      await deliver(unconfigured.client.id, {});
    } finally {
      setEnvForTesting(env);
    }
    await runSmsJobs();
    expect(sms.fake.messages).toEqual([]);
    for (const userId of [off.client.id, optedOut.client.id, unverified.id, notAlert.client.id, noPhone.id])
      expect(await smsJobsOf(userId)).toEqual([]);
  });

  test("a phone that replied STOP after the alert was queued gets nothing", async () => {
    const { client, phone } = await verifiedClient();
    await deliver(client.id, {});
    await setup.db.update(smsPhones).set({ optedOutAt: new Date() }).where(eq(smsPhones.phone, phone));
    await runSmsJobs();
    expect(sms.fake.messages).toEqual([]);
  });
});

describe("the sending job", () => {
  test("error 21610 (the number replied STOP) marks the number opted out and is not retried", async () => {
    const { client, phone } = await verifiedClient();
    await deliver(client.id, {});
    sms.fake.failNext(1, 400, 21610);
    await runSmsJobs();
    const [row] = await setup.db.select().from(smsPhones).where(eq(smsPhones.phone, phone));
    expect(row!.optedOutAt).not.toBeNull();
    const [job] = await smsJobsOf(client.id);
    expect(job!.doneAt).not.toBeNull();
    expect(job!.lastError).toBeNull();
    expect((await loadSmsSettings(client)).phone?.isOptedOut).toBe(true);
  });

  test("a 5xx or an unreachable provider is tried again later; another 4xx is not", async () => {
    const first = await verifiedClient();
    await deliver(first.client.id, {});
    sms.fake.failNext(1, 503);
    await runSmsJobs();
    const [retried] = await smsJobsOf(first.client.id);
    expect(retried!.doneAt).toBeNull();
    expect(retried!.lastError).toContain("503");
    expect(retried!.runAt.getTime()).toBeGreaterThan(Date.now());

    const second = await verifiedClient();
    await deliver(second.client.id, {});
    sms.fake.failNext(1, 400, 21211);
    await runSmsJobs();
    const [refused] = await smsJobsOf(second.client.id);
    expect(refused!.doneAt).not.toBeNull();
    expect(refused!.lastError).toBeNull();
    const [row] = await setup.db.select().from(smsPhones).where(eq(smsPhones.userId, second.client.id));
    expect(row!.optedOutAt).toBeNull();

    const third = await verifiedClient();
    await deliver(third.client.id, {});
    const env = getEnv();
    setEnvForTesting({ ...env, sms: { ...env.sms!, apiBase: "http://127.0.0.1:9" } });
    try {
      await runSmsJobs();
    } finally {
      setEnvForTesting(env);
    }
    const [unreachable] = await smsJobsOf(third.client.id);
    expect(unreachable!.doneAt).toBeNull();
    expect(unreachable!.lastError).toContain("could not be reached");
  });
});

const url = () => `${getEnv().appUrl}/api/sms/webhook`;

function signedRequest(fields: Record<string, string>, token = sms.fake.authToken) {
  const params = new URLSearchParams(fields);
  return new Request(url(), {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Twilio-Signature": smsSignature(url(), params, token),
    },
    body: params.toString(),
  });
}

describe("the webhook for replies", () => {
  test("STOP opts the number out and START back in, each audited; the answer is empty TwiML", async () => {
    const { client, phone } = await verifiedClient();
    const stop = await handleSmsWebhook(signedRequest({ From: phone, To: "+13125550100", Body: "Stop" }));
    expect(stop.status).toBe(200);
    expect(stop.headers.get("content-type")).toBe("text/xml");
    expect(await stop.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    expect((await loadSmsSettings(client)).phone?.isOptedOut).toBe(true);
    await deliver(client.id, {});
    await runSmsJobs();
    expect(sms.fake.messages).toEqual([]);

    await handleSmsWebhook(signedRequest({ From: phone, Body: "START" }));
    expect((await loadSmsSettings(client)).phone?.isOptedOut).toBe(false);
    const events = await setup.db.select().from(auditEvents).where(eq(auditEvents.userId, client.id));
    expect(events.map((event) => event.eventType)).toEqual(expect.arrayContaining(["sms_opted_out", "sms_opted_in"]));
  });

  test("an unsigned request, or one signed with another token, is refused with 403 and changes nothing", async () => {
    const { client, phone } = await verifiedClient();
    const forged = await handleSmsWebhook(signedRequest({ From: phone, Body: "STOP" }, "another-token-0123456789"));
    expect(forged.status).toBe(403);
    const unsigned = await handleSmsWebhook(
      new Request(url(), {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ From: phone, Body: "STOP" }).toString(),
      }),
    );
    expect(unsigned.status).toBe(403);
    expect((await loadSmsSettings(client)).phone?.isOptedOut).toBe(false);
  });
});
