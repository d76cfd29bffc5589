// What travels on the realtime stream (docs/decisions/0014-realtime-over-sse.md):
// one event per change a signed-in user's open pages should show at once.
// Shared by the server (publish, hub, the stream route) and the browser.

/** The kinds of realtime events, each with the shape of its payload. */
export type RealtimePayloads = {
  /** A notification was created or refreshed (an identical unread one moves to the top). */
  notification: { notification: Record<string, unknown> };
  /** Notifications changed state on another device (read, unread, archived, deleted). */
  "notification-state": { ids: string[]; status: "unread" | "read" | "archived" | "deleted" } | { all: "read" };
  /** A new message in one of the user's conversations. */
  message: { conversationId: string; message: Record<string, unknown> };
  /** The other side's delivery or read mark moved, or the user's own read mark did on another device. */
  "message-marks": { conversationId: string; side: "a" | "b"; deliveredUpTo: number; readUpTo: number };
  /** To the family: one of their order's visits changed (its caregiver is on the way, or checked in): the order page reloads. */
  "visit-update": { orderId: string; visitId: string };
  /** To administrators: a visit became late, missed or had no backup, or stopped needing attention. */
  "visit-attention": { visitId: string };
  /**
   * To administrators: something the admin home counts changed (an application sent, an offer made, answered or
   * expired, a contact message, a card charge failing or paid, a visit checked in or out, a payout batch).
   */
  "admin-attention": { item: AdminAttentionItem };
};

/** What an "admin-attention" event names: one of the admin home's counts (docs/product-rules.md, "The admin's home"). */
export type AdminAttentionItem = "applications" | "offers" | "evv" | "tickets" | "payments" | "payouts" | "credentials";

export type RealtimeKind = keyof RealtimePayloads;

export type RealtimeEvent<Kind extends RealtimeKind = RealtimeKind> = {
  /** The event's id in realtime_events: increasing per server; the stream's Last-Event-ID. */
  id: number;
  kind: Kind;
  payload: RealtimePayloads[Kind];
};

/** The event the stream sends when it cannot replay everything missed: the page reloads its data. */
export const RESYNC_EVENT = "resync";

/**
 * The event that ends a stream a newer one replaced past a cap (stream-caps.ts): the tab does not
 * reconnect by itself, and opens its stream again once it is looked at.
 */
export const SUPERSEDED_EVENT = "superseded";

export const REALTIME_KINDS: readonly RealtimeKind[] = [
  "notification",
  "notification-state",
  "message",
  "message-marks",
  "visit-attention",
  "visit-update",
  "admin-attention",
];

/**
 * How long the browser waits before opening the stream again itself, after its EventSource gave
 * up (a reconnection that failed while offline, an answer that was not a stream): 1 s, doubling
 * with each failure in a row, at most 30 s. Coming back online opens it at once.
 */
export function reopenDelayMs(failuresInARow: number): number {
  return Math.min(30_000, 1_000 * 2 ** Math.max(0, failuresInARow));
}
