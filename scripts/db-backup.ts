// `npm run db:backup [file]`: a consistent backup of the app's database (the
// embedded one, joined while the app runs, or DATABASE_URL) into one gzip'd
// file, by default DATA_DIR/backups/tendly-<time>.backup.gz. See app/platform/db/backup.server.ts.
import { AppDatabaseError, openAppDatabase } from "~/platform/db/app-database.server";
import { BackupError, createBackup, defaultBackupFile } from "~/platform/db/backup.server";
import { EnvError, getEnv } from "~/utils/env.server";

function formatBytes(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

async function main() {
  const env = getEnv();
  const file = process.argv.slice(2).find((arg) => !arg.startsWith("-")) ?? defaultBackupFile(env.DATA_DIR);
  const database = await openAppDatabase(env, { create: false, log: console.log });
  try {
    const summary = await createBackup({ url: database.url, file });
    console.log(
      `Backed up ${database.description} to ${summary.file}: ${summary.tables} tables, ${summary.rows} rows, ` +
        `${formatBytes(summary.bytes)} in ${(summary.durationMs / 1000).toFixed(1)} s.`,
    );
    console.log(
      "Uploaded files are not in it: copy DATA_DIR/uploads (or the S3 bucket) beside it, and keep DATA_DIR/secrets.json (or AUTH_SECRET).",
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(
    error instanceof EnvError || error instanceof BackupError || error instanceof AppDatabaseError
      ? error.message
      : error,
  );
  process.exit(1);
});
