import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
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
