import { useCallback, useEffect, useRef, useState } from "react";
import { useRealtime } from "~/client/use-realtime";
import {
  applyNotificationChange,
  type Notification,
  type NotificationCenterData,
  type NotificationChange,
} from "~/utils/notifications";

// The chrome's notifications and unread messages, live (docs/product-rules.md, "Notifications"):
// the root loader's counts, reloaded from /api/notifications when the realtime stream says something
// changed; the panel's list read from there when the panel opens, not carried by every page
// (docs/decisions/0061-the-notification-list-on-demand.md). A change the person makes shows at once and is sent
// to the server, which tells their other devices. Read with a plain fetch, not a router fetcher:
// a fetcher first loads the route's module, and when the connection drops at that moment React
// Router reloads the whole page (seen: a message arriving just before the network went).

export type { NotificationCenterData };

/** How the panel's list stands: read, being read, or not read (no connection, or refused). */
export type NotificationListState = "ready" | "loading" | "failed";

export type NotificationCenterState = Omit<NotificationCenterData, "notifications"> & {
  /** The list to show: the newest read, also while a newer one is on its way; null before the first. */
  notifications: Notification[] | null;
  /** When the server read that list (its clock, ms): a list the phone kept is shown as of then. */
  listLoadedAt: number | null;
  listState: NotificationListState;
  change: (change: NotificationChange) => void;
  /** Reads the list: when the panel opens, and again after a failure. */
  openList: () => void;
};

/** A burst of events (a message and its notification) reloads once. */
const RELOAD_DEBOUNCE_MS = 100;

function newest(a: NotificationCenterData | null, b: NotificationCenterData | undefined) {
  if (!b) return a;
  if (!a) return b;
  return b.loadedAt >= a.loadedAt ? b : a;
}

export function useNotificationCenter(initial: NotificationCenterData | null): NotificationCenterState | null {
  const [loaded, setLoaded] = useState<NotificationCenterData | undefined>(undefined);
  const [pending, setPending] = useState<{ id: number; change: NotificationChange }[]>([]);
  const [hasFailed, setHasFailed] = useState(false);
  const nextId = useRef(0);
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(reloadTimer.current), []);

  /** The server's current list; offline or refused, the list shown stays (the next event reloads it). */
  const load = useCallback(async () => {
    try {
      const response = await fetch("/api/notifications", { headers: { Accept: "application/json" } });
      if (!response.ok) throw new Error(`Notifications answered ${response.status}`);
      const next = (await response.json()) as NotificationCenterData;
      // An answer that crossed a newer one on the way keeps the newer.
      setLoaded((current) => (current && current.loadedAt > next.loadedAt ? current : next));
      setHasFailed(false);
    } catch {
      // No connection: what is shown stays, and the panel says the list could not be read.
      setHasFailed(true);
    }
  }, []);

  const reload = () => {
    clearTimeout(reloadTimer.current);
    reloadTimer.current = setTimeout(() => void load(), RELOAD_DEBOUNCE_MS);
  };
  useRealtime("notification", reload);
  useRealtime("notification-state", reload);
  useRealtime("message", reload);
  useRealtime("message-marks", reload);

  const data = newest(initial, loaded);
  // The panel opened: its list is read then, and kept current by the stream while it stays open.
  const openList = useCallback(() => {
    setHasFailed(false);
    void load();
  }, [load]);

  if (!data) return null;

  const change = (request: NotificationChange) => {
    const id = ++nextId.current;
    setPending((list) => [...list, { id, change: request }]);
    const body = new FormData();
    body.set("intent", request.action);
    if (request.action !== "read-all") for (const itemId of request.ids) body.append("id", itemId);
    void fetch("/api/notifications", { method: "POST", body })
      .catch(() => undefined)
      // Whatever the outcome, the server's state shows next; the change stays drawn until it has arrived.
      .then(() => load())
      .finally(() => setPending((list) => list.filter((entry) => entry.id !== id)));
  };

  const source = data.notifications ? data : loaded?.notifications ? loaded : null;
  const list = source?.notifications ?? null;
  const shown = pending.reduce((current, entry) => applyNotificationChange(current, entry.change), {
    notifications: list ?? [],
    counts: data.counts,
  });
  return {
    ...data,
    counts: shown.counts,
    notifications: list === null ? null : shown.notifications,
    listLoadedAt: source?.loadedAt ?? null,
    listState: list !== null ? "ready" : hasFailed ? "failed" : "loading",
    change,
    openList,
  };
}
