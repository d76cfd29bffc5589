import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";

// A local stand-in for the text-message provider (docs/decisions/0049-text-messages.md): Twilio's
// Messages endpoint, POST /2010-04-01/Accounts/{sid}/Messages.json with basic auth sid:token and a
// form-encoded To, From and Body. It records every message it accepts and can be told to answer the
// next requests with an error (a 5xx, or Twilio's 400 with error 21610 for a number that replied
// STOP). Integration tests start it in their process; the end-to-end suite runs it as a web server
// of its own (playwright.config.ts) and reads the messages back from GET /messages.

export type FakeSmsMessage = { sid: string; to: string; from: string; body: string; at: string };

export type FakeSms = {
  url: string;
  accountSid: string;
  authToken: string;
  messages: FakeSmsMessage[];
  /** Requests refused for their credentials. */
  unauthorized: number;
  /** The next `count` sends answer this status (and Twilio error code, for a 4xx). */
  failNext: (count: number, status: number, code?: number) => void;
  close: () => Promise<void>;
};

export const FAKE_SMS_ACCOUNT = {
  accountSid: "AC00000000000000000000000000000e2e",
  authToken: "fake-sms-auth-token-0123456789",
};

/** The number the end-to-end suite's server sends from. */
export const E2E_SMS_FROM = "+13125550100";

export async function startFakeSms(port = 0, account = FAKE_SMS_ACCOUNT): Promise<FakeSms> {
  const messages: FakeSmsMessage[] = [];
  let failure: { count: number; status: number; code?: number } = { count: 0, status: 500 };
  const state = { unauthorized: 0 };
  const expectedAuth = `Basic ${Buffer.from(`${account.accountSid}:${account.authToken}`).toString("base64")}`;
  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://fake");
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === "/healthz") return send(200, { ok: true });
    if (request.method === "GET" && url.pathname === "/messages") {
      const to = url.searchParams.get("to");
      return send(200, to ? messages.filter((message) => message.to === to) : messages);
    }
    const path = `/2010-04-01/Accounts/${account.accountSid}/Messages.json`;
    if (request.method !== "POST" || !url.pathname.startsWith("/2010-04-01/Accounts/"))
      return send(404, { code: 20404, message: "The requested resource was not found", status: 404 });
    if (request.headers.authorization !== expectedAuth || url.pathname !== path) {
      state.unauthorized += 1;
      return send(401, { code: 20003, message: "Authenticate", status: 401 });
    }
    let raw = "";
    for await (const chunk of request) raw += String(chunk);
    if (failure.count > 0) {
      failure.count -= 1;
      return send(failure.status, {
        code: failure.code ?? null,
        message: "Refused by the fake",
        status: failure.status,
      });
    }
    const form = new URLSearchParams(raw);
    const to = form.get("To") ?? "";
    const body = form.get("Body") ?? "";
    if (!/^\+[1-9]\d{6,14}$/.test(to) || !body)
      return send(400, { code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 });
    const message = {
      sid: `SM${String(messages.length + 1).padStart(32, "0")}`,
      to,
      from: form.get("From") ?? "",
      body,
      at: new Date().toISOString(),
    };
    messages.push(message);
    send(201, { sid: message.sid, status: "queued", to, from: message.from, body });
  });
  server.listen(port, "127.0.0.1");
  await once(server, "listening");
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    ...account,
    messages,
    get unauthorized() {
      return state.unauthorized;
    },
    failNext: (count, status, code) => {
      failure = { count, status, code };
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeSms(Number(process.argv[2]));
  console.log(`Fake text-message provider at ${fake.url}`);
  process.on("SIGTERM", () => void fake.close().then(() => process.exit(0)));
}
