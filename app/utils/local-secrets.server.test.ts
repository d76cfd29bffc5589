import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadEmbeddedPostgresPassword, loadLocalSecrets } from "./local-secrets.server";

function tempDir() {
  return mkdtempSync(path.join(tmpdir(), "tendly-secrets-"));
}

/** A directory that looks like an initialised cluster to the loader. */
function fakeCluster(dir: string) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "PG_VERSION"), "18\n");
}

describe("loadEmbeddedPostgresPassword", () => {
  it("uses DATA_DIR/secrets.json when the cluster sits in DATA_DIR/pg", async () => {
    const dataDir = tempDir();
    const password = await loadEmbeddedPostgresPassword(path.join(dataDir, "pg"), dataDir);
    expect(password).toBe((await loadLocalSecrets(dataDir)).postgresPassword);
  });

  it("keeps the password beside a cluster outside DATA_DIR, so a fresh checkout reuses it", async () => {
    const clusterParent = tempDir();
    const pgDataDir = path.join(clusterParent, "pg");
    const first = await loadEmbeddedPostgresPassword(pgDataDir, tempDir());
    fakeCluster(pgDataDir);
    // A new clone at the same path: an empty DATA_DIR, the old cluster.
    const again = await loadEmbeddedPostgresPassword(pgDataDir, tempDir());
    expect(again).toBe(first);
  });

  it("adopts the password DATA_DIR holds for a cluster made before it moved", async () => {
    const dataDir = tempDir();
    const { postgresPassword } = await loadLocalSecrets(dataDir);
    const pgDataDir = path.join(tempDir(), "pg");
    fakeCluster(pgDataDir);
    expect(await loadEmbeddedPostgresPassword(pgDataDir, dataDir)).toBe(postgresPassword);
    // And from then on without DATA_DIR.
    expect(await loadEmbeddedPostgresPassword(pgDataDir, tempDir())).toBe(postgresPassword);
  });
});

describe("a damaged key file", () => {
  it("stops the start with the file's name instead of making up new keys", async () => {
    const dataDir = tempDir();
    writeFileSync(path.join(dataDir, "secrets.json"), '{"authSecret":"abc","postgresPass');
    await expect(loadLocalSecrets(dataDir)).rejects.toThrow(`${path.join(dataDir, "secrets.json")} is damaged`);
    expect(readFileSync(path.join(dataDir, "secrets.json"), "utf8")).toBe('{"authSecret":"abc","postgresPass');
  });

  it("processes starting together all get the keys of the one that wrote the file", async () => {
    const dataDir = tempDir();
    const loaded = await Promise.all([1, 2, 3, 4].map(() => loadLocalSecrets(dataDir)));
    expect(new Set(loaded.map((secrets) => secrets.authSecret)).size).toBe(1);
    expect(readdirSync(dataDir)).toEqual(["secrets.json"]);
  });
});
