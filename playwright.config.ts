import { chmodSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROME_FLAGS, CHROME_PATH } from "./scripts/chromium.js";
import { TIMEOUTS } from "./tests/e2e/timeouts.ts";
import { E2E_SIGN_UPS_PER_ADDRESS } from "./tests/e2e/server-limits.ts";
import { E2E_SMS_FROM, FAKE_SMS_ACCOUNT } from "./tests/support/fake-sms.ts";
import { freePortsSync } from "./tests/support/free-ports.ts";

// End-to-end tests drive the production build in Debian's Chromium, against a
// server with a throw-away data directory (embedded PostgreSQL, outbox).
// The ports of the suite's three web servers: free ones below the ephemeral range unless E2E_PORT,
// E2E_GEOCODER_PORT and E2E_SMS_PORT are given, so that two runs never collide and no outgoing
// connection holds one (tests/support/free-ports.ts); chosen once in the runner process, the workers
// inherit them through the environment.
if (!process.env.E2E_PORT || !process.env.E2E_GEOCODER_PORT || !process.env.E2E_SMS_PORT) {
  const [app, geocoder, sms] = freePortsSync(3);
  process.env.E2E_PORT ??= String(app);
  process.env.E2E_GEOCODER_PORT ??= String(geocoder);
  process.env.E2E_SMS_PORT ??= String(sms);
}
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

// Set once in the runner process; workers inherit it through the environment.
if (!process.env.E2E_DATA_DIR) {
  const dir = mkdtempSync(path.join(tmpdir(), "tendly-e2e-"));
  // The embedded PostgreSQL runs as the `postgres` user when we are root.
  chmodSync(dir, 0o755);
  process.env.E2E_DATA_DIR = dir;
}
const dataDir = process.env.E2E_DATA_DIR;

// Addresses are placed on the map by the fake geocoder (tests/support/fake-geocoder.ts), a second web
// server of its own; the suite's server and the workers (which submit care requests through the
// features) are pointed at it, never at a real provider.
const geocoderPort = Number(process.env.E2E_GEOCODER_PORT);
process.env.GEOCODER = "census";
process.env.GEOCODER_URL = `http://127.0.0.1:${geocoderPort}`;
process.env.GEOCODER_INTERVAL_MS = "0";

// Texts go to the fake text-message provider (tests/support/fake-sms.ts), a web server of its own; only
// the suite's server is configured for it (its jobs send the texts), and the workers read the messages
// back from it and sign the provider's webhook requests with its token
// (docs/decisions/0049-text-messages.md).
const smsPort = Number(process.env.E2E_SMS_PORT);

const rawWorkers = process.env.E2E_WORKERS ?? "2";
const E2E_WORKERS = Number(rawWorkers);
if (!Number.isInteger(E2E_WORKERS) || E2E_WORKERS < 1) {
  throw new Error(`E2E_WORKERS must be a whole number of at least 1, not "${rawWorkers}"`);
}

const CHROMIUM = { ...devices["Desktop Chrome"], channel: undefined };
const SERVER_TESTS = /(server-modes|server-start-stop|database-recovery|workers)\.test\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.test.ts",
  fullyParallel: true,
  // The same number of workers on every machine, CI or not: Playwright's own choice is half the cores, one
  // worker on the 2-core machines the suite runs on (docs/decisions/0023-a-fast-test-loop.md, "Measured").
  workers: E2E_WORKERS,
  retries: 0,
  forbidOnly: true,
  // Every timeout comes from tests/e2e/timeouts.ts, scaled by E2E_TIMEOUT_SCALE there.
  timeout: TIMEOUTS.test,
  expect: { timeout: TIMEOUTS.expect },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  outputDir: "test-results",
  use: {
    baseURL,
    // Toasts fade in; axe measuring contrast mid-fade reports a false failure.
    // Without motion every page is checked as it finally looks.
    reducedMotion: "reduce",
    // A trace is read from the test-results folder of the machine that ran the test; CI keeps none,
    // so it records none (docs/decisions/0023-a-fast-test-loop.md, "No traces in CI").
    trace: process.env.CI ? "off" : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROME_PATH,
      args: CHROME_FLAGS,
    },
  },
  // Chromium throughout; tests that need a phone use MOBILE from fixtures.ts.
  // Tests that start whole servers of their own (an embedded PostgreSQL, a
  // migration and a seed each) run after the rest, so that their start-up
  // load never lands on another test's waits.
  projects: [
    { name: "chromium", testIgnore: SERVER_TESTS, use: CHROMIUM },
    { name: "own servers", testMatch: SERVER_TESTS, dependencies: ["chromium"], use: CHROMIUM },
  ],
  webServer: [
    {
      // The Node that runs the suite: it runs TypeScript as is.
      command: `"${process.execPath}" tests/support/fake-geocoder.ts ${geocoderPort}`,
      url: `http://127.0.0.1:${geocoderPort}/healthz`,
      timeout: 120_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    },
    {
      command: `"${process.execPath}" tests/support/fake-sms.ts ${smsPort}`,
      url: `http://127.0.0.1:${smsPort}/healthz`,
      timeout: 120_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    },
    {
      command: "node scripts/start.js",
      url: `${baseURL}/healthz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
      env: {
        ...(process.env as Record<string, string>),
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        PG_DATA_DIR: path.join(dataDir, "pg"),
        // Each test signs in from its own address (tests/e2e/fixtures.ts sets
        // X-Forwarded-For), as clients behind one trusted proxy would; the
        // per-address rate limits then apply per test, not to the whole suite.
        TRUST_PROXY: "1",
        // Behind a trusted proxy demo mode is off unless announced: this server
        // is the public demo of docs/decisions/0010, with its notice on every page.
        DEMO_MODE: "true",
        // A low per-address sign-up limit, so that tests can reach it in a few sign-ups.
        SIGN_UPS_PER_ADDRESS_PER_HOUR: String(E2E_SIGN_UPS_PER_ADDRESS),
        // One process, whose limits (the password-hashing lane) the tests reach as they count them; the
        // workers of docs/decisions/0044-a-worker-per-core.md are tests/e2e/workers.test.ts's.
        WEB_CONCURRENCY: "1",
        SMS_API_BASE: `http://127.0.0.1:${smsPort}`,
        SMS_ACCOUNT_SID: FAKE_SMS_ACCOUNT.accountSid,
        SMS_AUTH_TOKEN: FAKE_SMS_ACCOUNT.authToken,
        SMS_FROM: E2E_SMS_FROM,
      },
    },
  ],
});
