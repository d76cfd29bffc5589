import { getDb } from "~/platform/db/client.server";
import { emailJobs } from "~/platform/email/send-email.job";
import { listOutbox } from "~/platform/email/mailer.server";
import { accountJobs } from "~/features/accounts/accounts.job";
import { jobsByName, runDueJobs } from "~/platform/jobs/runner.server";

// Emails are queued as jobs (docs/decisions/0009-emails-through-the-job-queue.md)
// and no job runner polls in integration tests: a test that reads the outbox
// after an action delivers the queued emails first, as the runner would.

const handlers = jobsByName([...accountJobs, ...emailJobs]);

/**
 * Runs the due email jobs (and the account jobs that queue emails, such as a
 * password reset request) until none is left; returns how many ran.
 */
export async function deliverQueuedEmails(): Promise<number> {
  let total = 0;
  for (;;) {
    const ran = await runDueJobs(getDb(), handlers);
    if (ran === 0) return total;
    total += ran;
  }
}

/** The outbox once every queued email is delivered, newest first. */
export async function deliveredOutbox() {
  await deliverQueuedEmails();
  return listOutbox();
}
