import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { resetMailerForTesting } from "~/platform/email/mailer.server";
import { parseEnv, setEnvForTesting, type Env } from "~/utils/env.server";

/**
 * Sets the process configuration from an explicit environment (never the
 * caller's shell: a DATABASE_URL or SMTP_URL there must not leak into tests)
 * and drops the cached mailer so that its transport follows.
 */
export function useTestEnv(source: NodeJS.ProcessEnv = {}): Env {
  const env = parseEnv({ NODE_ENV: "test", ...source });
  setEnvForTesting(env);
  resetMailerForTesting();
  return env;
}

export function randomSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** A throw-away DATA_DIR (outbox, local secrets); not for PostgreSQL data. */
export async function createDataDir(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "tendly-test-data-"));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
