import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { fixVisitTimeZones } from "./data-fixes/visit-time-zones.server";

export const MIGRATIONS_DIR = path.resolve(process.cwd(), "app/platform/db/migrations");
// Any constant shared by every process of this app: an advisory lock keeps two
// processes starting together from applying the same migration twice.
const MIGRATION_LOCK_ID = 72_656_001;

export async function migrateDatabase(url: string, migrationsFolder = MIGRATIONS_DIR) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migrate(drizzle(client), { migrationsFolder });
    await runDataFixes(client);
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => undefined);
    await client.end();
  }
}

/**
 * One-time data fixes that SQL cannot express, by name. A migration inserts a
 * row in `data_fixes` (done_at null); the fix runs here, after the SQL
 * migrations and under the same advisory lock, in one transaction with the
 * row marked done, so it runs once per database (or again, whole, if it failed).
 */
export const DATA_FIXES: Record<string, (client: pg.ClientBase) => Promise<unknown>> = {
  visit_time_zones: fixVisitTimeZones,
};

export async function runDataFixes(client: pg.ClientBase) {
  const { rows: table } = await client.query<{ found: boolean }>(
    "select to_regclass('public.data_fixes') is not null as found",
  );
  if (!table[0]?.found) return;
  const { rows } = await client.query<{ name: string }>(
    "select name from data_fixes where done_at is null order by name",
  );
  for (const { name } of rows) {
    const fix = DATA_FIXES[name];
    if (!fix) {
      console.warn(`Data fix ${name} is not known to this version of the app; it stays pending.`);
      continue;
    }
    await client.query("begin");
    try {
      const result = await fix(client);
      await client.query("update data_fixes set done_at = now() where name = $1", [name]);
      await client.query("commit");
      console.info(`Data fix ${name} applied:`, JSON.stringify(result));
    } catch (error) {
      await client.query("rollback");
      throw error;
    }
  }
}
