import { createHash } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  BACKUP_SCHEMAS,
  BackupError,
  createBackup,
  restoreBackup,
  verifyBackup,
  type BackupSummary,
} from "~/platform/db/backup.server";
import { seedDemoData } from "~/platform/db/seed/seed.server";
import { cloneTemplate, createTestDatabase, type TestDatabase } from "./db";
import { quoteIdentifier, withClient } from "./database-server";

type TableState = { rows: number; md5: string | null };

/** Row count and a checksum of every row of every table of the app. */
async function tableStates(url: string): Promise<Record<string, TableState>> {
  return withClient(url, async (client) => {
    const { rows: tables } = await client.query<{ schema: string; name: string }>(
      `select table_schema as schema, table_name as name from information_schema.tables
        where table_schema = any($1) and table_type = 'BASE TABLE' order by 1, 2`,
      [BACKUP_SCHEMAS],
    );
    const states: Record<string, TableState> = {};
    for (const table of tables) {
      const name = `${quoteIdentifier(table.schema)}.${quoteIdentifier(table.name)}`;
      const { rows } = await client.query<{ rows: string; md5: string | null }>(
        `select count(*) as rows, md5(string_agg(t::text, ',' order by t::text)) as md5 from ${name} t`,
      );
      states[`${table.schema}.${table.name}`] = { rows: Number(rows[0]!.rows), md5: rows[0]!.md5 };
    }
    return states;
  });
}

async function maxId(url: string, table: string): Promise<number> {
  const { rows } = await withClient(url, (client) =>
    client.query<{ max: string | null }>(`select max(id) as max from ${table}`),
  );
  return Number(rows[0]?.max ?? 0);
}

async function insertSignInAttempt(url: string, email: string): Promise<number> {
  const { rows } = await withClient(url, (client) =>
    client.query<{ id: string }>("insert into sign_in_attempts (email, succeeded) values ($1, false) returning id", [
      email,
    ]),
  );
  return Number(rows[0]!.id);
}

/**
 * Rewrites a backup's decompressed lines; the footer's checksum is computed
 * again unless `keepChecksum`, so that only the change under test is wrong.
 */
async function rewriteBackup(
  from: string,
  to: string,
  change: (lines: string[]) => string[],
  options: { keepChecksum?: boolean } = {},
) {
  const lines = gunzipSync(await readFile(from))
    .toString("utf8")
    .split("\n");
  lines.pop(); // after the last newline
  const footer = lines.pop()!;
  const body = change(lines)
    .map((line) => `${line}\n`)
    .join("");
  const newFooter = options.keepChecksum
    ? footer
    : JSON.stringify({ ...JSON.parse(footer), sha256: createHash("sha256").update(body).digest("hex") });
  await writeFile(to, gzipSync(`${body}${newFooter}\n`));
}

type Header = { migrations: { createdAt: number; hash: string; tag?: string }[] };

function changeHeader(change: (header: Header) => void) {
  return (lines: string[]) => {
    const header = JSON.parse(lines[0]!) as Header;
    change(header);
    return [JSON.stringify(header), ...lines.slice(1)];
  };
}

/** Writes sign_in_attempts and sign_up_attempts together, one transaction per pair, until stopped. */
function writePairsInALoop(url: string) {
  const state = { isStopped: false };
  let written = 0;
  const done = withClient(url, async (client) => {
    while (!state.isStopped) {
      const email = `pair-${written}@loop.test`;
      await client.query("begin");
      await client.query("insert into sign_in_attempts (email, succeeded) values ($1, true)", [email]);
      await client.query("insert into sign_up_attempts (email) values ($1)", [email]);
      await client.query("commit");
      written += 1;
    }
  });
  return {
    written: () => written,
    stop: async () => {
      state.isStopped = true;
      await done;
    },
  };
}

async function pairEmails(url: string) {
  return withClient(url, async (client) => {
    const query = (table: string) =>
      client
        .query<{ email: string }>(`select email from ${table} where email like 'pair-%' order by email`)
        .then((result) => result.rows.map((row) => row.email));
    return { signIns: await query("sign_in_attempts"), signUps: await query("sign_up_attempts") };
  });
}

