import { afterAll, beforeAll } from "vitest";
import { initAuth } from "~/platform/auth/auth.server";
import type { Database } from "~/platform/db/client.server";
import type { Env } from "~/utils/env.server";
import { createTestDatabase, type TestDatabase } from "./db";
import { createDataDir, randomSecret, useTestEnv } from "./env";

export type AuthTestSetup = { db: Database; env: Env };

/**
 * For a test file that uses the auth API: a throw-away DATA_DIR (outbox), a
 * fresh database and an initialised better-auth, for the whole file. The
 * returned object is filled in before the first test runs. `env` adds
 * variables, read when the file's tests start (after earlier beforeAll hooks).
 */
export function useAuthTestSetup({ env }: { env?: () => NodeJS.ProcessEnv } = {}): AuthTestSetup {
  const setup = {} as AuthTestSetup;
  let testDb: TestDatabase | undefined;
  let removeDataDir: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const dataDir = await createDataDir();
    removeDataDir = dataDir.remove;
    setup.env = useTestEnv({ ...env?.(), DATA_DIR: dataDir.dir });
    testDb = await createTestDatabase();
    setup.db = testDb.db;
    initAuth(randomSecret());
  });
  afterAll(async () => {
    await testDb?.drop();
    await removeDataDir?.();
  });
  return setup;
}
