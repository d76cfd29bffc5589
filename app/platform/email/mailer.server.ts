import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type Nodemailer from "nodemailer";
import type { Transporter } from "nodemailer";
import { loadOnUse } from "~/utils/load-on-use.server";
import { z } from "zod";
import { defineJob, queueJob } from "~/platform/db/job-queue.server";
import { writeFileAtomically } from "~/utils/atomic-file.server";
import { getEnv } from "~/utils/env.server";
import type { Executor } from "~/platform/db/client.server";

export type EmailMessage = {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers, such as List-Unsubscribe (docs/product-rules.md, "Notification delivery"). */
  headers?: Record<string, string>;
};

/** What the outbox keeps beside each .eml file, for the dev mailbox. */
export type OutboxEntry = {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  sentAt: string;
};

/** Loaded with the first email (utils/load-on-use.server.ts). */
const mailerSdk = loadOnUse<typeof Nodemailer>("nodemailer");

type Mailer = { kind: "outbox" | "smtp"; transporter: Transporter };

const holder = globalThis as typeof globalThis & { __tendlyMailer?: Mailer };

export function outboxDir(): string {
  return path.resolve(getEnv().DATA_DIR, "outbox");
}

function createMailer(): Mailer {
  const env = getEnv();
  const nodemailer = mailerSdk();
  if (env.SMTP_URL) return { kind: "smtp", transporter: nodemailer.createTransport(env.SMTP_URL) };
  // streamTransport renders the full MIME message without sending it anywhere.
  return {
    kind: "outbox",
    transporter: nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }),
  };
}

function getMailer(): Mailer {
  holder.__tendlyMailer ??= createMailer();
  return holder.__tendlyMailer;
}

export function isOutboxTransport(): boolean {
  return getMailer().kind === "outbox";
}

/** Only for tests that switch transports. */
export function resetMailerForTesting() {
  holder.__tendlyMailer = undefined;
}

/**
 * The job that delivers one queued email. Declared here, where sendEmail
 * queues it; its handler is app/platform/email/send-email.job.ts (which imports this file).
 */
export const sendEmailJob = defineJob({
  name: "email.send",
  payload: z.union([
    z.object({
      to: z.string().min(1),
      subject: z.string(),
      html: z.string(),
      text: z.string(),
      headers: z.record(z.string(), z.string()).optional(),
    }),
    // What a delivered email's job keeps (send-email.job.ts): met again only
    // when the process died between cutting the body and marking the job done.
    z.strictObject({ to: z.string(), subject: z.string() }),
  ]),
});
export const SEND_EMAIL_JOB = sendEmailJob.name;

/**
 * Queues an email: a job in the `jobs` table that the job runner delivers
 * (retrying on failure), never inside the request that asked for it
 * (docs/decisions/0009-emails-through-the-job-queue.md). Pass the caller's
 * transaction, so that the email is queued if and only if the change that
 * causes it commits. With `runAt` it waits until that time (quiet hours).
 */
export async function sendEmail(message: EmailMessage, tx?: Executor, options: { runAt?: Date } = {}): Promise<void> {
  const { to, subject, html, text, headers } = message;
  await queueJob(sendEmailJob, { to, subject, html, text, headers }, { tx, runAt: options.runAt });
}

/**
 * A delivery's stable name, from the job that delivers it: the same on every
 * attempt of that job, different for every other email (the job id alone may
 * repeat in another database, such as a test's).
 */
export function deliveryKey(job: { jobId: number; queuedAt: Date }): string {
  return `${job.queuedAt.toISOString().replace(/[:.]/g, "-")}-job-${job.jobId}`;
}

/** The domain of MAIL_FROM, for Message-IDs. */
function mailDomain(from: string): string {
  return /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "tendly.invalid";
}

/**
 * Hands one email to the transport now: SMTP, or a file in the outbox. Throws
 * when the transport refuses it. With a `key` (deliveryKey of its job), the
 * delivery is idempotent for the outbox: a second delivery with that key
 * replaces the first files rather than adding a message. Over SMTP, the key
 * becomes the Message-ID, so that a re-send (a process killed after the
 * server accepted the message but before its job was marked done) carries the
 * same Message-ID as the first and receivers can drop the duplicate.
 */
export async function deliverEmail(message: EmailMessage, options: { key?: string } = {}): Promise<void> {
  const env = getEnv();
  const mailer = getMailer();
  const messageId = options.key ? `<${options.key}@${mailDomain(env.MAIL_FROM)}>` : undefined;
  const info = await mailer.transporter.sendMail({ from: env.MAIL_FROM, ...message, messageId });
  if (mailer.kind === "smtp") return;
  const sentAt = new Date();
  const id = options.key ?? `${sentAt.toISOString().replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}`;
  const dir = outboxDir();
  await mkdir(dir, { recursive: true });
  const entry: OutboxEntry = { id, from: env.MAIL_FROM, ...message, sentAt: sentAt.toISOString() };
  await writeFileAtomically(path.join(dir, `${id}.eml`), (info as { message: Buffer }).message);
  await writeFileAtomically(path.join(dir, `${id}.json`), JSON.stringify(entry, null, 2));
}

const ID_PATTERN = /^[0-9A-Za-z-]+$/;

export async function listOutbox(): Promise<OutboxEntry[]> {
  const dir = outboxDir();
  const files = await readdir(dir).catch(() => [] as string[]);
  const entries = await Promise.all(
    files.filter((file) => file.endsWith(".json")).map((file) => readOutboxFile(path.join(dir, file))),
  );
  return entries.filter((entry) => entry !== undefined).sort((a, b) => b.sentAt.localeCompare(a.sentAt));
}

/**
 * One outbox entry, or undefined when it is missing or damaged (a file cut
 * short or edited by hand, not one of ours: ours are written atomically), so
 * that one bad file never breaks the mailbox's listing.
 */
async function readOutboxFile(file: string): Promise<OutboxEntry | undefined> {
  try {
    const entry = JSON.parse(await readFile(file, "utf8")) as Partial<OutboxEntry> | null;
    if (typeof entry?.id !== "string" || typeof entry.sentAt !== "string" || typeof entry.to !== "string") {
      throw new TypeError("not an outbox entry");
    }
    return entry as OutboxEntry;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT")
      console.warn(`Outbox: skipped ${path.basename(file)}, which cannot be read:`, (error as Error).message);
    return undefined;
  }
}

export async function readOutboxEntry(id: string): Promise<OutboxEntry | undefined> {
  if (!ID_PATTERN.test(id)) return undefined;
  return readOutboxFile(path.join(outboxDir(), `${id}.json`));
}