describe("backup and restore", () => {
  let testDb: TestDatabase;
  let dir: string;
  let file: string;
  let backedUp: Record<string, TableState>;
  let summary: BackupSummary;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    await seedDemoData(testDb.db);
    for (const email of ["a@example.test", "b@example.test", "c@example.test"]) {
      await insertSignInAttempt(testDb.url, email);
    }
    await withClient(testDb.url, (client) => client.query("select nextval('order_number_seq')"));
    dir = await mkdtemp(path.join(os.tmpdir(), "tendly-backup-test-"));
    file = path.join(dir, "backups", "seeded.backup.gz");
    backedUp = await tableStates(testDb.url);
    summary = await createBackup({ url: testDb.url, file });
  });

  afterAll(async () => {
    await testDb?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test("a backup counts every table and row of the app's schemas", () => {
    expect(summary.file).toBe(file);
    expect(summary.tables).toBe(Object.keys(backedUp).length);
    expect(summary.rows).toBe(Object.values(backedUp).reduce((sum, table) => sum + table.rows, 0));
    expect(summary.bytes).toBeGreaterThan(0);
  });

  test("a restore brings back exactly the backed-up rows after new rows, updates and deletes", async () => {
    expect(backedUp["public.user_profiles"]!.rows).toBeGreaterThan(50);
    expect(backedUp["drizzle.__drizzle_migrations"]!.rows).toBeGreaterThan(0);

    await insertSignInAttempt(testDb.url, "later@example.test");
    await withClient(testDb.url, async (client) => {
      await client.query("update user_profiles set name = 'Renamed' where email = 'client@demo.tendly.test'");
      // Its trigger recomputes caregiver_profiles.weekly_availability as well.
      await client.query(
        "delete from caregiver_availability where caregiver_id = (select user_id from caregiver_profiles where slug = 'jordan-rivera')",
      );
      await client.query("delete from sessions");
    });
    const changed = await tableStates(testDb.url);
    expect(changed).not.toEqual(backedUp);
    expect(changed["public.caregiver_profiles"]).not.toEqual(backedUp["public.caregiver_profiles"]);
    const highestBeforeRestore = await maxId(testDb.url, "sign_in_attempts");

    const restored = await restoreBackup({ url: testDb.url, file });
    expect(restored.tables).toBe(Object.keys(backedUp).length);
    expect(await tableStates(testDb.url)).toEqual(backedUp);

    // A new row goes in with an id no row has had, not even the ones the restore removed.
    expect(await insertSignInAttempt(testDb.url, "after@example.test")).toBeGreaterThan(highestBeforeRestore);
  });

  test("a restore into a fresh database holds the same rows, and new rows get fresh ids and order numbers", async () => {
    const clone = await cloneTemplate();
    try {
      await restoreBackup({ url: clone.url, file });
      expect(await tableStates(clone.url)).toEqual(backedUp);
      const highestRestored = await maxId(clone.url, "sign_in_attempts");
      expect(highestRestored).toBeGreaterThanOrEqual(3);
      expect(await insertSignInAttempt(clone.url, "new@example.test")).toBeGreaterThan(highestRestored);
      const { rows } = await withClient(clone.url, (client) =>
        client.query<{ next: string }>("select nextval('order_number_seq') as next"),
      );
      expect(Number(rows[0]!.next)).toBeGreaterThan(1);
    } finally {
      await clone.drop();
    }
  });

  test("a damaged or cut backup is refused and the database is left as it was", async () => {
    await insertSignInAttempt(testDb.url, "kept@example.test");
    const before = await tableStates(testDb.url);
    const original = await readFile(file);

    const cut = path.join(dir, "cut.backup.gz");
    await writeFile(cut, original.subarray(0, Math.floor(original.length / 2)));
    const flipped = path.join(dir, "flipped.backup.gz");
    const damaged = Buffer.from(original);
    damaged[Math.floor(damaged.length / 2)]! ^= 0xff;
    await writeFile(flipped, damaged);
    // Well-formed gzip whose content is short of rows, or has a row changed.
    const shortOfRows = path.join(dir, "short.backup.gz");
    await rewriteBackup(file, shortOfRows, (lines) => lines.slice(0, -3));
    const edited = path.join(dir, "edited.backup.gz");
    await rewriteBackup(file, edited, (lines) => lines.map((line) => line.replace("Jordan", "Jordon")), {
      keepChecksum: true,
    });

    for (const bad of [cut, flipped, shortOfRows, edited]) {
      await expect(restoreBackup({ url: testDb.url, file: bad })).rejects.toThrow(BackupError);
      await expect(verifyBackup(bad)).rejects.toThrow(/damaged|incomplete|checksum/);
    }
    expect(await tableStates(testDb.url)).toEqual(before);
  });

  test("a backup from other code's migrations is refused", async () => {
    const before = await tableStates(testDb.url);
    const newer = path.join(dir, "newer.backup.gz");
    await rewriteBackup(
      file,
      newer,
      changeHeader((header) => header.migrations.push({ createdAt: 4_102_444_800_000, hash: "f", tag: "9999_future" })),
    );
    await expect(restoreBackup({ url: testDb.url, file: newer })).rejects.toThrow(/9999_future.*newer code/);
    const older = path.join(dir, "older.backup.gz");
    await rewriteBackup(
      file,
      older,
      changeHeader((header) => header.migrations.pop()),
    );
    await expect(restoreBackup({ url: testDb.url, file: older })).rejects.toThrow(/older code/);
    expect(await tableStates(testDb.url)).toEqual(before);
  });

  test("a backup never overwrites a file, and leaves no partial file behind", async () => {
    const existing = await readFile(file);
    await expect(createBackup({ url: testDb.url, file })).rejects.toThrow(/already exists/);
    expect(await readFile(file)).toEqual(existing);
    expect(await readdir(path.dirname(file))).toEqual([path.basename(file)]);
  });

  test("a backup taken while another connection writes holds one moment of the database", async () => {
    const writer = writePairsInALoop(testDb.url);
    const clone = await cloneTemplate();
    try {
      while (writer.written() < 20) await new Promise((resolve) => setTimeout(resolve, 10));
      const duringWrites = path.join(dir, "during-writes.backup.gz");
      const writtenBefore = writer.written();
      await createBackup({ url: testDb.url, file: duringWrites });
      const writtenDuring = writer.written() - writtenBefore;
      await writer.stop();
      expect(writtenDuring).toBeGreaterThan(0);

      await restoreBackup({ url: clone.url, file: duringWrites });
      const { signIns, signUps } = await pairEmails(clone.url);
      expect(signIns.length).toBeGreaterThanOrEqual(writtenBefore);
      expect(signUps).toEqual(signIns);
    } finally {
      await writer.stop();
      await clone.drop();
    }
  });

  test("a missing file or one that is not a backup is refused with a message", async () => {
    await expect(verifyBackup(path.join(dir, "nothing.gz"))).rejects.toThrow(/does not exist/);
    const text = path.join(dir, "notes.gz");
    await writeFile(text, gzipSync("hello\n"));
    await expect(verifyBackup(text)).rejects.toThrow(/not a Tendly backup/);
  });
});
