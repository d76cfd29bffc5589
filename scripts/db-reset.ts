// `npm run db:reset [--yes]`: recreates the database from scratch (migrations,
// then the demo seed when enabled). The embedded database is dropped and
// created again; an external DATABASE_URL has its schemas dropped. It asks
// first (y/N) unless --yes (or -y) is given, and refuses without a terminal.
import pg from "pg";
import { EMBEDDED_DATABASE_NAME as DATABASE } from "~/platform/db/app-database.server";
import { connectDatabase, disconnectDatabase } from "~/platform/db/client.server";
import { startEmbeddedPostgres } from "~/platform/db/embedded.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { seedDemoData } from "~/platform/db/seed/seed.server";
import { ensureStarterModules } from "~/features/training/public.server";
import { confirmDestructive } from "~/utils/confirmation.server";
import { EnvError, getEnv } from "~/utils/env.server";
import { loadEmbeddedPostgresPassword } from "~/utils/local-secrets.server";

async function run(client: pg.Client, sql: string) {
  await client.query(sql);
}

async function main() {
  const env = getEnv();
  const target = env.DATABASE_URL ? "the database of DATABASE_URL" : `the embedded database in ${env.pgDataDir}`;
  const isConfirmed = await confirmDestructive({
    question: `This deletes every table and row of ${target} (a backup first: npm run db:backup). Continue?`,
    refusal: `Not resetting ${target}: there is no terminal to confirm on. Run \`npm run db:reset -- --yes\` to wipe it.`,
  });
  if (!isConfirmed) {
    console.log("Nothing was changed.");
    process.exit(1);
  }
  let url: string;
  let embedded: { stop: () => Promise<void> } | undefined;
  if (env.DATABASE_URL) {
    url = env.DATABASE_URL;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await run(
      client,
      "drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;",
    );
    await client.end();
  } else {
    const server = await startEmbeddedPostgres({
      dataDir: env.pgDataDir,
      password: await loadEmbeddedPostgresPassword(env.pgDataDir, env.DATA_DIR),
      log: console.log,
    });
    embedded = server;
    const admin = new pg.Client({ connectionString: server.url("postgres") });
    await admin.connect();
    await run(admin, `drop database if exists "${DATABASE}" with (force)`);
    await run(admin, `create database "${DATABASE}"`);
    await admin.end();
    url = server.url(DATABASE);
  }
  await migrateDatabase(url);
  console.log("Migrations applied.");
  if (env.demo.enabled) {
    const db = connectDatabase(url);
    await ensureStarterModules(db);
    await seedDemoData(db);
    await disconnectDatabase();
    console.log("Seeded the demo accounts and 60 demo caregivers.");
  }
  await embedded?.stop();
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
