import { requireUser } from "~/platform/auth/session.server";
import { RESYNC_EVENT, SUPERSEDED_EVENT, type RealtimeEvent } from "~/platform/realtime/events";
import { subscribe } from "~/platform/realtime/hub.server";
import type { Route } from "./+types/events";

// The signed-in user's realtime stream (Server-Sent Events; docs/decisions/0014-realtime-over-sse.md).
// It starts after the event id the browser names (the Last-Event-ID header an
// EventSource sends when it reconnects, or ?after= from the page's loader), so
// nothing published in between is missed. Each stream counts toward the caps
// on streams per sign-in and per person (app/platform/realtime/stream-caps.ts).

/** A comment line this often keeps proxies and the browser from closing an idle stream. */
const HEARTBEAT_MS = 20_000;
/** How long the browser waits before reconnecting a dropped stream. */
const RETRY_MS = 2_000;

function startingId(request: Request, url: URL): number {
  const raw = request.headers.get("last-event-id") ?? url.searchParams.get("after") ?? "0";
  const id = Number(raw);
  return Number.isSafeInteger(id) && id >= 0 ? id : 0;
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request);
  // Only an EventSource (which asks for an event stream) gets one: any other client would wait forever.
  if (!(request.headers.get("accept") ?? "").includes("text/event-stream"))
    return new Response("This address serves a Server-Sent Events stream (Accept: text/event-stream).", {
      status: 406,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  const encoder = new TextEncoder();
  let stop: (() => void) | undefined;
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let isOpen = true;
      const write = (text: string) => {
        if (!isOpen) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          close();
        }
      };
      const heartbeat = setInterval(() => write(": keep-alive\n\n"), HEARTBEAT_MS);
      let unsubscribe: (() => void) | undefined;
      const close = () => {
        if (!isOpen) return;
        isOpen = false;
        clearInterval(heartbeat);
        unsubscribe?.();
        try {
          controller.close();
        } catch {
          // Already closed by the client.
        }
      };
      stop = close;
      request.signal.addEventListener("abort", close);
      write(`retry: ${RETRY_MS}\n\n`);
      unsubscribe = await subscribe({
        userId: user.id,
        sessionId: user.sessionId,
        lastId: startingId(request, url),
        send: (event: RealtimeEvent) =>
          write(`id: ${event.id}\nevent: ${event.kind}\ndata: ${JSON.stringify(event.payload)}\n\n`),
        resync: () => write(`event: ${RESYNC_EVENT}\ndata: {}\n\n`),
        end: close,
        superseded: () => {
          write(`event: ${SUPERSEDED_EVENT}\ndata: {}\n\n`);
          close();
        },
      });
      if (!isOpen) unsubscribe();
    },
    cancel() {
      stop?.();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      Connection: "keep-alive",
      // No buffering by a proxy in front (nginx).
      "X-Accel-Buffering": "no",
    },
  });
}
