// `npm run admin:invite -- person@example.com`: invites an administrator from
// the command line, the way to create the first one when the demo data is not
// seeded (admins are never self-registered). The email is sent as usual
// (outbox or SMTP) and the link is printed for the operator as well.
import { boot } from "../server/boot";
import { getDb } from "~/platform/db/client.server";
import { emailJobs } from "~/platform/email/send-email.job";
import { runDueJobs } from "~/platform/jobs/runner.server";
import { InviteAdminSchema } from "~/features/admin/admin.schema";
import { inviteAdmin } from "~/features/admin/invites.server";
import { isAppError } from "~/utils/app-error";
import { EnvError } from "~/utils/env.server";

async function main() {
  const parsed = InviteAdminSchema.safeParse({ email: process.argv[2] ?? "" });
  if (!parsed.success) {
    console.error(`Usage: npm run admin:invite -- person@example.com (${parsed.error.issues[0]!.message})`);
    process.exit(1);
  }
  const booted = await boot(() => undefined);
  try {
    const result = await inviteAdmin({ email: parsed.data.email, actor: null });
    // Delivered here rather than left to the job runner, which stops with this script.
    await runDueJobs(getDb(), emailJobs);
    console.log(`Invitation sent to ${result.email}; it expires ${result.expiresAt.toISOString()}.`);
    console.log(`Link: ${result.url}`);
  } catch (error) {
    if (!isAppError(error)) throw error;
    console.error(error.retryAt ? `${error.message} Try again after ${error.retryAt.toISOString()}.` : error.message);
    process.exitCode = 1;
  } finally {
    await booted.shutdown();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
