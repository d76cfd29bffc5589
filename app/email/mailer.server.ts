import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { getEnv } from "~/utils/env.server";

export type EmailMessage = { to: string; subject: string; html: string; text: string };

/** What the outbox keeps beside each .eml file, for the dev mailbox. */
export type OutboxEntry = {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
};

type Mailer = { kind: "outbox" | "smtp"; transporter: Transporter };

const holder = globalThis as typeof globalThis & { __tendlyMailer?: Mailer };

export function outboxDir(): string {
  return path.resolve(getEnv().DATA_DIR, "outbox");
}

function createMailer(): Mailer {
  const env = getEnv();
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

export async function sendEmail(message: EmailMessage): Promise<void> {
  const env = getEnv();
  const mailer = getMailer();
  const info = await mailer.transporter.sendMail({ from: env.MAIL_FROM, ...message });
  if (mailer.kind === "smtp") return;
  const sentAt = new Date();
  const id = `${sentAt.toISOString().replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}`;
  const dir = outboxDir();
  await mkdir(dir, { recursive: true });
  const entry: OutboxEntry = { id, from: env.MAIL_FROM, ...message, sentAt: sentAt.toISOString() };
  await writeFile(path.join(dir, `${id}.eml`), (info as { message: Buffer }).message);
  await writeFile(path.join(dir, `${id}.json`), JSON.stringify(entry, null, 2));
}

const ID_PATTERN = /^[0-9A-Za-z-]+$/;

export async function listOutbox(): Promise<OutboxEntry[]> {
  const dir = outboxDir();
  const files = await readdir(dir).catch(() => [] as string[]);
  const entries = await Promise.all(
    files
      .filter((file) => file.endsWith(".json"))
      .map(async (file) => JSON.parse(await readFile(path.join(dir, file), "utf8")) as OutboxEntry),
  );
  return entries.sort((a, b) => b.sentAt.localeCompare(a.sentAt));
}

export async function readOutboxEntry(id: string): Promise<OutboxEntry | undefined> {
  if (!ID_PATTERN.test(id)) return undefined;
  try {
    return JSON.parse(await readFile(path.join(outboxDir(), `${id}.json`), "utf8")) as OutboxEntry;
  } catch {
    return undefined;
  }
}
