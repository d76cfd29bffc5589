// At most 5 failed sign-ins, then a 15-minute cooldown (docs/product-rules.md, "Accounts and sign-in"). Pure, so that
// the rule is tested without a database (docs/decisions/0005).
export const LOCKOUT = {
  maxFailures: 5,
  windowMs: 15 * 60 * 1000,
  lockMs: 15 * 60 * 1000,
} as const;

/** How far back failures can still matter: a window that ended in a lock, plus that lock. */
export const LOCKOUT_LOOKBACK_MS = LOCKOUT.windowMs + LOCKOUT.lockMs;

/**
 * When the lock of one scope (an address, an account, a device) ends, or null
 * when it is not locked at `now`. A lock starts at the failure that makes
 * `maxFailures` within `windowMs`, and lasts `lockMs`. Attempts refused while
 * locked are not failures (they never reach the password check), so an
 * attacker cannot stretch a lock by hammering it.
 */
export function lockedUntil(failureTimes: readonly Date[], now: Date): Date | null {
  const times = failureTimes
    .map((time) => time.getTime())
    .filter((time) => time <= now.getTime())
    .toSorted((a, b) => a - b);
  let end = Number.NEGATIVE_INFINITY;
  for (let index = LOCKOUT.maxFailures - 1; index < times.length; index += 1) {
    const current = times[index]!;
    if (current - times[index - LOCKOUT.maxFailures + 1]! <= LOCKOUT.windowMs) {
      end = Math.max(end, current + LOCKOUT.lockMs);
    }
  }
  return end > now.getTime() ? new Date(end) : null;
}
