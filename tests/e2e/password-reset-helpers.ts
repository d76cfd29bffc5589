import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "./fixtures";

// Reset-link and email helpers for the password-reset, profile and account tests: emails are read from
// the server's outbox, as a person reads their inbox.

type OutboxEntry = { to: string; subject: string; text: string; sentAt: string };

async function outbox(): Promise<OutboxEntry[]> {
  const dir = path.join(process.env.E2E_DATA_DIR!, "outbox");
  const files = (await readdir(dir).catch(() => [] as string[])).filter((file) => file.endsWith(".json"));
  const entries = await Promise.all(
    files.map(async (file) => JSON.parse(await readFile(path.join(dir, file), "utf8")) as OutboxEntry),
  );
  return entries.sort((a, b) => b.sentAt.localeCompare(a.sentAt));
}

/** The newest email to `address` with `subject`, waiting for it to arrive. */
export async function latestEmail(address: string, subject: string): Promise<OutboxEntry> {
  let found: OutboxEntry | undefined;
  await expect
    .poll(
      async () => {
        found = (await outbox()).find((entry) => entry.to === address && entry.subject === subject);
        return found !== undefined;
      },
      { message: `"${subject}" to ${address}` },
    )
    .toBe(true);
  return found!;
}

/** Emails sent to `address` (only those with `subject`, when given). */
export async function emailCount(address: string, subject?: string): Promise<number> {
  return (await outbox()).filter(
    (entry) => entry.to === address && (subject === undefined || entry.subject === subject),
  ).length;
}

/** The link of the newest password-reset email to `address` (through /api/auth/reset-password/<token>). */
export async function resetLinkFor(address: string): Promise<string> {
  const email = await latestEmail(address, "Reset your Tendly password");
  const link = email.text.match(/https?:\/\/\S+\/api\/auth\/reset-password\/\S+/)?.[0];
  expect(link, "reset link").toBeDefined();
  return link!;
}

/** A seeded, approved demo caregiver's address (demo-caregivers.ts: first.last@caregivers.demo.tendly.test). */
export function seededCaregiverEmail(firstName: string, lastName: string): string {
  return `${firstName}.${lastName}`.toLowerCase() + "@caregivers.demo.tendly.test";
}

let accountCounter = 0;
export function uniqueEmail(prefix: string): string {
  accountCounter += 1;
  return `${prefix}-${Date.now().toString(36)}-${accountCounter}-${test.info().workerIndex}@example.test`;
}
