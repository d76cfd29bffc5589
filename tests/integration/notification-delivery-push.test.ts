import { createECDH, createDecipheriv, createHmac, randomBytes, type ECDH } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { getDb } from "~/platform/db/client.server";
import { jobs, pushSubscriptions } from "~/platform/db/schema";
import { createClient } from "~/platform/db/seed/factories.server";
import { pushSubscriptionSchema } from "~/features/notifications/delivery-settings.schema";
import { deliverBeyondApp } from "~/features/notifications/delivery.server";
import { PUSH_TTL_SECONDS, pushJobs } from "~/features/notifications/push.job";
import {
  countPushDevices,
  pushSubscriptionSchemaForServer,
  removePushSubscription,
  savePushSubscription,
} from "~/features/notifications/push-subscriptions.server";
import { loadPushPublicKey } from "~/features/notifications/vapid.server";
import { jobsByName, runDueJobs } from "~/platform/jobs/runner.server";
import type { Notification } from "~/utils/notifications";
import { useAuthTestSetup } from "./auth-env";

// Web push (docs/product-rules.md, "Notification delivery"): a browser's
// subscription is kept, and a notification reaches it through its push
// service, here a local HTTP server standing in for one (the push service is
// the HTTP boundary we cannot reach from tests). The test plays the browser
// too: it holds the subscription's keys and decrypts what arrived (RFC 8291).

const setup = useAuthTestSetup();

type Received = { path: string; headers: IncomingHttpHeaders; body: Buffer };
let server: Server;
let baseUrl: string;
const received: Received[] = [];
/** What the push service answers next, by path. */
const answers = new Map<string, number>();

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "";
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = answers.get(path) ?? 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  received.length = 0;
  answers.clear();
});

/** A browser's side of a subscription: its P-256 key pair and auth secret. */
function browserKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, p256dh: ecdh.getPublicKey().toString("base64url"), authText: auth.toString("base64url") };
}

const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();

/** Decrypts an aes128gcm push message (RFC 8188 and 8291) as the browser would. */
function decryptPush(body: Buffer, browser: { ecdh: ECDH; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublicKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = browser.ecdh.computeSecret(serverPublicKey);
  const keyInfo = Buffer.concat([
    Buffer.from("WebPush: info\0"),
    browser.ecdh.getPublicKey(),
    serverPublicKey,
    Buffer.from([1]),
  ]);
  const ikm = hmac(hmac(browser.auth, shared), keyInfo);
  const prk = hmac(salt, ikm);
  const key = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01")).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01")).subarray(0, 12);
  const decipher = createDecipheriv("aes-128-gcm", key, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then any zero padding.
  let end = padded.length - 1;
  while (padded[end] === 0) end -= 1;
  expect(padded[end], "padding delimiter").toBe(2);
  return padded.subarray(0, end).toString("utf8");
}

function notification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: crypto.randomUUID(),
    type: "schedule",
    title: "Visit tomorrow",
    message: "Jordan R. comes at 9:00 AM.",
    status: "unread",
    priority: "normal",
    createdAt: new Date().toISOString(),
    actionUrl: "/dashboard/appointments",
    ...overrides,
  };
}

const runPushJobs = () => runDueJobs(getDb(), jobsByName(pushJobs));

async function subscribe(userId: string, path: string) {
  const browser = browserKeys();
  const subscription = pushSubscriptionSchemaForServer().parse({
    endpoint: `${baseUrl}${path}`,
    p256dh: browser.p256dh,
    auth: browser.authText,
  });
  await savePushSubscription({ actor: { id: userId }, subscription, userAgent: "Test browser" });
  return browser;
}

