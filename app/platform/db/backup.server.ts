import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream, readFileSync } from "node:fs";
import { link, mkdir, open, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { readMigrationFiles } from "drizzle-orm/migrator";
import pg from "pg";
import { from as copyFrom, to as copyTo } from "pg-copy-streams";
import { z } from "zod";
import { MIGRATIONS_DIR, migrateDatabase } from "./migrate.server";

// A logical backup of the app's schemas, read in one snapshot while the app
// serves (docs/decisions/0016-backup-and-restore.md). The file is gzip'd text:
//   line 1          the header (JSON): format, version, migrations, tables with columns and row counts, sequences
//   then            each table's rows in COPY text format, exactly `rows` lines per table, in header order
//   last line       the footer (JSON): the SHA-256 of every byte before it
// COPY's text format escapes newlines inside values, so one row is one line.

export const BACKUP_FORMAT = "tendly-backup";
export const BACKUP_VERSION = 1;
/** The app's tables: its own schema and drizzle's migration bookkeeping. */
export const BACKUP_SCHEMAS = ["public", "drizzle"];
const MIGRATIONS_TABLE = '"drizzle"."__drizzle_migrations"';
const MAX_HEADER_BYTES = 16 * 1024 * 1024;
/** How long a restore waits for the locks of running servers' transactions. */
const RESTORE_LOCK_TIMEOUT = "60s";
// Values written and read with the same styles whatever the server's defaults.
const SESSION_STYLES = [
  "set local datestyle = 'ISO, YMD'",
  "set local intervalstyle = 'postgres'",
  "set local timezone = 'UTC'",
  "set local extra_float_digits = 3",
  "set local bytea_output = 'hex'",
];

/** A refusal the operator can act on: the message says what and why. */
export class BackupError extends Error {
  override name = "BackupError";
}

const MigrationSchema = z.object({ createdAt: z.number(), hash: z.string(), tag: z.string().optional() });
export type Migration = z.infer<typeof MigrationSchema>;

const HeaderSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int(),
  createdAt: z.string(),
  server: z.string(),
  migrations: z.array(MigrationSchema),
  tables: z.array(
    z.object({
      schema: z.string(),
      name: z.string(),
      columns: z.array(z.string()).min(1),
      rows: z.number().int().nonnegative(),
    }),
  ),
  sequences: z.array(z.object({ schema: z.string(), name: z.string(), lastValue: z.string(), isCalled: z.boolean() })),
});
export type BackupHeader = z.infer<typeof HeaderSchema>;

const FooterSchema = z.object({ end: z.literal(BACKUP_FORMAT), sha256: z.string() });

export type BackupSummary = {
  file: string;
  tables: number;
  rows: number;
  bytes: number;
  durationMs: number;
};

function quoteIdentifier(name: string) {
  return `"${name.replace(/"/g, '""')}"`;
}

function qualified(table: { schema: string; name: string }) {
  return `${quoteIdentifier(table.schema)}.${quoteIdentifier(table.name)}`;
}

/** DATA_DIR/backups/tendly-20261125-143000.backup.gz (UTC). */
export function defaultBackupFile(dataDir: string, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, "")
    .replace(/[-:]/g, "")
    .replace("T", "-");
  return path.resolve(dataDir, "backups", `tendly-${stamp}.backup.gz`);
}

/** This code's migrations, in order, as drizzle records them when it applies them. */
export function codeMigrations(folder = MIGRATIONS_DIR): Migration[] {
  const journal = JSON.parse(readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: { when: number; tag: string }[];
  };
  const tags = new Map(journal.entries.map((entry) => [entry.when, entry.tag]));
  return readMigrationFiles({ migrationsFolder: folder }).map((migration) => ({
    createdAt: migration.folderMillis,
    hash: migration.hash,
    tag: tags.get(migration.folderMillis),
  }));
}

