import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createPool } from "~/platform/db/pool.server";
import { preparedStatement } from "~/platform/db/prepared.server";
import { userProfiles as users } from "~/platform/db/schema";
import { cloneTemplate, createTestDatabase } from "./db";

// Statements prepared once per connection (docs/decisions/0058-statements-prepared-once-per-connection.md), on a
// pool of one connection so that every statement below meets the same one.

let clone: Awaited<ReturnType<typeof cloneTemplate>>;
let pool: ReturnType<typeof createPool>;
let db: ReturnType<typeof drizzle>;

beforeAll(async () => {
  clone = await cloneTemplate();
  pool = createPool(clone.url, 1);
  db = drizzle(pool);
});

afterAll(async () => {
  await pool.end();
  await clone.drop();
});

/** The statements the pool's one connection holds prepared (a plain text query, which is never prepared). */
async function prepared(): Promise<string[]> {
  const { rows } = await pool.query<{ statement: string }>("select statement from pg_prepared_statements");
  return rows.map((row) => row.statement);
}

const byEmail = (email: string) => db.select({ id: users.id }).from(users).where(eq(users.email, email));
const doubled = (n: number) => db.execute<{ twice: number }>(sql`select ${n}::int * 2 as twice`);

describe("statements prepared once per connection", () => {
  test("a statement run again is parsed once and answers with each run's values", async () => {
    expect(await byEmail("nobody@example.test")).toEqual([]);
    expect(await byEmail("someone@example.test")).toEqual([]);
    const statements = (await prepared()).filter((text) => text.includes('"email" = $1'));
    expect(statements).toHaveLength(1);

    expect((await doubled(2)).rows).toEqual([{ twice: 4 }]);
    expect((await doubled(21)).rows).toEqual([{ twice: 42 }]);
  });

  test("a statement PostgreSQL refuses fails each time with its own error, and the connection goes on", async () => {
    const broken = () => db.execute(sql`select no_such_column from ${users} where ${users.email} = ${"a@b.test"}`);
    await expect(broken()).rejects.toMatchObject({ cause: { code: "42703" } });
    await expect(broken()).rejects.toMatchObject({ cause: { code: "42703" } });
    expect((await db.execute<{ one: number }>(sql`select ${1}::int as one`)).rows).toEqual([{ one: 1 }]);
  });

  test("a transaction's statements are prepared as well, and a rolled-back one leaves them usable", async () => {
    const count = () =>
      db.execute<{ n: number }>(sql`select count(*)::int as n from ${users} where ${users.id} = ${"x"}`);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`select count(*)::int as n from ${users} where ${users.id} = ${"x"}`);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect((await count()).rows).toEqual([{ n: 0 }]);
  });
});

// Statements built once (docs/decisions/0062-statements-built-once.md), on the process-wide database as the app runs
// them.
const insertUsers = (database: Awaited<ReturnType<typeof createTestDatabase>>["db"]) =>
  database.insert(users).values([
    { id: "built-once-1", email: "one@example.test", name: "One" },
    { id: "built-once-2", email: "two@example.test", name: "Two" },
  ]);

describe("statements built once", () => {
  let builds = 0;
  const nameOf = preparedStatement((database) => {
    builds += 1;
    return database
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, sql.placeholder("id")));
  });

  test("built on first use, then run with each call's values; built again for a database connected anew", async () => {
    {
      await using first = await createTestDatabase();
      await insertUsers(first.db);
      expect(await nameOf().execute({ id: "built-once-1" })).toEqual([{ name: "One" }]);
      expect(await nameOf().execute({ id: "built-once-2" })).toEqual([{ name: "Two" }]);
      expect(await nameOf().execute({ id: "nobody" })).toEqual([]);
      expect(builds).toBe(1);
    }
    await using second = await createTestDatabase();
    await insertUsers(second.db);
    await second.db.update(users).set({ name: "Uno" }).where(eq(users.id, "built-once-1"));
    expect(await nameOf().execute({ id: "built-once-1" })).toEqual([{ name: "Uno" }]);
    expect(builds).toBe(2);
  });
});
