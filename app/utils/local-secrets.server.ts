import { randomBytes } from "node:crypto";
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