async function appliedMigrations(client: pg.ClientBase): Promise<Migration[]> {
  const { rows: found } = await client.query<{ exists: boolean }>(
    `select to_regclass('${MIGRATIONS_TABLE}') is not null as exists`,
  );
  if (!found[0]?.exists) return [];
  const tags = new Map(codeMigrations().map((migration) => [migration.createdAt, migration.tag]));
  const { rows } = await client.query<{ hash: string; created_at: string }>(
    `select hash, created_at from ${MIGRATIONS_TABLE} order by created_at, id`,
  );
  return rows.map((row) => {
    const createdAt = Number(row.created_at);
    return { createdAt, hash: row.hash, tag: tags.get(createdAt) };
  });
}

function migrationNames(migrations: Migration[]) {
  return migrations.map((migration) => migration.tag ?? `created ${migration.createdAt}`).join(", ");
}

/**
 * Why `found` (a backup's or a database's migrations) does not match this
 * code's, or undefined when it does. Migrations are told apart by their
 * journal time, as drizzle's migrator does.
 */
export function migrationMismatch(found: Migration[], code: Migration[], what: string): string | undefined {
  const known = new Set(code.map((migration) => migration.createdAt));
  const present = new Set(found.map((migration) => migration.createdAt));
  const unknown = found.filter((migration) => !known.has(migration.createdAt));
  const missing = code.filter((migration) => !present.has(migration.createdAt));
  if (unknown.length > 0) {
    return `${what} has migrations this version of the app does not know (${migrationNames(unknown)}): it comes from newer code. Restore it with that version.`;
  }
  if (missing.length > 0) {
    return `${what} lacks migrations of this version of the app (${migrationNames(missing)}): it comes from older code. Restore it with the version that made it, then start this version to migrate.`;
  }
  return undefined;
}

type TableInfo = { schema: string; name: string; columns: string[] };

async function listTables(client: pg.ClientBase): Promise<TableInfo[]> {
  // Generated columns are computed again on load; COPY cannot write them.
  const { rows } = await client.query<TableInfo>(
    `select n.nspname as schema, c.relname as name,
            array(select a.attname::text from pg_attribute a
                  where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                  order by a.attnum) as columns
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname = any($1)
      order by n.nspname, c.relname`,
    [BACKUP_SCHEMAS],
  );
  return rows;
}

