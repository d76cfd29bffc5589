import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";

export const MIGRATIONS_DIR = path.resolve(process.cwd(), "app/db/migrations");
// Any constant shared by every process of this app: an advisory lock keeps two
// processes starting together from applying the same migration twice.
const MIGRATION_LOCK_ID = 72_656_001;

export async function migrateDatabase(url: string, migrationsFolder = MIGRATIONS_DIR) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => undefined);
    await client.end();
  }
}
