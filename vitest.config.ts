import { defineConfig } from "vitest/config";

// Two projects: fast unit tests beside the code, and integration tests that
// each get a fresh PostgreSQL database cloned from a migrated template
// (tests/integration/global-setup.ts starts or borrows the server once per run).
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // Two cores here: integration files mostly wait on PostgreSQL and scrypt
    // (which runs on libuv's thread pool), so two workers keep both cores busy.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}"],
          environment: "node",
          // Unit tests hold no state beyond a test (a stubbed global or TZ is put back after it), so
          // their files share a worker's modules: each module is imported once per worker, not once
          // per file (docs/decisions/0023-a-fast-test-loop.md, "Unit files share their modules").
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // Lints probe modules against .oxlintrc.json's layer rules.
          name: "lint",
          include: ["tests/lint/**/*.test.ts"],
          environment: "node",
          isolate: false,
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          // Forks, each running file after file with the modules it has imported
          // (docs/decisions/0023-a-fast-test-loop.md, "Integration files share their processes too").
          // What a file sets for the process it sets again in its own setup (tests/integration/db.ts,
          // env.ts, auth-env.ts), and the process-wide instances follow it: auth, the mailer, push keys
          // and unsubscribe keys are made again when the configuration or the database changes, and a
          // stopped realtime hub is forgotten.
          pool: "forks",
          isolate: false,
          globalSetup: ["tests/integration/global-setup.ts"],
          // The domain event handlers, installed as server/boot.ts does (app/event-handlers.server.ts).
          setupFiles: ["tests/integration/setup.ts"],
          // Password hashing is scrypt N=2^17 (hundreds of ms per hash) and the
          // demo seed hashes three passwords.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
