// How much longer than the written timeouts the end-to-end tests may wait.
// Timeouts only bound a test that hangs; speed is measured by the benchmarks.
// On the 2-core machines it runs on, the same suite ran up to four times
// slower on some days than on others (the end-to-end tests in 21 minutes one
// day, 53 the next), so by default every test's timeout and the default wait
// of `expect` are doubled.
// E2E_TIMEOUT_SCALE=1 gives the written values.
const raw = process.env.E2E_TIMEOUT_SCALE ?? "2";
const scale = Number(raw);
if (!Number.isFinite(scale) || scale < 1) {
  throw new Error(`E2E_TIMEOUT_SCALE must be a number of at least 1, not "${raw}"`);
}
export const TIMEOUT_SCALE = scale;