async function listSequences(client: pg.ClientBase) {
  const { rows } = await client.query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'S' and n.nspname = any($1)
      order by n.nspname, c.relname`,
    [BACKUP_SCHEMAS],
  );
  return rows;
}

function countLines(chunk: Buffer) {
  let lines = 0;
  for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) lines += 1;
  return lines;
}

/** Creates `file` without ever leaving a partial one under that name: a temporary name, then a link. */
async function writeAtomically(file: string, write: (temporary: string) => Promise<void>) {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(4).toString("hex")}.partial`);
  try {
    await write(temporary);
    const handle = await open(temporary, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    // link() refuses an existing name, so an earlier backup is never overwritten.
    await link(temporary, file).catch((error: NodeJS.ErrnoException) => {
      throw error.code === "EEXIST" ? new BackupError(`${file} already exists; choose another name.`) : error;
    });
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
}

/**
 * Writes a backup of the database at `url` into `file`. Everything is read in
 * one REPEATABLE READ READ ONLY transaction, so the file holds one moment of
 * the database however much the app writes meanwhile.
 */
export async function createBackup(options: { url: string; file: string }): Promise<BackupSummary> {
  const startedAt = performance.now();
  const file = path.resolve(options.file);
  const client = new pg.Client({ connectionString: options.url });
  await client.connect();
  let summary: Omit<BackupSummary, "bytes" | "durationMs"> | undefined;
  try {
    await client.query("begin isolation level repeatable read read only");
    for (const statement of SESSION_STYLES) await client.query(statement);
    const migrations = await appliedMigrations(client);
    if (migrations.length === 0) {
      throw new BackupError("The database has no migrations applied: there is nothing of the app's to back up.");
    }
    const tableList = await listTables(client);
    // Keeps a migration from changing a table between the snapshot and its COPY.
    if (tableList.length > 0) {
      await client.query(`lock table ${tableList.map(qualified).join(", ")} in access share mode`);
    }
    const tables: BackupHeader["tables"] = [];
    for (const table of tableList) {
      const { rows } = await client.query<{ count: string }>(`select count(*) as count from ${qualified(table)}`);
      tables.push({ ...table, rows: Number(rows[0]!.count) });
    }
    const sequences: BackupHeader["sequences"] = [];
    for (const sequence of await listSequences(client)) {
      const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
        `select last_value::text, is_called from ${qualified(sequence)}`,
      );
      sequences.push({ ...sequence, lastValue: rows[0]!.last_value, isCalled: rows[0]!.is_called });
    }
    const { rows: server } = await client.query<{ version: string }>(
      "select current_setting('server_version') as version",
    );
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      server: server[0]!.version,
      migrations,
      tables,
      sequences,
    };

    async function* archive() {
      const hash = createHash("sha256");
      const headerLine = Buffer.from(`${JSON.stringify(header)}\n`);
      hash.update(headerLine);
      yield headerLine;
      for (const table of tables) {
        const columns = table.columns.map(quoteIdentifier).join(", ");
        const stream = client.query(copyTo(`copy ${qualified(table)} (${columns}) to stdout`));
        let lines = 0;
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          hash.update(chunk);
          lines += countLines(chunk);
          yield chunk;
        }
        if (lines !== table.rows) {
          throw new Error(`${qualified(table)}: COPY gave ${lines} rows where the snapshot counted ${table.rows}.`);
        }
      }
      yield Buffer.from(`${JSON.stringify({ end: BACKUP_FORMAT, sha256: hash.digest("hex") })}\n`);
    }

    await writeAtomically(file, (temporary) =>
      pipeline(Readable.from(archive()), createGzip(), createWriteStream(temporary, { mode: 0o600, flags: "wx" })),
    );
    await client.query("commit");
    summary = { file, tables: tables.length, rows: tables.reduce((sum, table) => sum + table.rows, 0) };
  } finally {
    if (!summary) await client.query("rollback").catch(() => undefined);
    await client.end().catch(() => undefined);
  }
  return { ...summary, bytes: (await stat(file)).size, durationMs: performance.now() - startedAt };
}

/** Reads a decompressed backup: lines, and runs of rows, hashing what it hands out. */
class ArchiveReader {
  private pending: Buffer = Buffer.alloc(0);
  private isDone = false;
  private readonly hash = createHash("sha256");
  private readonly chunks: AsyncIterator<Buffer>;

  constructor(source: AsyncIterable<Buffer>) {
    this.chunks = source[Symbol.asyncIterator]();
  }

  private async fill(): Promise<boolean> {
    if (this.isDone) return false;
    const next = await this.chunks.next();
    if (next.done) {
      this.isDone = true;
      return false;
    }
    this.pending = this.pending.length > 0 ? Buffer.concat([this.pending, next.value]) : next.value;
    return true;
  }

  private take(bytes: number, isHashed: boolean) {
    const taken = this.pending.subarray(0, bytes);
    this.pending = this.pending.subarray(bytes);
    if (isHashed) this.hash.update(taken);
    return taken;
  }

  async readLine(what: string, isHashed = true): Promise<string> {
    for (;;) {
      const end = this.pending.indexOf(10);
      if (end !== -1)
        return this.take(end + 1, isHashed)
          .subarray(0, end)
          .toString("utf8");
      if (this.pending.length > MAX_HEADER_BYTES) throw new BackupError(`The backup's ${what} is not readable.`);
      if (!(await this.fill())) throw new BackupError(`The backup ends before its ${what}: the file is incomplete.`);
    }
  }

  /** Exactly `count` lines, in slices as they come. */
  async *rows(count: number, what: string): AsyncGenerator<Buffer> {
    let left = count;
    while (left > 0) {
      let end = 0;
      for (let index = this.pending.indexOf(10); left > 0 && index !== -1; index = this.pending.indexOf(10, end)) {
        end = index + 1;
        left -= 1;
      }
      if (end > 0) yield this.take(end, true);
      else if (!(await this.fill())) {
        throw new BackupError(`The backup ends inside the rows of ${what}: the file is incomplete.`);
      }
    }
  }

