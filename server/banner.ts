import path from "node:path";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "~/platform/db/seed/seed.server";
import type { Env } from "~/utils/env.server";

/**
 * What a start prints once the server answers: its URL, the database, the demo mode and accounts, the
 * mailbox. One process prints it, the primary when several workers serve (server/cluster.ts).
 */
export function startBanner(env: Env, seeded: boolean, workers?: number[]): string[] {
  // Since the process started: module loading and any build included.
  const seconds = process.uptime().toFixed(1);
  const lines = [`\nTendly is running at ${env.appUrl}  (ready ${seconds} s after launch)`];
  if (workers)
    lines.push(`Workers: ${workers.length} (pids ${workers.join(", ")}); SIGUSR2 restarts them one at a time.`);
  lines.push(
    env.isEmbeddedDatabase
      ? `Database: embedded PostgreSQL, data in ${env.pgDataDir}`
      : "Database: PostgreSQL from DATABASE_URL",
  );
  if (seeded) lines.push("Seeded the demo accounts and 60 demo caregivers.");
  lines.push(`Demo mode: ${env.demo.enabled ? "on" : "off"}, ${env.demo.reason}.`);
  if (env.demo.enabled) {
    lines.push(`Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const account of DEMO_ACCOUNTS) lines.push(`  ${account.role.padEnd(10)} ${account.email}`);
  }
  lines.push(
    env.mailbox.enabled
      ? `Mailbox: ${env.appUrl}/dev/mailbox (${env.mailbox.reason}); emails are kept in ${path.resolve(env.DATA_DIR, "outbox")}.`
      : env.SMTP_URL
        ? "Mailbox: off, emails go out through SMTP_URL."
        : `Mailbox: off (${env.mailbox.reason}); emails are kept in ${path.resolve(env.DATA_DIR, "outbox")}.`,
  );
  return lines;
}