describe("push subscriptions", () => {
  test("are kept per person and device, and removed by their owner only", async () => {
    const [user, other] = [await createClient(setup.db), await createClient(setup.db)];
    await subscribe(user.id, "/push/device-a");
    await subscribe(user.id, "/push/device-b");
    // The same device subscribing again is one subscription.
    await subscribe(user.id, "/push/device-b");
    expect(await countPushDevices(user.id)).toBe(2);

    await removePushSubscription({ actor: other, endpoint: `${baseUrl}/push/device-a` });
    expect(await countPushDevices(user.id)).toBe(2);
    await removePushSubscription({ actor: user, endpoint: `${baseUrl}/push/device-a` });
    expect(await countPushDevices(user.id)).toBe(1);
  });

  test("endpoints must be a known push service over https; plain http to this machine only outside production", () => {
    const keys = browserKeys();
    const valid = (endpoint: string, allowLoopbackHttp = false) =>
      pushSubscriptionSchema({ allowLoopbackHttp }).safeParse({ endpoint, p256dh: keys.p256dh, auth: keys.authText })
        .success;
    expect(valid("https://fcm.googleapis.com/fcm/send/abc")).toBe(true);
    expect(valid("https://updates.push.services.mozilla.com/wpush/v2/abc")).toBe(true);
    expect(valid("https://web.push.apple.com/QGc")).toBe(true);
    expect(valid("https://wns2-par02p.notify.windows.com/w/?token=abc")).toBe(true);
    expect(valid("https://fcm.googleapis.com.evil.test/send")).toBe(false);
    expect(valid("https://10.0.0.5/push")).toBe(false);
    expect(valid("https://localhost/push")).toBe(false);
    expect(valid("https://fcm.googleapis.com:8443/send")).toBe(false);
    expect(valid("http://fcm.googleapis.com/send")).toBe(false);
    expect(valid("http://127.0.0.1:9000/push")).toBe(false);
    expect(valid("http://127.0.0.1:9000/push", true)).toBe(true);
    expect(valid("http://192.168.1.2:9000/push", true)).toBe(false);
    expect(valid("javascript:alert(1)", true)).toBe(false);
  });

  test("the server has a VAPID public key (generated once for the embedded default)", async () => {
    const key = await loadPushPublicKey();
    expect(key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(Buffer.from(key!, "base64url")[0]).toBe(4);
    expect(await loadPushPublicKey()).toBe(key);
  });
});

describe("sending a push", () => {
  test("reaches each device, encrypted for it and signed with the server's VAPID key", async () => {
    const user = await createClient(setup.db);
    const phone = await subscribe(user.id, "/push/phone");
    await subscribe(user.id, "/push/laptop");
    const sent = notification();
    await deliverBeyondApp({
      userId: user.id,
      locale: "en",
      notification: sent,
      channels: { inApp: true, email: false, push: true, sms: false },
      emailedSeparately: false,
    });
    expect(await runPushJobs()).toBe(2);

    expect(received.map((request) => request.path).sort()).toEqual(["/push/laptop", "/push/phone"]);
    const toPhone = received.find((request) => request.path === "/push/phone")!;
    const publicKey = await loadPushPublicKey();
    expect(toPhone.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`));
    expect(toPhone.headers.ttl).toBe(String(PUSH_TTL_SECONDS.normal));
    expect(toPhone.headers.urgency).toBe("normal");
    expect(toPhone.headers["content-encoding"]).toBe("aes128gcm");
    // The token is for this push service's origin.
    const claims = JSON.parse(
      Buffer.from(toPhone.headers.authorization!.split(" ")[1]!.split(".")[1]!, "base64url").toString(),
    );
    expect(claims.aud).toBe(baseUrl);
    // Only the device's keys open the message.
    expect(JSON.parse(decryptPush(toPhone.body, phone))).toEqual({
      title: sent.title,
      body: sent.message,
      url: `${setup.env.appUrl}/dashboard/appointments`,
      tag: sent.id,
    });
    const [row] = await setup.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, `${baseUrl}/push/phone`));
    expect(row?.lastSuccessAt).not.toBeNull();
  });

  test("an urgent push is sent with high urgency and a short life", async () => {
    const user = await createClient(setup.db);
    await subscribe(user.id, "/push/urgent");
    await deliverBeyondApp({
      userId: user.id,
      locale: "en",
      notification: notification({ priority: "urgent" }),
      channels: { inApp: true, email: false, push: true, sms: false },
      emailedSeparately: false,
    });
    await runPushJobs();
    expect(received).toHaveLength(1);
    expect(received[0]!.headers.urgency).toBe("high");
    expect(received[0]!.headers.ttl).toBe(String(PUSH_TTL_SECONDS.urgent));
  });

  test("nothing is pushed when push is off for the type", async () => {
    const user = await createClient(setup.db);
    await subscribe(user.id, "/push/off");
    await deliverBeyondApp({
      userId: user.id,
      locale: "en",
      notification: notification(),
      channels: { inApp: true, email: false, push: false, sms: false },
      emailedSeparately: false,
    });
    expect(await runPushJobs()).toBe(0);
    expect(received).toEqual([]);
  });

  test("a subscription the push service says is gone (410) is deleted", async () => {
    const user = await createClient(setup.db);
    await subscribe(user.id, "/push/gone");
    answers.set("/push/gone", 410);
    await deliverBeyondApp({
      userId: user.id,
      locale: "en",
      notification: notification(),
      channels: { inApp: true, email: false, push: true, sms: false },
      emailedSeparately: false,
    });
    await runPushJobs();
    expect(received).toHaveLength(1);
    expect(await countPushDevices(user.id)).toBe(0);
  });

  test("another failure counts against the subscription and the job is tried again", async () => {
    const user = await createClient(setup.db);
    await subscribe(user.id, "/push/busy");
    answers.set("/push/busy", 503);
    await deliverBeyondApp({
      userId: user.id,
      locale: "en",
      notification: notification(),
      channels: { inApp: true, email: false, push: true, sms: false },
      emailedSeparately: false,
    });
    await runPushJobs();
    const [row] = await setup.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, `${baseUrl}/push/busy`));
    expect(row?.failures).toBe(1);
    const pending = await setup.db
      .select({ doneAt: jobs.doneAt, lastError: jobs.lastError, runAt: jobs.runAt })
      .from(jobs)
      .where(eq(jobs.name, "notifications.push"));
    const retry = pending.find((entry) => entry.doneAt === null);
    expect(retry?.lastError).toBe("The push service answered 503");
    expect(retry!.runAt.getTime()).toBeGreaterThan(Date.now());
  });
});
