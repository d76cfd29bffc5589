import { eq } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { handleJob } from "~/platform/db/job-queue.server";
import { jobs } from "~/platform/db/schema";
import { deliverEmail, deliveryKey, sendEmailJob, type EmailMessage } from "./mailer.server";

// Delivers the emails sendEmail queued (docs/decisions/0009-emails-through-the-job-queue.md
// and 0012-job-queue.md). A failure throws, and the job runner tries again
// later with a growing delay. Each delivery is keyed by its job
// (deliveryKey), so a job run twice (its process killed after delivering but
// before the job was marked done) writes the same outbox message again, or
// re-sends the same Message-ID over SMTP, rather than a second email.

type Deliver = (message: EmailMessage, options: { key: string }) => Promise<void>;

/** The email job with another transport: only for tests that need a slow or failing one. */
export function createSendEmailJob(deliver: Deliver = deliverEmail) {
  return handleJob(sendEmailJob, async (message, context) => {
    // Only the envelope: delivered already, and the body is gone.
    if (!("html" in message)) return;
    await deliver(message, { key: deliveryKey(context) });
    // The body may hold a sign-in link or a reset token: once delivered, only
    // the envelope stays in the jobs table. A failure here must not send it twice.
    await db
      .update(jobs)
      .set({ payload: { to: message.to, subject: message.subject } })
      .where(eq(jobs.id, context.jobId))
      .catch((error: unknown) =>
        console.error("Could not clear a delivered email's body:", error instanceof Error ? error.message : error),
      );
  });
}

export const sendEmailJobDefinition = createSendEmailJob();

export const emailJobs = [sendEmailJobDefinition];
