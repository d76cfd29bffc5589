import type { MessageView, MessagingArea } from "~/features/messaging/message-rules";
import { createOutbox, type Outcome } from "./outbox";

// The device's outbox of messages (docs/architecture.md, "A message, from the
// composer to the other person's screen"), on the device's one outbox
// (outbox.ts): a message written with no connection waits and is sent when
// the browser is back online or a messages page opens again; the server
// stores each clientKey once, so a message sent twice (an answer lost on the
// way back) still appears once.

export { newClientKey } from "./outbox";

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

/** What became of a message: sent (the message as stored), refused for good, or still waiting (maybe held). */
export type SendOutcome = Outcome<OutboxMessage, MessageView>;

const messages = createOutbox<OutboxMessage, MessageView>({
  database: "tendly-message-outbox",
  store: "messages",
  keyPath: "clientKey",
  key: (entry) => entry.clientKey,
  owner: (entry) => entry.userId,
  writtenAt: (entry) => entry.savedAt,
  post: (entry) =>
    fetch("/api/messages", {
      method: "POST",
      body: new URLSearchParams({
        intent: "send",
        as: entry.area,
        conversationId: entry.conversationId,
        clientKey: entry.clientKey,
        body: entry.body,
      }),
      credentials: "same-origin",
    }),
  read: async (response, entry) => {
    if (response.status === 429) {
      const answer = (await response.json().catch(() => null)) as { message?: string; retryAt?: string } | null;
      return { state: "waiting", entry, hold: { message: answer?.message ?? "", retryAt: answer?.retryAt } };
    }
    if (response.status >= 500 || response.redirected) return { state: "waiting", entry };
    const answer = (await response.json().catch(() => null)) as
      { ok: true; message: MessageView } | { ok: false; message?: string } | null;
    if (!answer) return { state: "waiting", entry };
    if (answer.ok) return { state: "done", entry, result: answer.message };
    return { state: "refused", entry, message: answer.message ?? "" };
  },
});

export const pendingMessages = messages.pending;
export const saveAndSend = messages.saveAndSend;
export const flushOutbox = messages.flush;
