// Every timeout of the end-to-end tests, in one place: tests name one of these, never a number
// (tests/lint/test-suite-rules.test.ts holds them to it). Timeouts only bound a test that hangs;
// speed is measured by the benchmarks (bench/). The 2-core machines the suite runs on are much slower on
// some days than on others (docs/decisions/0023-a-fast-test-loop.md), so every value is multiplied by
// E2E_TIMEOUT_SCALE (default 2; 1 gives the values as written).
const raw = process.env.E2E_TIMEOUT_SCALE ?? "2";
const scale = Number(raw);
if (!Number.isFinite(scale) || scale < 1) {
  throw new Error(`E2E_TIMEOUT_SCALE must be a number of at least 1, not "${raw}"`);
}
export const TIMEOUT_SCALE = scale;

export const TIMEOUTS = {
  /** One test: the config's default. */
  test: 30_000 * scale,
  /** A test through a whole journey: several people, pages and background jobs. */
  journey: 120_000 * scale,
  /** A test, or its hook, that starts servers of its own (a cluster, migrations, the seed). */
  ownServers: 240_000 * scale,
  /** Something to show on a page: expect's default wait. */
  expect: 7_000 * scale,
  /**
   * Something that waits on the server's background work or a cold start: a job run, an email, an
   * event over the realtime stream, a service worker's install, the first load of a page's code.
   */
  background: 30_000 * scale,
} as const;

/** Promises of the product that tests hold as written, not scaled: a bound that is the rule itself. */
export const PROMISES = {
  /** A dead embedded PostgreSQL is restarted and pages are served again within 10 s (docs/decisions/0020-database-recovery.md). */
  serviceAfterDatabaseRestart: 10_000,
} as const;
