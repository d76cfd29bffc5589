import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { mkdir } from "node:fs/promises";
import {
  canConnect,
  closedAncestor,
  ensureDatabase,
  startEmbeddedPostgres,
  type EmbeddedServer,
} from "~/platform/db/embedded.server";
import { createScratchDir, withClient } from "./database-server";

// Its own cluster (not the suite's shared one), so that it can be stopped and
// restarted, and so that it runs with TEST_DATABASE_URL too.
describe("the embedded PostgreSQL", () => {
  let scratch: string;
  let dataDir: string;
  const password = randomBytes(18).toString("base64url");
  const started: EmbeddedServer[] = [];

  beforeAll(async () => {
    scratch = await createScratchDir();
    dataDir = path.join(scratch, "pg");
  });

  afterAll(async () => {
    for (const server of started.toReversed()) await server.stop().catch(() => undefined);
    await rm(scratch, { recursive: true, force: true });
  });

  test("the first process creates the cluster and owns the server", async () => {
    const owner = await startEmbeddedPostgres({ dataDir, password });
    started.push(owner);
    expect(owner.isOwner).toBe(true);
    expect(existsSync(path.join(dataDir, "PG_VERSION"))).toBe(true);
    expect(owner.url()).toMatch(/^postgres:\/\/postgres:[^@]+@127\.0\.0\.1:\d+\/postgres$/);
    const version = await withClient(owner.url(), (client) =>
      client.query<{ v: string }>("select current_setting('server_version') as v"),
    );
    expect(version.rows[0]?.v).toMatch(/^18\./);
  });

  test("listens on loopback only", async () => {
    const { rows } = await withClient(started[0]!.url(), (client) =>
      client.query<{ listen: string; sockets: string }>(
        "select current_setting('listen_addresses') as listen, current_setting('unix_socket_directories') as sockets",
      ),
    );
    expect(rows[0]).toEqual({ listen: "127.0.0.1", sockets: "" });
  });

  test("a second start on the same data directory joins the running server", async () => {
    const [owner] = started as [EmbeddedServer];
    const joiner = await startEmbeddedPostgres({ dataDir, password });
    expect(joiner.isOwner).toBe(false);
    expect(joiner.url("tendly")).toBe(owner.url("tendly"));

    await ensureDatabase(joiner.url(), "shared");
    await ensureDatabase(joiner.url(), "shared"); // idempotent
    expect(await canConnect(owner.url("shared"))).toBe(true);

    // Only the owner stops the server.
    await joiner.stop();
    expect(await canConnect(owner.url())).toBe(true);
  });

  test("a start with the wrong password does not hijack the running cluster", async () => {
    await expect(startEmbeddedPostgres({ dataDir, password: "not-the-password" })).rejects.toThrow(
      /Could not start the embedded PostgreSQL/,
    );
    expect(await canConnect(started[0]!.url())).toBe(true);
  });

  test("stopping the owner stops the server; the next start reuses the data", async () => {
    const owner = started.pop()!;
    await owner.stop();
    expect(await canConnect(owner.url())).toBe(false);
    expect(existsSync(path.join(dataDir, "postmaster.pid"))).toBe(false);

    const restarted = await startEmbeddedPostgres({ dataDir, password });
    started.push(restarted);
    expect(restarted.isOwner).toBe(true);
    expect(await canConnect(restarted.url("shared"))).toBe(true);
  });

  test("a directory only its owner can enter is named before PostgreSQL is started", async () => {
    const locked = path.join(scratch, "locked");
    await mkdir(locked, { mode: 0o700 });
    expect(closedAncestor(path.join(locked, "pg"))).toBe(locked);
    expect(closedAncestor(path.join(scratch, "pg"))).toBeUndefined();
  });

  test.runIf(process.getuid?.() === 0)(
    "as root, a data directory the postgres user cannot reach is refused clearly",
    async () => {
      await expect(startEmbeddedPostgres({ dataDir: path.join(scratch, "locked", "pg"), password })).rejects.toThrow(
        /runs as the "postgres" user, which cannot enter .*\/locked/,
      );
    },
  );
});
