import { useSyncExternalStore } from "react";
import type { MessageSide, MessageView, MessagingArea, SideMarks } from "~/features/messaging/message-rules";

// The messages pages' small browser helpers: whether the page is on screen
// (whether it is online is components/use-online.ts), and the calls to
// routes/api/messages.ts that are not sends (those go through the outbox,
// message-outbox.ts).

function subscribeVisibility(onChange: () => void) {
  document.addEventListener("visibilitychange", onChange);
  return () => document.removeEventListener("visibilitychange", onChange);
}

/** Whether the page is on the person's screen (a background tab or a locked phone is not). */
export function usePageVisible(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState === "visible",
    () => false,
  );
}

/** Moves the person's delivered or read mark; the marks as they now stand, or null when it did not go through. */
export async function postMark(
  area: MessagingArea,
  conversationId: string,
  mark: "delivered" | "read",
  upTo: number,
): Promise<{ side: MessageSide; marks: SideMarks } | null> {
  try {
    const response = await fetch("/api/messages", {
      method: "POST",
      body: new URLSearchParams({ intent: mark, as: area, conversationId, upTo: String(upTo) }),
      credentials: "same-origin",
    });
    if (!response.ok || response.redirected) return null;
    const answer = (await response.json()) as { ok: boolean; side?: MessageSide; marks?: SideMarks };
    return answer.ok && answer.side && answer.marks ? { side: answer.side, marks: answer.marks } : null;
  } catch {
    return null;
  }
}

/** The 30 messages before `before`, or null when they could not be loaded. */
export async function fetchEarlier(
  area: MessagingArea,
  conversationId: string,
  before: number,
): Promise<{ messages: MessageView[]; hasEarlier: boolean } | null> {
  try {
    const query = new URLSearchParams({ as: area, c: conversationId, before: String(before) });
    const response = await fetch(`/api/messages?${query}`, { credentials: "same-origin" });
    if (!response.ok || response.redirected) return null;
    const answer = (await response.json()) as { ok: boolean; messages?: MessageView[]; hasEarlier?: boolean };
    return answer.ok && answer.messages ? { messages: answer.messages, hasEarlier: Boolean(answer.hasEarlier) } : null;
  } catch {
    return null;
  }
}

/** Marks raised to the highest of each (marks only move forward). */
export function higherMarks(...all: (SideMarks | undefined)[]): SideMarks {
  return {
    deliveredUpTo: Math.max(0, ...all.map((marks) => marks?.deliveredUpTo ?? 0)),
    readUpTo: Math.max(0, ...all.map((marks) => marks?.readUpTo ?? 0)),
  };
}