  async readFooter() {
    const digest = this.hash.digest("hex");
    const line = await this.readLine("end", false);
    const footer = FooterSchema.safeParse(parseJson(line));
    if (!footer.success) throw new BackupError("The backup's end is not readable: the file is damaged.");
    if (footer.data.sha256 !== digest)
      throw new BackupError("The backup's checksum does not match: the file is damaged.");
    if (this.pending.length > 0 || (await this.fill())) {
      throw new BackupError("The backup has data after its end: the file is damaged.");
    }
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Reads the whole backup, handing each table's rows to `load` (which must
 * consume them), and checks its checksum at the end. A damaged or cut file
 * is a BackupError.
 */
async function readBackup(
  file: string,
  load: (table: BackupHeader["tables"][number], rows: AsyncGenerator<Buffer>) => Promise<void>,
  onHeader: (header: BackupHeader) => Promise<void> = async () => undefined,
): Promise<BackupHeader> {
  let header: BackupHeader | undefined;
  try {
    await pipeline(createReadStream(file), createGunzip(), async (source: AsyncIterable<Buffer>) => {
      const reader = new ArchiveReader(source);
      const parsed = HeaderSchema.safeParse(parseJson(await reader.readLine("header")));
      if (!parsed.success) throw new BackupError(`${file} is not a Tendly backup (its header is not readable).`);
      if (parsed.data.version > BACKUP_VERSION) {
        throw new BackupError(
          `${file} is a backup of format ${parsed.data.version}; this version of the app reads ${BACKUP_VERSION}.`,
        );
      }
      await onHeader(parsed.data);
      for (const table of parsed.data.tables) await load(table, reader.rows(table.rows, qualified(table)));
      await reader.readFooter();
      header = parsed.data;
    });
  } catch (error) {
    if (error instanceof BackupError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new BackupError(`${file} does not exist.`, { cause: error });
    if (typeof code === "string" && code.startsWith("Z_")) {
      throw new BackupError(`${file} is damaged or incomplete (${(error as Error).message}).`, { cause: error });
    }
    throw error;
  }
  return header!;
}

/** Reads a backup through to its checksum without touching any database. */
export async function verifyBackup(file: string): Promise<BackupHeader> {
  return readBackup(path.resolve(file), async (_table, rows) => {
    for await (const _rows of rows) {
      // Only read: the checksum and the row counts are checked on the way.
    }
  });
}

export type RestoreSummary = { tables: number; rows: number; durationMs: number };

/**
 * Replaces every row of the app's tables at `url` with the backup's, in one
 * transaction: either the whole backup is in, or nothing changed. The file
 * is read through once before (a damaged file is refused untouched), and the
 * database is first migrated to this code's migrations, which must be the
 * backup's.
 */
export async function restoreBackup(options: { url: string; file: string }): Promise<RestoreSummary> {
  const startedAt = performance.now();
  const file = path.resolve(options.file);
  const header = await verifyBackup(file);
  const code = codeMigrations();
  const backupMismatch = migrationMismatch(header.migrations, code, "The backup");
  if (backupMismatch) throw new BackupError(backupMismatch);
  await migrateDatabase(options.url);

  const client = new pg.Client({ connectionString: options.url });
  await client.connect();
  let isCommitted = false;
  try {
    await client.query("begin");
    await client.query(`set local lock_timeout = '${RESTORE_LOCK_TIMEOUT}'`);
    for (const statement of SESSION_STYLES) await client.query(statement);
    const targetMismatch = migrationMismatch(await appliedMigrations(client), code, "The database");
    if (targetMismatch) throw new BackupError(targetMismatch);
    const tables = await listTables(client);
    assertSameTables(tables, header.tables);
    // Foreign keys and triggers (which are triggers too) stay off while the rows go in.
    await client.query("set local session_replication_role = replica").catch((error: unknown) => {
      throw new BackupError(
        `Restoring needs a database user allowed to set session_replication_role (a superuser): ${(error as Error).message}`,
        { cause: error },
      );
    });
    await client.query(`truncate table ${tables.map(qualified).join(", ")}`);
    let rows = 0;
    await readBackup(file, async (table, lines) => {
      const columns = table.columns.map(quoteIdentifier).join(", ");
      const copy = client.query(copyFrom(`copy ${qualified(table)} (${columns}) from stdin`));
      await pipeline(Readable.from(lines), copy);
      if (copy.rowCount !== table.rows) {
        throw new BackupError(
          `${qualified(table)}: ${copy.rowCount} rows went in where the backup holds ${table.rows}.`,
        );
      }
      rows += table.rows;
    });
    await resetSequences(client, header.sequences);
    await client.query("commit");
    isCommitted = true;
    return { tables: header.tables.length, rows, durationMs: performance.now() - startedAt };
  } catch (error) {
    if ((error as { code?: string }).code === "55P03") {
      throw new BackupError(
        `A running server held a table for more than ${RESTORE_LOCK_TIMEOUT}; nothing was changed. Stop the app and run the restore again.`,
        { cause: error },
      );
    }
    throw error;
  } finally {
    if (!isCommitted) await client.query("rollback").catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

function describeTable(table: TableInfo) {
  return `${qualified(table)} (${[...table.columns].sort().join(", ")})`;
}

function assertSameTables(target: TableInfo[], backup: BackupHeader["tables"]) {
  const expected = new Set(target.map(describeTable));
  const found = new Set(backup.map(describeTable));
  const onlyHere = [...expected].filter((table) => !found.has(table));
  const onlyThere = [...found].filter((table) => !expected.has(table));
  if (onlyHere.length > 0 || onlyThere.length > 0) {
    throw new BackupError(
      `The backup's tables differ from the database's although their migrations match (in the database only: ${onlyHere.join("; ") || "none"}; in the backup only: ${onlyThere.join("; ") || "none"}).`,
    );
  }
}

/**
 * Every sequence continues past the restored rows. A sequence never goes
 * back either: running servers remember ids they have seen (the realtime
 * stream's last event id), and a number handed out before the restore (an
 * order number in an email) is never handed out again.
 */
async function resetSequences(client: pg.ClientBase, recorded: BackupHeader["sequences"]) {
  const { rows: sequences } = await client.query<{
    schema: string;
    name: string;
    start: string;
    owner_schema: string | null;
    owner_name: string | null;
    column_name: string | null;
  }>(
    `select sn.nspname as schema, s.relname as name, ps.seqstart::text as start,
            tn.nspname as owner_schema, t.relname as owner_name, a.attname::text as column_name
       from pg_class s
       join pg_namespace sn on sn.oid = s.relnamespace
       join pg_sequence ps on ps.seqrelid = s.oid
       left join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = s.oid
                            and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
       left join pg_class t on t.oid = d.refobjid
       left join pg_namespace tn on tn.oid = t.relnamespace
       left join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
      where s.relkind = 'S' and sn.nspname = any($1)`,
    [BACKUP_SCHEMAS],
  );
  const fromBackup = new Map(
    recorded.filter((sequence) => sequence.isCalled).map((sequence) => [qualified(sequence), sequence.lastValue]),
  );
  for (const sequence of sequences) {
    const name = qualified(sequence);
    const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text, is_called from ${name}`,
    );
    const candidates: bigint[] = [];
    if (rows[0]?.is_called) candidates.push(BigInt(rows[0].last_value));
    const recordedValue = fromBackup.get(name);
    if (recordedValue) candidates.push(BigInt(recordedValue));
    if (sequence.owner_schema && sequence.owner_name && sequence.column_name) {
      const owner = qualified({ schema: sequence.owner_schema, name: sequence.owner_name });
      const { rows: highest } = await client.query<{ max: string | null }>(
        `select max(${quoteIdentifier(sequence.column_name)})::text as max from ${owner}`,
      );
      if (highest[0]?.max) candidates.push(BigInt(highest[0].max));
    }
    const next = candidates.reduce<bigint | undefined>(
      (top, value) => (top === undefined || value > top ? value : top),
      undefined,
    );
    await client.query("select setval($1::regclass, $2::bigint, $3)", [
      name,
      String(next ?? sequence.start),
      next !== undefined,
    ]);
  }
}
