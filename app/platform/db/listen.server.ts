import pg from "pg";

// One way to LISTEN: a PostgreSQL connection of its own (outside the pool)
// that follows a channel and comes back after a failure. The job runner
// (app/platform/jobs/runner.server.ts) and the realtime hub (app/platform/realtime/hub.server.ts)
// use it.

export type ChannelListener = {
  /** Called with each notification's payload. */
  onNotify: (payload: string) => void;
  /**
   * Called once the connection listens, the first time and after every
   * reconnection: whatever was announced while it was down was not heard, so
   * the caller catches up here.
   */
  onListening?: () => void;
  /** Called when the connection fails; it is tried again after `retryMs`. */
  onLost?: (error: Error) => void;
};

export function listenToChannel(
  url: string,
  channel: string,
  listener: ChannelListener,
  retryMs = 5000,
): { close: () => Promise<void> } {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = () => {
    if (closed) return;
    const current = new pg.Client({ connectionString: url });
    client = current;
    const reconnect = (error: Error) => {
      if (closed || client !== current) return;
      client = undefined;
      current.end().catch(() => {});
      retry = setTimeout(connect, retryMs);
      listener.onLost?.(error);
    };
    current.on("error", reconnect);
    current.on("end", () => reconnect(new Error("connection ended")));
    current.on("notification", (message) => {
      if (message.channel === channel) listener.onNotify(message.payload ?? "");
    });
    current
      .connect()
      .then(() => current.query(`listen ${channel}`))
      .then(() => listener.onListening?.())
      .catch((error: unknown) => reconnect(error instanceof Error ? error : new Error(String(error))));
  };
  connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
