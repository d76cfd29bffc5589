import { z } from "zod";
import type { MessageKey } from "~/i18n/message-keys";

// Conversations (docs/product-rules.md, "Messages"): pure rules shared by the
// pages, the browser's outbox and the server. A conversation has two sides:
// in a care conversation side a is the family and side b the caregiver; in a
// support conversation side a is the user and side b is support (every
// administrator). Each side's delivery and read marks are message ids.

export type MessageSide = "a" | "b";
export type ConversationKind = "care" | "support";
/** Which area a person reads their conversations in: it decides their side. */
export type MessagingArea = "client" | "caregiver" | "admin";

/** A message's text: plain text, trimmed, 1 to 10,000 characters. */
export const MESSAGE_MAX = 10_000;
/** Messages shown at first, and loaded by each "Load earlier messages". */
export const MESSAGE_PAGE_SIZE = 30;
/** The notification quotes this much of a new message. */
export const PREVIEW_LENGTH = 140;

/** Order statuses in which a family and their caregiver may write to each other. */
export const WRITABLE_ORDER_STATUSES = ["confirmed", "in_progress"] as const;
/** Order statuses that give the pair a conversation (kept read-only after the care ends). */
export const CONVERSATION_ORDER_STATUSES = ["confirmed", "in_progress", "completed"] as const;

/**
 * The refusals, as keys of the `messages` namespace (errors.*); the pages word
 * them in the reader's language.
 */
export const MESSAGE_ERRORS = {
  empty: "messages:errors.empty",
  tooLong: "messages:errors.tooLong",
  notFound: "messages:errors.notFound",
  readOnly: "messages:errors.readOnly",
  keyReused: "messages:errors.keyReused",
  invalid: "messages:errors.invalid",
  tooFast: "messages:errors.tooFast",
} as const satisfies Record<string, MessageKey>;

/**
 * How many messages one person may send (docs/product-rules.md, "Messages"): in one conversation per
 * minute, and in all of theirs (support included) per hour. A person typing never comes near either;
 * a script flooding a family's caregiver, or every administrator through support, stops at the first.
 */
export const MESSAGE_LIMITS = {
  perConversation: { max: 20, windowMs: 60_000 },
  perSender: { max: 200, windowMs: 60 * 60_000 },
} as const;

export const MessageBodySchema = z
  .string({ message: MESSAGE_ERRORS.empty })
  .trim()
  .min(1, MESSAGE_ERRORS.empty)
  .max(MESSAGE_MAX, MESSAGE_ERRORS.tooLong);

/** One message to send: the device makes `clientKey` (a UUID) when the person presses Send. */
export const SendMessageSchema = z.object({
  conversationId: z.uuid({ message: MESSAGE_ERRORS.notFound }),
  clientKey: z.uuid({ message: MESSAGE_ERRORS.invalid }),
  body: MessageBodySchema,
});
export type SendMessageInput = z.input<typeof SendMessageSchema>;

/**
 * Who on the family's side of a care conversation wrote a message (docs/decisions/0053-circle-messages.md): the
 * account holder or a manage or follow member of the circle, by first name; the role is null once the writer has
 * left the circle.
 */
export type MessageAuthor = { userId: string; firstName: string; role: "holder" | "manage" | "follow" | null };

/** A message as pages and the realtime stream carry it (dates as ISO text). */
export type MessageView = {
  id: number;
  conversationId: string;
  side: MessageSide;
  body: string;
  clientKey: string;
  createdAt: string;
  /** The family's writer, on side a of a care conversation; null elsewhere. */
  author: MessageAuthor | null;
};

/** Whom a conversation is with, as its reader sees it ("Tendly Support" is the page's to write). */
export type ConversationTitle = { kind: "person"; name: string; role?: "client" | "caregiver" } | { kind: "support" };

/** Up to which message id a side has had delivered and has read. */
export type SideMarks = { deliveredUpTo: number; readUpTo: number };

/** What the sender sees under their own message. */
export type MessageStatus = "sent" | "delivered" | "read";

/** The status of one's own message, from the other side's marks. */
export function messageStatus(messageId: number, theirs: SideMarks): MessageStatus {
  if (messageId <= theirs.readUpTo) return "read";
  if (messageId <= theirs.deliveredUpTo) return "delivered";
  return "sent";
}

/**
 * Whether the reader wrote a message: on the family's side of a care conversation, by who wrote it (the holder and
 * the circle's members share the side); elsewhere, by side.
 */
export function isOwnMessage(
  message: Pick<MessageView, "side" | "author">,
  reader: { id: string; side: MessageSide },
): boolean {
  return message.author ? message.author.userId === reader.id : message.side === reader.side;
}

export function otherSide(side: MessageSide): MessageSide {
  return side === "a" ? "b" : "a";
}

/** Where each area lists its conversations. */
export const MESSAGES_PATHS: Record<MessagingArea, string> = {
  client: "/dashboard/messages",
  caregiver: "/caregiver/messages",
  admin: "/admin/support",
};

/** The page of a conversation in an area (the notification's link). */
export function conversationUrl(area: MessagingArea, conversationId: string): string {
  return `${MESSAGES_PATHS[area]}?c=${encodeURIComponent(conversationId)}`;
}

/**
 * The side a person reads a conversation from in an area, or null when it is
 * not theirs to see there: families and caregivers see their care
 * conversations and their own support conversation; administrators see other
 * people's support conversations, never care conversations.
 */
export function sideInArea(
  conversation: { kind: ConversationKind; userAId: string; userBId: string | null },
  userId: string,
  area: MessagingArea,
): MessageSide | null {
  if (conversation.kind === "support") {
    if (area === "admin") return conversation.userAId === userId ? null : "b";
    return conversation.userAId === userId ? "a" : null;
  }
  if (area === "client") return conversation.userAId === userId ? "a" : null;
  if (area === "caregiver") return conversation.userBId === userId ? "b" : null;
  return null;
}

/** The notification's preview of a message: its first 140 characters. */
export function messagePreview(body: string): string {
  const text = body.trim().replace(/\s+/g, " ");
  return text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text;
}

/** Messages merged by id (a page, realtime arrivals, earlier pages), oldest first. */
export function mergeMessages(...lists: readonly (readonly MessageView[])[]): MessageView[] {
  const byId = new Map<number, MessageView>();
  for (const list of lists) for (const message of list) byId.set(message.id, message);
  return [...byId.values()].toSorted((left, right) => left.id - right.id);
}
