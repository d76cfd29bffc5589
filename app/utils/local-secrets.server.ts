import { createECDH, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

// Secrets for the embedded default: generated once per data directory and kept
// beside the data (never in the repository). A deployment with DATABASE_URL
// passes AUTH_SECRET through the environment instead.
export type LocalSecrets = { authSecret: string; postgresPassword: string };

export async function loadLocalSecrets(dataDir: string): Promise<LocalSecrets> {
  const file = path.resolve(dataDir, "secrets.json");
  try {
    const parsed = JSON.parse(await readFile(file, "utf8")) as Partial<LocalSecrets>;
    if (parsed.authSecret && parsed.postgresPassword) {
      return { authSecret: parsed.authSecret, postgresPassword: parsed.postgresPassword };
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const secrets: LocalSecrets = {
    authSecret: randomBytes(32).toString("base64url"),
    postgresPassword: randomBytes(24).toString("base64url"),
  };
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600, flag: "wx" }).catch(
    async (error: NodeJS.ErrnoException) => {
      // Another process created it first: use theirs.
      if (error.code !== "EEXIST") throw error;
    },
  );
  return JSON.parse(await readFile(file, "utf8")) as LocalSecrets;
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
    await mkdir(clusterParent, { recursive: true });
    await writeFile(besideCluster, JSON.stringify({ authSecret: "", postgresPassword }, null, 2), {
      mode: 0o600,
      flag: "wx",
    }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "EEXIST") throw error;
    });
  }
  if (existsSync(besideCluster)) {
    const parsed = JSON.parse(await readFile(besideCluster, "utf8")) as Partial<LocalSecrets>;
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
  const file = path.resolve(dataDir, "vapid-keys.json");
  try {
    const parsed = JSON.parse(await readFile(file, "utf8")) as Partial<VapidKeyPair>;
    if (parsed.publicKey && parsed.privateKey) return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const curve = createECDH("prime256v1");
  curve.generateKeys();
  const keys: VapidKeyPair = {
    // Uncompressed point (65 bytes) and the 32-byte scalar, zero-padded as the VAPID spec wants it.
    publicKey: curve.getPublicKey().toString("base64url"),
    privateKey: Buffer.from(curve.getPrivateKey().toString("hex").padStart(64, "0"), "hex").toString("base64url"),
  };
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(keys, null, 2), { mode: 0o600, flag: "wx" }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code !== "EEXIST") throw error;
    },
  );
  return JSON.parse(await readFile(file, "utf8")) as VapidKeyPair;
}
