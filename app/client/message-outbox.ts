import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import type { MessageView, MessagingArea } from "~/features/messaging/message-rules";

// The device's outbox of messages (docs/architecture.md, "A message, from the
// composer to the other person's screen"), like the caregiver's outbox of
// check-ins (routes/caregiver/check-outbox.ts): every message is written here
// first, in IndexedDB, with the UUID (clientKey) the device gave it, then
// sent; it leaves the outbox once the server has answered it (stored, or
// refused for good). A message written with no connection waits here and is
// sent when the browser is back online or a messages page opens again; the
// server stores each clientKey once, so a message sent twice (an answer lost
// on the way back) still appears once.

export type OutboxMessage = {
  clientKey: string;
  /** The signed-in person who wrote it (another account on the device never sends it). */
  userId: string;
  /** The area it was written in: it decides the sender's side. */
  area: MessagingArea;
  conversationId: string;
  body: string;
  /** When it was written on the device (ISO). */
  savedAt: string;
};

export type SendOutcome =
  | { state: "sent"; entry: OutboxMessage; message: MessageView }
  | { state: "refused"; entry: OutboxMessage; message: string }
  | {
      state: "waiting";
      entry: OutboxMessage;
      /** Kept because the person sent too many too fast: the server's words, and when to send again. */
      hold?: { message: string; retryAt?: string };
    };

type OutboxSchema = DBSchema & {
  messages: { key: string; value: OutboxMessage };
};

const DATABASE = "tendly-message-outbox";

let opening: Promise<IDBPDatabase<OutboxSchema> | null> | null = null;
/** Where the outbox lives when IndexedDB is not available (a private window may refuse it). */
const memory = new Map<string, OutboxMessage>();

function outbox(): Promise<IDBPDatabase<OutboxSchema> | null> {
  opening ??= openDB<OutboxSchema>(DATABASE, 1, {
    upgrade(database) {
      database.createObjectStore("messages", { keyPath: "clientKey" });
    },
  }).catch(() => null);
  return opening;
}

/** A version 4 UUID, also where crypto.randomUUID is missing (pages not served over HTTPS). */
export function newClientKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The person's waiting messages, oldest first. */
export async function pendingMessages(userId: string): Promise<OutboxMessage[]> {
  const database = await outbox();
  const all = database ? await database.getAll("messages") : [...memory.values()];
  return all
    .filter((entry) => entry.userId === userId)
    .toSorted((left, right) => left.savedAt.localeCompare(right.savedAt));
}

async function keep(entry: OutboxMessage) {
  const database = await outbox();
  if (database) await database.put("messages", entry);
  else memory.set(entry.clientKey, entry);
}

async function remove(clientKey: string) {
  const database = await outbox();
  if (database) await database.delete("messages", clientKey);
  memory.delete(clientKey);
}

/** Messages being sent right now: the page's send and a flush never send the same one at once. */
const inFlight = new Map<string, Promise<SendOutcome>>();

/** Sends one message; no answer, a server error or a lost session leave it in the outbox. */
function send(entry: OutboxMessage): Promise<SendOutcome> {
  const current = inFlight.get(entry.clientKey);
  if (current) return current;
  const sending = (async (): Promise<SendOutcome> => {
    let response: Response;
    try {
      response = await fetch("/api/messages", {
        method: "POST",
        body: new URLSearchParams({
          intent: "send",
          as: entry.area,
          conversationId: entry.conversationId,
          clientKey: entry.clientKey,
          body: entry.body,
        }),
        credentials: "same-origin",
      });
    } catch {
      return { state: "waiting", entry };
    }
    if (response.status === 429) {
      const answer = (await response.json().catch(() => null)) as { message?: string; retryAt?: string } | null;
      return { state: "waiting", entry, hold: { message: answer?.message ?? "", retryAt: answer?.retryAt } };
    }
    if (response.status >= 500 || response.redirected) return { state: "waiting", entry };
    const answer = (await response.json().catch(() => null)) as
      { ok: true; message: MessageView } | { ok: false; message?: string } | null;
    if (!answer) return { state: "waiting", entry };
    await remove(entry.clientKey);
    if (answer.ok) return { state: "sent", entry, message: answer.message };
    return { state: "refused", entry, message: answer.message ?? "" };
  })();
  inFlight.set(entry.clientKey, sending);
  return sending.finally(() => inFlight.delete(entry.clientKey));
}

/** Keeps the message on the device, then tries to send it at once. */
export async function saveAndSend(entry: OutboxMessage): Promise<SendOutcome> {
  await keep(entry);
  return send(entry);
}

let flushing: Promise<SendOutcome[]> | null = null;

/** Sends every waiting message of this person, oldest first (one flush at a time). */
export function flushOutbox(userId: string): Promise<SendOutcome[]> {
  flushing ??= (async () => {
    try {
      const outcomes: SendOutcome[] = [];
      for (const entry of await pendingMessages(userId)) {
        const outcome = await send(entry);
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
}
