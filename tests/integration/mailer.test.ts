import { existsSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { eq } from "drizzle-orm";
import { onJobQueued } from "~/platform/db/job-queue.server";
import { jobs } from "~/platform/db/schema";
import {
  deliverEmail,
  isOutboxTransport,
  listOutbox,
  outboxDir,
  readOutboxEntry,
  SEND_EMAIL_JOB,
  sendEmail,
} from "~/platform/email/mailer.server";
import { emailJobs as emailJobDefinitions } from "~/platform/email/send-email.job";
import { runDueJobs, startJobRunner } from "~/platform/jobs/runner.server";
import { resetPasswordEmail } from "~/platform/email/templates/auth-emails";
import { requireMailbox } from "~/routes/dev/mailbox.server";
import { createTestDatabase, type TestDatabase } from "./db";
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

function mailboxRefusal(headers: Record<string, string> = {}): number | undefined {
  try {
    requireMailbox(new Request("http://127.0.0.1:3000/dev/mailbox", { headers }));
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
    await deliverEmail({ to: "casey@example.test", ...reset });

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
    await deliverEmail({ to: "a@example.test", subject: "First", text: "1", html: "<p>1</p>" });
    // Entries are ordered by their sending time, to the millisecond: the second
    // is sent once the clock has moved past the first's.
    const [first] = await listOutbox();
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(Date.parse(first!.sentAt)), { interval: 1 });
    await deliverEmail({ to: "b@example.test", subject: "Second", text: "2", html: "<p>2</p>" });
    expect((await listOutbox()).map((entry) => entry.subject)).toEqual(["Second", "First"]);
  });

  test("a damaged file in the outbox (cut short, or not an entry) is skipped; the rest still list and read", async () => {
    useTestEnv({ DATA_DIR: dataDir });
    await deliverEmail({ to: "a@example.test", subject: "Whole", text: "1", html: "<p>1</p>" });
    const [whole] = await listOutbox();
    await writeFile(
      path.join(outboxDir(), "2020-01-01T00-00-00-000Z-cut.json"),
      '{"id":"2020-01-01T00-00-00-000Z-cut","to":"b@',
    );
    await writeFile(path.join(outboxDir(), "2020-01-01T00-00-00-000Z-null.json"), "null");
    await writeFile(path.join(outboxDir(), "2020-01-01T00-00-00-000Z-other.json"), '{"hello":"world"}');
    expect((await listOutbox()).map((entry) => entry.subject)).toEqual(["Whole"]);
    expect(await readOutboxEntry("2020-01-01T00-00-00-000Z-cut")).toBeUndefined();
    expect((await readOutboxEntry(whole!.id))?.subject).toBe("Whole");
    // No temporary file is left beside what was written.
    expect((await readdir(outboxDir())).filter((file) => file.endsWith(".tmp"))).toEqual([]);
  });

  test("an empty or missing outbox lists nothing; unknown or unsafe ids read nothing", async () => {
    useTestEnv({ DATA_DIR: dataDir });
    expect(await listOutbox()).toEqual([]);
    await deliverEmail({ to: "a@example.test", subject: "Hello", text: "1", html: "<p>1</p>" });
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
    await deliverEmail({ to: "casey@example.test", ...reset });

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

  test("a refused recipient makes delivery fail rather than lose the message silently", async () => {
    useTestEnv({ DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${port}` });
    server.onRcptTo = (_address, _session, callback) => callback(new Error("No such user here"));
    try {
      await expect(
        deliverEmail({ to: "nobody@example.test", subject: "Hello", text: "Hi", html: "<p>Hi</p>" }),
      ).rejects.toThrow(/No such user here|recipients/i);
    } finally {
      server.onRcptTo = (_address, _session, callback) => callback();
    }
    expect(received).toHaveLength(0);
  });
});

describe("sendEmail queues the email for the job runner", () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  const emailJobs = () => testDb.db.select().from(jobs).where(eq(jobs.name, SEND_EMAIL_JOB));

  test("nothing is written until the job runs; the job delivers it and keeps only the envelope", async () => {
    useTestEnv({ DATA_DIR: dataDir });
    const reset = resetPasswordEmail({ name: "Casey", url: "http://127.0.0.1:3000/reset-password?token=s3cret" });
    await sendEmail({ to: "queued@example.test", ...reset });
    expect(await listOutbox()).toEqual([]);
    const [queued] = (await emailJobs()).filter((job) => job.payload.to === "queued@example.test");
    expect(queued).toMatchObject({ doneAt: null, payload: { subject: "Reset your Tendly password" } });

    expect(await runDueJobs(testDb.db, emailJobDefinitions)).toBe(1);
    const [entry, ...others] = await listOutbox();
    expect(others).toEqual([]);
    expect(entry).toMatchObject({ to: "queued@example.test", subject: "Reset your Tendly password", text: reset.text });
    const [done] = await testDb.db.select().from(jobs).where(eq(jobs.id, queued!.id));
    expect(done!.doneAt).toBeInstanceOf(Date);
    expect(done!.payload).toEqual({ to: "queued@example.test", subject: "Reset your Tendly password" });
    expect(JSON.stringify(done)).not.toContain("s3cret");
    expect(await runDueJobs(testDb.db, emailJobDefinitions)).toBe(0);
  });

  test("a transport that fails leaves the job queued for a later attempt, with its error", async () => {
    useTestEnv({ DATA_DIR: dataDir, SMTP_URL: "smtp://127.0.0.1:1" });
    await sendEmail({ to: "retry@example.test", subject: "Hello", text: "Hi", html: "<p>Hi</p>" });
    const before = Date.now();
    expect(await runDueJobs(testDb.db, emailJobDefinitions)).toBe(1);
    const [job] = (await emailJobs()).filter((row) => row.payload.to === "retry@example.test");
    expect(job).toMatchObject({ doneAt: null, attempts: 1, payload: { text: "Hi" } });
    expect(job!.lastError).toBeTruthy();
    expect(job!.runAt.getTime()).toBeGreaterThanOrEqual(before + 50_000);
  });

  test("a queued email wakes the runner: it goes out before the next poll", async () => {
    useTestEnv({ DATA_DIR: dataDir });
    const runner = startJobRunner(testDb.db, emailJobDefinitions, 60_000);
    const stopWaking = onJobQueued(runner.wake);
    try {
      // The runner's first look must be over before the email is queued, so
      // that only a wake-up can send it before the poll, a minute away. A first
      // email wakes the runner at once (in place of its look at start); once
      // that email's job is done, that look is over and the runner is idle.
      await sendEmail({ to: "first-look@example.test", subject: "First look", text: "0", html: "<p>0</p>" });
      await vi.waitFor(
        async () => {
          const [job] = (await emailJobs()).filter((row) => row.payload.to === "first-look@example.test");
          expect(job?.doneAt, "the first email's job done").toBeInstanceOf(Date);
        },
        { timeout: 10_000, interval: 20 },
      );
      await sendEmail({ to: "prompt@example.test", subject: "Prompt", text: "1", html: "<p>1</p>" });
      await expect
        .poll(async () => (await listOutbox()).map((entry) => entry.to), { timeout: 5000 })
        .toContain("prompt@example.test");
    } finally {
      stopWaking();
      await runner.stop();
    }
  });
});

describe("the dev mailbox guard", () => {
  test("is open in development or with DEV_MAILBOX=true, on a loopback server with the outbox transport", () => {
    useTestEnv({ DATA_DIR: dataDir, HOST: "127.0.0.1", NODE_ENV: "development" });
    expect(mailboxRefusal()).toBeUndefined();
    useTestEnv({ DATA_DIR: dataDir, HOST: "localhost", DEV_MAILBOX: "true" });
    expect(mailboxRefusal()).toBeUndefined();
  });

  test("is closed by default in production, even on loopback", () => {
    useTestEnv({ DATA_DIR: dataDir, HOST: "127.0.0.1", NODE_ENV: "production" });
    expect(mailboxRefusal()).toBe(404);
    useTestEnv({ DATA_DIR: dataDir, NODE_ENV: "development", DEV_MAILBOX: "false" });
    expect(mailboxRefusal()).toBe(404);
  });

  test("answers 404 when the server listens beyond loopback", () => {
    useTestEnv({ DATA_DIR: dataDir, HOST: "0.0.0.0", DEV_MAILBOX: "true" });
    expect(mailboxRefusal()).toBe(404);
    useTestEnv({ DATA_DIR: dataDir, HOST: "192.168.1.20", NODE_ENV: "development" });
    expect(mailboxRefusal()).toBe(404);
  });

  test("answers 404 when a proxy is trusted, or to a request that came through a proxy", () => {
    useTestEnv({ DATA_DIR: dataDir, DEV_MAILBOX: "true", TRUST_PROXY: "1" });
    expect(mailboxRefusal()).toBe(404);
    useTestEnv({ DATA_DIR: dataDir, DEV_MAILBOX: "true" });
    const headers = ["x-forwarded-for", "x-forwarded-host", "forwarded", "x-real-ip", "via"];
    expect(headers.map((header) => mailboxRefusal({ [header]: "203.0.113.9" }))).toEqual(headers.map(() => 404));
  });

  test("answers 404 when real email is configured", () => {
    useTestEnv({ DATA_DIR: dataDir, DEV_MAILBOX: "true", SMTP_URL: "smtp://127.0.0.1:2525" });
    expect(mailboxRefusal()).toBe(404);
  });
});
