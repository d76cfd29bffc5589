// A log that anyone outside can make write (bad requests, a burst of failed
// session lookups while the database restarts) must not be able to fill the
// disk or bury everything else: at most a number of lines a minute, the rest
// counted, and the count written when the next minute starts
// (docs/architecture.md, "Errors").

const MINUTE_MS = 60_000;
/** How much of a path or message a line keeps. */
const MAX_PART = 200;

/** One part of a line: control characters (a forged line break) escaped, and cut to MAX_PART characters. */
export function logPart(text: string): string {
  const escaped = JSON.stringify(text).slice(1, -1);
  return escaped.length > MAX_PART ? `${escaped.slice(0, MAX_PART)}...` : escaped;
}

export type LimitedLogOptions = {
  /** What the lines are of, for the line that counts those not written ("Bad requests"). */
  what: string;
  perMinute: number;
  write: (line: string) => void;
  now?: () => number;
};

/** A writer of lines that writes at most `perMinute` of them a minute and counts the rest. */
export function createLimitedLog({ what, perMinute, write, now = Date.now }: LimitedLogOptions) {
  let windowStart = Number.NEGATIVE_INFINITY;
  let written = 0;
  let unwritten = 0;
  return (line: string) => {
    const at = now();
    if (at - windowStart >= MINUTE_MS) {
      if (unwritten > 0) write(`${what}: ${unwritten} more not logged in the minute before.`);
      windowStart = at;
      written = 0;
      unwritten = 0;
    }
    if (written >= perMinute) {
      unwritten += 1;
      return;
    }
    written += 1;
    write(line);
  };
}
