// `npm run admin:invite -- person@example.com`: invites an administrator from
// the command line, the way to create the first one when the demo data is not
// seeded (admins are never self-registered). The email is sent as usual
// (outbox or SMTP) and the link is printed for the operator as well.
import { boot } from "../server/boot";
import { InviteAdminSchema } from "~/features/admin/admin.schema";
import { inviteAdmin } from "~/features/admin/invites.server";
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
    if (result.ok) {
      console.log(`Invitation sent to ${result.email}; it expires ${result.expiresAt.toISOString()}.`);
      console.log(`Link: ${result.url}`);
    } else if (result.error === "already-admin") {
      console.error(`${parsed.data.email} already belongs to an administrator.`);
      process.exitCode = 1;
    } else {
      console.error(`An invitation was just sent to this address; try again after ${result.retryAt.toISOString()}.`);
      process.exitCode = 1;
    }
  } finally {
    await booted.shutdown();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
