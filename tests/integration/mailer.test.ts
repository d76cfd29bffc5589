import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { isOutboxTransport, listOutbox, outboxDir, readOutboxEntry, sendEmail } from "~/email/mailer.server";
import { resetPasswordEmail } from "~/email/templates/auth-emails";
import { requireMailbox } from "~/routes/dev/mailbox.server";
import { createDataDir, useTestEnv } from "./env";

let dataDir: string;
let removeDataDir: () => Promise<void>;

beforeEach(async () => {
  ({ dir: dataDir, remove: removeDataDir } = await createDataDir());
});

afterEach(async () => {
  await removeDataDir();
  useTestEnv();
});

/** Decodes a quoted-printable MIME body, enough to search it for text. */
function decodeQuotedPrintable(value: string): string {
  return Buffer.from(
    value.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
}

function mailboxRefusal(): number | undefined {
  try {
    requireMailbox();
    return undefined;
  } catch (error) {
    return error instanceof Response ? error.status : -1;
  }
}

describe("the default outbox transport", () => {
  test("writes the message as .eml and .json under DATA_DIR/outbox and lists it", async () => {
    useTestEnv({ DATA_DIR: dataDir });
    expect(isOutboxTransport()).toBe(true);
    expect(outboxDir()).toBe(path.join(dataDir, "outbox"));

    const reset = resetPasswordEmail({ name: "Casey", url: "http://127.0.0.1:3000/reset-password?token=t0k3n" });
    await sendEmail({ to: "casey@example.test", ...reset });

    const files = (await readdir(path.join(dataDir, "outbox"))).sort();
    expect(files).toHaveLength(2);
    const [eml, json] = files as [string, string];
    expect(eml).toMatch(/\.eml$/);
    expect(json).toBe(eml.replace(/\.eml$/, ".json"));

    const raw = await readFile(path.join(dataDir, "outbox", eml), "utf8");
    expect(raw).toMatch(/^Subject: Reset your Tendly password$/m);
    expect(raw).toMatch(/^To: casey@example\.test$/m);
    expect(raw).toMatch(/^From: Tendly <hello@tendly\.test>$/m);
    expect(raw).toMatch(/^Content-Type: multipart\/alternative/m);
    expect(decodeQuotedPrintable(raw)).toContain("http://127.0.0.1:3000/reset-password?token=t0k3n");

    const [entry, ...others] = await listOutbox();
    expect(others).toHaveLength(0);
    expect(entry).toMatchObject({
      id: eml.replace(/\.eml$/, ""),
      to: "casey@example.test",
      from: "Tendly <hello@tendly.test>",
      subject: "Reset your Tendly password",
      text: reset.text,
      html: reset.html,
    });
    expect(await readOutboxEntry(entry!.id)).toEqual(entry);
  });

  test("lists the newest message first", async () => {
    useTestEnv({ DATA_DIR: dataDir });
    await sendEmail({ to: "a@example.test", subject: "First", text: "1", html: "<p>1</p>" });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await sendEmail({ to: "b@example.test", subject: "Second", text: "2", html: "<p>2</p>" });
    expect((await listOutbox()).map((entry) => entry.subject)).toEqual(["Second", "First"]);
  });

  test("an empty or missing outbox lists nothing; unknown or unsafe ids read nothing", async () => {
    useTestEnv({ DATA_DIR: dataDir });
    expect(await listOutbox()).toEqual([]);
    await sendEmail({ to: "a@example.test", subject: "Hello", text: "1", html: "<p>1</p>" });
    expect(await readOutboxEntry("2020-01-01T00-00-00-000Z-deadbeef")).toBeUndefined();
    expect(await readOutboxEntry("../secrets")).toBeUndefined();
    expect(await readOutboxEntry("..%2Fsecrets")).toBeUndefined();
  });
});

describe("with SMTP_URL", () => {
  type Received = { from: string; to: string[]; raw: string };
  let server: SMTPServer;
  let port: number;
  let received: Received[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((address) => address.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => resolve());
    });
    port = (server.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
  });

  beforeEach(() => {
    received = [];
  });

  test("the message arrives at the SMTP server, and nothing goes to the outbox", async () => {
    useTestEnv({ DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "Tendly <no-reply@tendly.test>" });
    expect(isOutboxTransport()).toBe(false);

    const reset = resetPasswordEmail({ name: "Casey", url: "https://tendly.example/reset-password?token=abc123" });
    await sendEmail({ to: "casey@example.test", ...reset });

    expect(received).toHaveLength(1);
    const [message] = received as [Received];
    expect(message.from).toBe("no-reply@tendly.test");
    expect(message.to).toEqual(["casey@example.test"]);
    expect(message.raw).toMatch(/^Subject: Reset your Tendly password\r?$/m);
    expect(message.raw).toMatch(/^To: casey@example\.test\r?$/m);
    const body = decodeQuotedPrintable(message.raw);
    expect(body).toContain("Choose a new password: https://tendly.example/reset-password?token=abc123");
    expect(body).toContain('href="https://tendly.example/reset-password?token=abc123"');

    expect(existsSync(path.join(dataDir, "outbox"))).toBe(false);
    expect(await listOutbox()).toEqual([]);
  });

  test("a refused recipient makes sendEmail fail rather than lose the message silently", async () => {
    useTestEnv({ DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${port}` });
    server.onRcptTo = (_address, _session, callback) => callback(new Error("No such user here"));
    try {
      await expect(
        sendEmail({ to: "nobody@example.test", subject: "Hello", text: "Hi", html: "<p>Hi</p>" }),
      ).rejects.toThrow(/No such user here|recipients/i);
    } finally {
      server.onRcptTo = (_address, _session, callback) => callback();
    }
    expect(received).toHaveLength(0);
  });
});

describe("the dev mailbox guard", () => {
  test("is open on a loopback server with the outbox transport", () => {
    useTestEnv({ DATA_DIR: dataDir, HOST: "127.0.0.1" });
    expect(mailboxRefusal()).toBeUndefined();
    useTestEnv({ DATA_DIR: dataDir, HOST: "localhost" });
    expect(mailboxRefusal()).toBeUndefined();
  });

  test("answers 404 when the server listens beyond loopback", () => {
    useTestEnv({ DATA_DIR: dataDir, HOST: "0.0.0.0" });
    expect(mailboxRefusal()).toBe(404);
    useTestEnv({ DATA_DIR: dataDir, HOST: "192.168.1.20" });
    expect(mailboxRefusal()).toBe(404);
  });

  test("answers 404 when real email is configured", () => {
    useTestEnv({ DATA_DIR: dataDir, HOST: "127.0.0.1", SMTP_URL: "smtp://127.0.0.1:2525" });
    expect(mailboxRefusal()).toBe(404);
  });
});
