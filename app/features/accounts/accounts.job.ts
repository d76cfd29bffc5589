import { passwordResetRequestJob } from "./password-reset.server";

// Work an account request queues instead of doing it while the person waits:
// a reset request's account lookup and email (requestPasswordReset), so that
// the answer takes the same time whether or not the address has an account.
// Registered in app/platform/jobs/registry.server.ts.

export const accountJobs = [passwordResetRequestJob];
