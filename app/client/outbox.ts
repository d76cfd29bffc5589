import { openDB, type IDBPDatabase } from "idb";

// The device's outbox, one for everything a person writes that must reach the
// server even with no signal: a caregiver's check-ins and check-outs
// (check-outbox.ts) and messages (message-outbox.ts); docs/decisions/0013-offline-check-in-outbox.md.
// Every entry is written here first, in IndexedDB (or in memory where the
// browser refuses IndexedDB: a private window), then sent; it leaves the
// outbox only once the server has answered it (done, or refused for good).
// An entry written with no connection waits and is sent when the browser is
// back online or a page of its kind opens again. Each entry carries a key the
// device made, which the server stores once: an entry sent twice (an answer
// lost on the way back) is still done once.

/** What the server's answer made of an entry: done (with what it answered), refused for good, or still waiting. */
export type Outcome<Entry, Done> =
  | { state: "done"; entry: Entry; result: Done }
  | { state: "refused"; entry: Entry; message: string; reason?: string }
  | {
      state: "waiting";
      entry: Entry;
      /** Kept because the person sent too many too fast: the server's words, and when to send again. */
      hold?: { message: string; retryAt?: string };
    };

/** How one kind of entry is kept and sent. */
export type OutboxKind<Entry, Done> = {
  /** The IndexedDB database and store (one store per database, version 1). */
  database: string;
  store: string;
  /** Where the entry's key sits in it, for IndexedDB ("clientKey", "event.clientEventId"). */
  keyPath: string;
  key: (entry: Entry) => string;
  /** The signed-in person who wrote it: another account on the device never sends it. */
  owner: (entry: Entry) => string;
  /** When it was written (ISO): entries are sent oldest first. */
  writtenAt: (entry: Entry) => string;
  /** Posts the entry; a throw (no answer at all) leaves it waiting. */
  post: (entry: Entry) => Promise<Response>;
  /** The answer's meaning; "waiting" when it is no answer about the entry (a server error, a lost session). */
  read: (response: Response, entry: Entry) => Promise<Outcome<Entry, Done>>;
  /** Fired on window when the outbox changed, for components that show what waits. */
  changedEvent?: string;
};

/** A version 4 UUID, also where crypto.randomUUID is missing (pages not served over HTTPS). */
export function newClientKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function createOutbox<Entry, Done>(kind: OutboxKind<Entry, Done>) {
  let opening: Promise<IDBPDatabase | null> | null = null;
  /** Where the outbox lives when IndexedDB is not available. */
  const memory = new Map<string, Entry>();
  /** Entries being sent right now: a page's send and a flush never send the same one at once. */
  const inFlight = new Map<string, Promise<Outcome<Entry, Done>>>();
  let flushing: Promise<Outcome<Entry, Done>[]> | null = null;

  function outbox(): Promise<IDBPDatabase | null> {
    // Refused (a private window) or missing altogether: the outbox lives in memory for this page.
    opening ??= (async () => {
      try {
        return await openDB(kind.database, 1, {
          upgrade(database) {
            database.createObjectStore(kind.store, { keyPath: kind.keyPath });
          },
        });
      } catch {
        return null;
      }
    })();
    return opening;
  }

  function announce() {
    if (kind.changedEvent) window.dispatchEvent(new Event(kind.changedEvent));
  }

  /** The person's waiting entries, oldest first. */
  async function pending(userId: string): Promise<Entry[]> {
    const database = await outbox();
    const all: Entry[] = database ? await database.getAll(kind.store) : [...memory.values()];
    return all
      .filter((entry) => kind.owner(entry) === userId)
      .toSorted((left, right) => kind.writtenAt(left).localeCompare(kind.writtenAt(right)));
  }

  async function keep(entry: Entry) {
    const database = await outbox();
    if (database) await database.put(kind.store, entry);
    else memory.set(kind.key(entry), entry);
    announce();
  }

  async function remove(entry: Entry) {
    const database = await outbox();
    if (database) await database.delete(kind.store, kind.key(entry));
    memory.delete(kind.key(entry));
    announce();
  }

  function send(entry: Entry): Promise<Outcome<Entry, Done>> {
    const key = kind.key(entry);
    const current = inFlight.get(key);
    if (current) return current;
    const sending = (async (): Promise<Outcome<Entry, Done>> => {
      let response: Response;
      try {
        response = await kind.post(entry);
      } catch {
        return { state: "waiting", entry };
      }
      const outcome = await kind.read(response, entry);
      if (outcome.state !== "waiting") await remove(entry);
      return outcome;
    })();
    inFlight.set(key, sending);
    return sending.finally(() => inFlight.delete(key));
  }

  return {
    pending,

    /** Keeps the entry on the device, then tries to send it at once. */
    async saveAndSend(entry: Entry): Promise<Outcome<Entry, Done>> {
      await keep(entry);
      return send(entry);
    },

    /**
     * Sends every waiting entry of this person, oldest first, until one finds no connection (one flush at a
     * time). A flush is a new try: an entry whose send is under way is awaited, and tried again if that send
     * found no connection (a flush on the browser's `online` event can meet a send begun while offline).
     */
    flush(userId: string): Promise<Outcome<Entry, Done>[]> {
      flushing ??= (async () => {
        try {
          const outcomes: Outcome<Entry, Done>[] = [];
          for (const entry of await pending(userId)) {
            const earlier = inFlight.get(kind.key(entry));
            const before = earlier ? await earlier : undefined;
            const outcome = before && before.state !== "waiting" ? before : await send(entry);
            outcomes.push(outcome);
            // Still no connection: the rest would wait too.
            if (outcome.state === "waiting") break;
          }
          return outcomes;
        } finally {
          flushing = null;
        }
      })();
      return flushing;
    },
  };
}
