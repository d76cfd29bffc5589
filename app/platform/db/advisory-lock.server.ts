import { sql } from "drizzle-orm";

/**
 * Takes PostgreSQL's transaction-scoped advisory lock named `key` ("caregiver-visits:<id>"), waiting for
 * whoever holds it; it is released when the transaction ends. Work under one key runs one at a time
 * across every server process.
 */
export async function lockUntilCommit(
  tx: { execute: (query: ReturnType<typeof sql>) => Promise<unknown> },
  key: string,
) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}
