import { createECDH, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { createFileAtomically } from "./atomic-file.server";

// Secrets for the embedded default: generated once per data directory and kept
// beside the data (never in the repository). A deployment with DATABASE_URL
// passes AUTH_SECRET through the environment instead.
export type LocalSecrets = { authSecret: string; postgresPassword: string };

/**
 * The JSON in `file`, or `created` written there first if there is no such
 * file. Created atomically: the first process to write it wins, the others
 * read its values, and a crash mid-write leaves no half file. A file that is
 * there but cannot be read stops the start with its name: its values cannot
 * be made up again without ending sessions or locking out the database.
 */
async function readOrCreateJson<T>(file: string, create: () => T): Promise<T> {
  let text: string | undefined;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  if (text === undefined) {
    await mkdir(path.dirname(file), { recursive: true });
    await createFileAtomically(file, JSON.stringify(create(), null, 2), { mode: 0o600 });
    text = await readFile(file, "utf8");
  }
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(
      `${file} is damaged (not valid JSON). It holds generated keys: restore it from a backup, or move it away to make new ones (signed-in people are signed out; with the embedded database, its password is in this file too).`,
    );
  }
}

export async function loadLocalSecrets(dataDir: string): Promise<LocalSecrets> {
  return readOrCreateJson<LocalSecrets>(path.resolve(dataDir, "secrets.json"), () => ({
    authSecret: randomBytes(32).toString("base64url"),
    postgresPassword: randomBytes(24).toString("base64url"),
  }));
}

/**
 * The password of the embedded cluster, kept beside the cluster rather than in
 * DATA_DIR: as root the cluster lives outside the checkout
 * (/var/lib/tendly/<hash>/pg), and a fresh clone at the same path would
 * otherwise generate a new password for the old cluster and fail with
 * "password authentication failed". Ordinarily both are the same file
 * (DATA_DIR/secrets.json beside DATA_DIR/pg). A cluster made before the
 * password moved keeps the one DATA_DIR still holds.
 */
export async function loadEmbeddedPostgresPassword(pgDataDir: string, dataDir: string): Promise<string> {
  const clusterParent = path.dirname(path.resolve(pgDataDir));
  const besideCluster = path.join(clusterParent, "secrets.json");
  const inDataDir = path.resolve(dataDir, "secrets.json");
  if (
    besideCluster !== inDataDir &&
    !existsSync(besideCluster) &&
    existsSync(path.join(pgDataDir, "PG_VERSION")) &&
    existsSync(inDataDir)
  ) {
    const { postgresPassword } = await loadLocalSecrets(dataDir);
    await readOrCreateJson(besideCluster, () => ({ authSecret: "", postgresPassword }));
  }
  if (existsSync(besideCluster)) {
    const parsed = await readOrCreateJson<Partial<LocalSecrets>>(besideCluster, () => ({}));
    if (parsed.postgresPassword) return parsed.postgresPassword;
  }
  return (await loadLocalSecrets(clusterParent)).postgresPassword;
}

/** A VAPID key pair for web push, base64url as the push services and browsers take it. */
export type VapidKeyPair = { publicKey: string; privateKey: string };

/**
 * The embedded default's VAPID keys: generated once per data directory and
 * kept beside the data (DATA_DIR/vapid-keys.json), like the secrets above, so
 * that browsers' push subscriptions stay valid across restarts. The first
 * process to write the file wins; the others read its keys.
 */
export async function loadLocalVapidKeys(dataDir: string): Promise<VapidKeyPair> {
  return readOrCreateJson<VapidKeyPair>(path.resolve(dataDir, "vapid-keys.json"), () => {
    const curve = createECDH("prime256v1");
    curve.generateKeys();
    return {
      // Uncompressed point (65 bytes) and the 32-byte scalar, zero-padded as the VAPID spec wants it.
      publicKey: curve.getPublicKey().toString("base64url"),
      privateKey: Buffer.from(curve.getPrivateKey().toString("hex").padStart(64, "0"), "hex").toString("base64url"),
    };
  });
}
