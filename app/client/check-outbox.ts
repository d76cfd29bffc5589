import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import type { CheckEvent } from "~/features/visits/visit-rules";

// The phone's outbox of check-ins and check-outs (docs/architecture.md,
// "Check-in with no signal"). Every event is written here first, in
// IndexedDB, then sent; it leaves the outbox only once the server has
// answered it (recorded, or refused for good). So a press with no signal, or
// an app closed before the signal came back, loses nothing: the outbox is
// sent again when the browser says it is online and whenever a caregiver page
// opens. The device's time of the press travels with the event and is the
// time the visit keeps.

export type OutboxEntry = {
  visitId: string;
  /** The signed-in caregiver who pressed the button (another account on the phone never sends it). */
  userId: string;
  event: CheckEvent;
};

/** What became of an entry: recorded, refused for good (with the server's words), or still waiting. */
export type SendOutcome =
  | { state: "recorded"; entry: OutboxEntry }
  | { state: "refused"; entry: OutboxEntry; reason: string; message: string }
  | { state: "waiting"; entry: OutboxEntry };

type OutboxSchema = DBSchema & {
  checks: { key: string; value: OutboxEntry & { savedAt: string } };
};

const DATABASE = "tendly-outbox";
/** Fired on window when the outbox changed: components showing pending events read it again. */
export const OUTBOX_CHANGED = "tendly:outbox-changed";

let opening: Promise<IDBPDatabase<OutboxSchema>> | null = null;

function outbox(): Promise<IDBPDatabase<OutboxSchema>> {
  opening ??= openDB<OutboxSchema>(DATABASE, 1, {
    upgrade(database) {
      database.createObjectStore("checks", { keyPath: "event.clientEventId" });
    },
  });
  return opening;
}

function announce() {
  window.dispatchEvent(new Event(OUTBOX_CHANGED));
}

export async function pendingChecks(userId: string): Promise<OutboxEntry[]> {
  const all = await (await outbox()).getAll("checks");
  return all
    .filter((entry) => entry.userId === userId)
    .toSorted((a, b) => a.event.occurredAt.localeCompare(b.event.occurredAt));
}

/** Keeps the event on the phone, then tries to send it at once. */
export async function saveAndSend(entry: OutboxEntry): Promise<SendOutcome> {
  await (await outbox()).put("checks", { ...entry, savedAt: new Date().toISOString() });
  announce();
  return send(entry);
}

/** Sends one entry; a network failure or a server error leaves it in the outbox. */
async function send(entry: OutboxEntry): Promise<SendOutcome> {
  let response: Response;
  try {
    response = await fetch(`/caregiver/visits/${encodeURIComponent(entry.visitId)}/check`, {
      method: "POST",
      body: new URLSearchParams({ event: JSON.stringify(entry.event) }),
      credentials: "same-origin",
    });
  } catch {
    return { state: "waiting", entry };
  }
  if (response.status >= 500 || response.status === 429) return { state: "waiting", entry };
  const body = (await response.json().catch(() => null)) as { ok?: boolean; reason?: string; message?: string } | null;
  // A redirect to sign-in (the session ended) is not an answer about the event: keep it for later.
  if (response.redirected || !body) return { state: "waiting", entry };
  await (await outbox()).delete("checks", entry.event.clientEventId);
  announce();
  if (response.ok && body.ok) return { state: "recorded", entry };
  return { state: "refused", entry, reason: body.reason ?? "invalid", message: body.message ?? "" };
}

let flushing: Promise<SendOutcome[]> | null = null;

/** Sends every waiting entry of this caregiver, oldest first (one flush at a time). */
export function flushOutbox(userId: string): Promise<SendOutcome[]> {
  flushing ??= (async () => {
    try {
      const outcomes: SendOutcome[] = [];
      for (const entry of await pendingChecks(userId)) outcomes.push(await send(entry));
      return outcomes;
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}
