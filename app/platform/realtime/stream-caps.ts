// How many live streams one person may hold (docs/product-rules.md, "Live
// updates"): each open tab holds one. Past a cap the oldest stream is closed,
// so the tab a person opened last is always live; a closed tab opens its
// stream again when it is looked at (app/client/use-realtime.tsx).

export type StreamCaps = { perSession: number; perUser: number };

export const STREAM_CAPS: StreamCaps = {
  /** Open tabs of one browser sign-in. */
  perSession: 6,
  /** Over all of a person's sign-ins (phone, computer, …). */
  perUser: 12,
};

/** How often a process tells the database its streams are still open. */
export const STREAM_REFRESH_MS = 20_000;
/** A stream not refreshed for this long is of a process that stopped: it no longer counts. */
export const STREAM_STALE_MS = 3 * STREAM_REFRESH_MS;

export type OpenStream = { id: string; sessionId: string };

/** The streams to close, given a user's open streams newest first: the oldest past either cap. */
export function streamsPastCaps(newestFirst: readonly OpenStream[], caps: StreamCaps = STREAM_CAPS): string[] {
  const perSession = new Map<string, number>();
  let kept = 0;
  const closing: string[] = [];
  for (const stream of newestFirst) {
    const inSession = perSession.get(stream.sessionId) ?? 0;
    if (inSession < caps.perSession && kept < caps.perUser) {
      perSession.set(stream.sessionId, inSession + 1);
      kept += 1;
    } else {
      closing.push(stream.id);
    }
  }
  return closing;
}
