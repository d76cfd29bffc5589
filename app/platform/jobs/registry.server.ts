import { pruneIdempotencyKeysJob } from "~/platform/db/idempotency.server";
import type { JobDefinition } from "~/platform/db/job-queue.server";
import { emailJobs } from "~/platform/email/send-email.job";
import { accountJobs } from "~/features/accounts/accounts.job";
import { billingJobs } from "~/features/billing/billing.job";
import { geocodingJobs } from "~/features/geocoding/geocoding.job";
import { notificationJobs } from "~/features/notifications/notifications.job";
import { orderJobs } from "~/features/orders/orders.job";
import { paymentJobs } from "~/features/payments/payments.job";
import { visitJobs } from "~/features/visits/visits.job";
import { trainingJobs } from "~/features/training/training.job";
import { credentialJobs } from "~/features/credentials/credentials.job";
import { jobsByName } from "./runner.server";

// Every job the runner runs, in one place (server/boot.ts and the tests use
// it). A job is defined with its feature (defineJob in a *.job.ts or beside
// the code that queues it) and listed here; a job queued but not listed here
// is never run. See docs/architecture.md, "How to add a job, an email".

export const jobDefinitions: readonly JobDefinition[] = [
  ...emailJobs,
  ...accountJobs,
  ...orderJobs,
  ...visitJobs,
  ...notificationJobs,
  ...paymentJobs,
  ...billingJobs,
  ...geocodingJobs,
  ...trainingJobs,
  ...credentialJobs,
  pruneIdempotencyKeysJob,
];

/** The registry by name; throws at start-up when two definitions share a name. */
export const jobRegistry = jobsByName(jobDefinitions);
