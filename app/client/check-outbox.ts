import type { CheckEvent } from "~/features/visits/visit-rules";
import { createOutbox, type Outcome } from "./outbox";

// The phone's outbox of check-ins and check-outs (docs/architecture.md,
// "Check-in and check-out, also with no signal"), on the device's one outbox
// (outbox.ts): a press with no signal, or an app closed before the signal came
// back, loses nothing; the outbox is sent again when the browser says it is
// online and whenever a caregiver page opens. The device's time of the press
// travels with the event and is the time the visit keeps.

export type OutboxEntry = {
  visitId: string;
  /** The signed-in caregiver who pressed the button (another account on the phone never sends it). */
  userId: string;
  event: CheckEvent;
};

/** What became of an entry: recorded, refused for good (with the server's words and reason), or still waiting. */
export type SendOutcome = Outcome<OutboxEntry, null>;

/** Fired on window when the outbox changed: components showing pending events read it again. */
export const OUTBOX_CHANGED = "tendly:outbox-changed";

const checks = createOutbox<OutboxEntry, null>({
  database: "tendly-outbox",
  store: "checks",
  keyPath: "event.clientEventId",
  key: (entry) => entry.event.clientEventId,
  owner: (entry) => entry.userId,
  writtenAt: (entry) => entry.event.occurredAt,
  changedEvent: OUTBOX_CHANGED,
  post: (entry) =>
    fetch(`/caregiver/visits/${encodeURIComponent(entry.visitId)}/check`, {
      method: "POST",
      body: new URLSearchParams({ event: JSON.stringify(entry.event) }),
      credentials: "same-origin",
    }),
  read: async (response, entry) => {
    if (response.status >= 500 || response.status === 429) return { state: "waiting", entry };
    const body = (await response.json().catch(() => null)) as {
      ok?: boolean;
      reason?: string;
      message?: string;
    } | null;
    // A redirect to sign-in (the session ended) is not an answer about the event: keep it for later.
    if (response.redirected || !body) return { state: "waiting", entry };
    if (response.ok && body.ok) return { state: "done", entry, result: null };
    return { state: "refused", entry, reason: body.reason ?? "invalid", message: body.message ?? "" };
  },
});

export const pendingChecks = checks.pending;
export const saveAndSend = checks.saveAndSend;
export const flushOutbox = checks.flush;
