import { createContext, useContext, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { REALTIME_KINDS, RESYNC_EVENT, type RealtimeKind, type RealtimePayloads } from "./events";

// The browser's end of the realtime stream (docs/decisions/0014-realtime-over-sse.md):
// one EventSource per tab for a signed-in person, opened after the event the
// page was rendered with (`after`), so nothing published in between is
// missed. The browser reconnects by itself with Last-Event-ID; when the server
// cannot replay everything (RESYNC_EVENT) the page's data is reloaded instead.

export type RealtimeStatus = "connecting" | "open" | "closed";

type Handler = (payload: unknown, eventId: number) => void;

type RealtimeContextValue = {
  subscribe: (kind: RealtimeKind, handler: Handler) => () => void;
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
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  // The stream follows the signed-in person; a new `after` for the same person is not a reason to reconnect.
  const isSignedIn = after !== null;
  const startAfter = useRef<number | null>(null);
  // Declared before the stream's effect, so it runs first in the same commit.
  useEffect(() => {
    revalidate.current = revalidator.revalidate;
    startAfter.current ??= after;
  });

  useEffect(() => {
    if (!isSignedIn || typeof EventSource === "undefined") return;
    const source = new EventSource(`/api/events?after=${startAfter.current ?? 0}`);
    let hasOpened = false;
    source.addEventListener("open", () => {
      setStatus("open");
      // After a dropped connection the replay brings the events; a reload also catches anything not evented.
      if (hasOpened) void revalidate.current();
      hasOpened = true;
    });
    source.addEventListener("error", () =>
      setStatus(source.readyState === EventSource.CLOSED ? "closed" : "connecting"),
    );
    for (const kind of REALTIME_KINDS) {
      source.addEventListener(kind, (event) => {
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
    source.addEventListener(RESYNC_EVENT, () => void revalidate.current());
    return () => {
      source.close();
      startAfter.current = null;
    };
  }, [isSignedIn, handlers]);

  const [value] = useState<Omit<RealtimeContextValue, "status">>(() => ({
    subscribe: (kind, handler) => {
      const set = handlers.get(kind) ?? new Set();
      handlers.set(kind, set);
      set.add(handler);
      return () => set.delete(handler);
    },
  }));
  return (
    <RealtimeContext.Provider value={{ ...value, status: isSignedIn ? status : "closed" }}>
      {children}
    </RealtimeContext.Provider>
  );
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

/** Whether this tab's stream is open (e.g. to say "Reconnecting…"). */
export function useRealtimeStatus(): RealtimeStatus {
  return useContext(RealtimeContext)?.status ?? "closed";
}
