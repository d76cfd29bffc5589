import { createContext, useContext, useEffect, useMemo, useRef, useState } from "react";
import { useNavigation, useRevalidator } from "react-router";
import { createLiveRefresh } from "./live-refresh";
import {
  REALTIME_KINDS,
  reopenDelayMs,
  RESYNC_EVENT,
  SUPERSEDED_EVENT,
  type RealtimeKind,
  type RealtimePayloads,
} from "~/platform/realtime/events";

// The browser's end of the realtime stream (docs/decisions/0014-realtime-over-sse.md):
// one EventSource per tab for a signed-in person, opened after the event the
// page was rendered with (`after`), so nothing published in between is
// missed. The browser reconnects by itself with Last-Event-ID; when it gives up
// (a reconnection that failed offline) the stream is opened again from the last
// event the tab had, after reopenDelayMs or at once when the browser is back
// online. When the server cannot replay everything (RESYNC_EVENT) the page's
// data is reloaded instead. A stream closed because the person opened more
// tabs than the caps allow (SUPERSEDED_EVENT) stays closed until the tab is
// looked at again.
// A page reads its data again when an event says something it shows changed through useLiveRefresh, one
// read at a time (live-refresh.ts).

export type RealtimeStatus = "connecting" | "open" | "closed";

type Handler = (payload: unknown, eventId: number) => void;

type RealtimeContextValue = {
  subscribe: (kind: RealtimeKind, handler: Handler) => () => void;
  /** Asks for the page's data to be read again (useLiveRefresh). */
  refresh: () => void;
  status: RealtimeStatus;
};

const RealtimeContext = createContext<RealtimeContextValue | null>(null);

export type RealtimeProviderProps = {
  /** The stream starts after this event id (the root loader's); null when signed out: no stream. */
  after: number | null;
  children: React.ReactNode;
};

export function RealtimeProvider({ after, children }: RealtimeProviderProps) {
  const [handlers] = useState(() => new Map<RealtimeKind, Set<Handler>>());
  const [status, setStatus] = useState<RealtimeStatus>("connecting");
  // The router's revalidate is the same function for the life of the page.
  const { revalidate } = useRevalidator();
  const [live] = useState(() => createLiveRefresh(revalidate));
  const isNavigating = useNavigation().state !== "idle";
  useEffect(() => live.setNavigating(isNavigating), [live, isNavigating]);
  // The stream follows the signed-in person; a new `after` for the same person is not a reason to reconnect.
  const isSignedIn = after !== null;
  const startAfter = useRef<number | null>(null);
  // Declared before the stream's effect, so it runs first in the same commit.
  useEffect(() => {
    startAfter.current ??= after;
  });

  useEffect(() => {
    if (!isSignedIn || typeof EventSource === "undefined") return;
    // The last event this tab had: a stream opened again starts after it, so nothing is missed twice or lost.
    let lastEventId = startAfter.current ?? 0;
    let source: EventSource | undefined;
    let reopenTimer: number | undefined;
    let failuresInARow = 0;
    let hasOpened = false;
    let isSuperseded = false;
    const noteEventId = (event: Event) => {
      const id = Number((event as MessageEvent).lastEventId);
      if (Number.isSafeInteger(id) && id > lastEventId) lastEventId = id;
    };
    const open = () => {
      window.clearTimeout(reopenTimer);
      reopenTimer = undefined;
      isSuperseded = false;
      source?.close();
      const current = new EventSource(`/api/events?after=${lastEventId}`);
      source = current;
      current.addEventListener("open", () => {
        failuresInARow = 0;
        setStatus("open");
        // After a dropped connection the replay brings the events; a reload also catches anything not evented.
        if (hasOpened) live.refresh();
        hasOpened = true;
      });
      current.addEventListener("error", () => {
        if (current.readyState !== EventSource.CLOSED) {
          setStatus("connecting");
          return;
        }
        // The browser gave up on this stream (a reconnection that failed while offline, an answer
        // that was not a stream): open another ourselves, later, or as soon as we are back online.
        setStatus("closed");
        reopenTimer ??= window.setTimeout(open, reopenDelayMs(failuresInARow++));
      });
      for (const kind of REALTIME_KINDS) {
        current.addEventListener(kind, (event) => {
          noteEventId(event);
          const message = event as MessageEvent<string>;
          let payload: unknown;
          try {
            payload = JSON.parse(message.data);
          } catch {
            return;
          }
          for (const handler of handlers.get(kind) ?? []) handler(payload, Number(message.lastEventId));
        });
      }
      current.addEventListener(RESYNC_EVENT, (event) => {
        noteEventId(event);
        live.refresh();
      });
      current.addEventListener(SUPERSEDED_EVENT, () => {
        current.close();
        isSuperseded = true;
        setStatus("closed");
      });
    };
    // Looked at again (shown, or its window focused): live once more, which may close another tab's stream.
    const onVisible = () => {
      if (isSuperseded && document.visibilityState === "visible") open();
    };
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("focus", onVisible);
    // Back online: a stream not open now (given up, or still retrying at the browser's pace) opens at once.
    const onOnline = () => {
      if (isSuperseded || source?.readyState === EventSource.OPEN) return;
      failuresInARow = 0;
      open();
    };
    window.addEventListener("online", onOnline);
    open();
    return () => {
      window.removeEventListener("online", onOnline);
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("focus", onVisible);
      window.clearTimeout(reopenTimer);
      source?.close();
      startAfter.current = null;
    };
  }, [isSignedIn, handlers, live]);

  const [value] = useState<Omit<RealtimeContextValue, "status">>(() => ({
    subscribe: (kind, handler) => {
      const set = handlers.get(kind) ?? new Set();
      handlers.set(kind, set);
      set.add(handler);
      return () => set.delete(handler);
    },
    refresh: live.refresh,
  }));
  const shownStatus = isSignedIn ? status : "closed";
  // The same value while the status holds: the router's loading states re-render the provider, not its readers.
  const context = useMemo(() => ({ ...value, status: shownStatus }), [value, shownStatus]);
  return <RealtimeContext.Provider value={context}>{children}</RealtimeContext.Provider>;
}

/** Calls `handler` for each realtime event of `kind` this tab receives (the latest handler; no resubscribing). */
export function useRealtime<Kind extends RealtimeKind>(
  kind: Kind,
  handler: (payload: RealtimePayloads[Kind], eventId: number) => void,
) {
  const context = useContext(RealtimeContext);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  const subscribe = context?.subscribe;
  useEffect(() => {
    if (!subscribe) return;
    return subscribe(kind, (payload, eventId) => latest.current(payload as RealtimePayloads[Kind], eventId));
  }, [subscribe, kind]);
}

/**
 * A function that has the page's data read again, for a realtime event that says something the page shows
 * changed: the read is made at once when the router is idle, else once its loading ends, and asking again
 * before then asks for nothing more.
 */
export function useLiveRefresh(): () => void {
  const refresh = useContext(RealtimeContext)?.refresh;
  const { revalidate } = useRevalidator();
  return refresh ?? (() => void revalidate());
}

/** Whether this tab's stream is open (e.g. to say "Reconnecting…"). */
export function useRealtimeStatus(): RealtimeStatus {
  return useContext(RealtimeContext)?.status ?? "closed";
}
