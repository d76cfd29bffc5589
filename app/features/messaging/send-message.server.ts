import { validationRef } from "~/i18n/message-text";
import { and, eq, gt, sql } from "drizzle-orm";
import { lockUntilCommit } from "~/platform/db/advisory-lock.server";
import { db, type Executor } from "~/platform/db/client.server";
import { conversations, messages, userProfiles, userRoles } from "~/platform/db/schema";
import { queueNotification } from "~/features/notifications/public.server";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18n.server";
import { publishRealtime } from "~/platform/realtime/publish.server";
import { AppError } from "~/utils/app-error";
import {
  accessConversation,
  isWritable,
  messageViews,
  sideUserIds,
  type ConversationRow,
  type MessagingActor,
} from "./conversation-access.server";
import { nameOnSide, peopleNames } from "./conversation-names.server";
import {
  conversationUrl,
  MESSAGE_ERRORS,
  MESSAGE_LIMITS,
  messagePreview,
  otherSide,
  SendMessageSchema,
  type MessageSide,
  type MessageView,
  type MessagingArea,
  type SendMessageInput,
} from "./message-rules";

// Sending a message (docs/product-rules.md, "Messages"; docs/architecture.md,
// "A message, from the composer to the other person's screen"). The sending
// device names each message with a UUID (clientKey): a retry, or the outbox
// sending it again after a lost connection, finds the message already stored
// and answers with it, so a message is stored, announced and notified once.

export type SendMessageResult = { message: MessageView; isRepeat: boolean };

async function storedMessage(executor: Executor, senderId: string, clientKey: string) {
  const [row] = await executor
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.clientKey, clientKey)));
  return row;
}

/** The area in which a recipient reads the conversation (for the notification's link). */
async function recipientArea(
  executor: Executor,
  conversation: ConversationRow,
  userId: string,
): Promise<MessagingArea> {
  if (conversation.kind === "care") return userId === conversation.userBId ? "caregiver" : "client";
  if (userId !== conversation.userAId) return "admin";
  // A user's support conversation is on both their pages; a caregiver's menu leads to the caregiver one.
  const [caregiver] = await executor
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, "caregiver")));
  return caregiver ? "caregiver" : "client";
}

async function localeOf(executor: Executor, userId: string) {
  const [row] = await executor
    .select({ locale: userProfiles.locale })
    .from(userProfiles)
    .where(eq(userProfiles.id, userId));
  return isLocale(row?.locale) ? row.locale : DEFAULT_LOCALE;
}

/**
 * Notifies each recipient (in the send's transaction): "New message from {{name}}" with a preview, the name
 * that of the family member who wrote it on the family's side.
 */
async function notifyRecipients(
  tx: Executor,
  conversation: ConversationRow,
  senderSide: MessageSide,
  senderId: string,
  recipients: readonly string[],
  message: MessageView,
) {
  const sender = nameOnSide(
    await peopleNames(tx, [conversation.userAId, conversation.userBId ?? "", senderId]),
    conversation,
    senderSide,
    senderSide === "a" ? senderId : conversation.userAId,
  );
  const preview = messagePreview(message.body);
  for (const userId of recipients) {
    const name =
      sender.kind === "support"
        ? String(getFixedT(await localeOf(tx, userId), "messages")("title.support"))
        : sender.name;
    const area = await recipientArea(tx, conversation, userId);
    await queueNotification(tx, {
      userId,
      type: "message",
      subtype: "new_message",
      key: "newMessage",
      params: { name, preview },
      actionUrl: conversationUrl(area, conversation.id),
      metadata: { conversationId: conversation.id, messageId: message.id },
    });
  }
}

/** A stored message as the conversation shows it (with its writer on the family's side). */
async function viewOf(executor: Executor, conversation: ConversationRow, row: typeof messages.$inferSelect) {
  const [view] = await messageViews(executor, conversation, [row]);
  return view!;
}

/**
 * When the sender may send again, or null while they are within MESSAGE_LIMITS. Counted from the stored
 * messages, so the limits hold across server processes; one send of a sender at a time is counted
 * (their advisory lock, to the end of the transaction), so a burst cannot slip past together.
 */
async function nextAllowedSend(tx: Executor, senderId: string, conversationId: string, now: Date) {
  await lockUntilCommit(tx, `message-sends:${senderId}`);
  const { perConversation, perSender } = MESSAGE_LIMITS;
  const since = (windowMs: number) => new Date(now.getTime() - windowMs);
  const inConversation = and(
    eq(messages.conversationId, conversationId),
    gt(messages.createdAt, since(perConversation.windowMs)),
  );
  const [counts] = await tx
    .select({
      inConversation: sql<number>`(count(*) filter (where ${inConversation}))::int`,
      oldestInConversation: sql<Date | null>`min(${messages.createdAt}) filter (where ${inConversation})`.mapWith(
        messages.createdAt,
      ),
      bySender: sql<number>`count(*)::int`,
      oldestBySender: sql<Date | null>`min(${messages.createdAt})`.mapWith(messages.createdAt),
    })
    .from(messages)
    .where(and(eq(messages.senderId, senderId), gt(messages.createdAt, since(perSender.windowMs))));
  if (!counts) return null;
  const waits: Date[] = [];
  if (counts.inConversation >= perConversation.max && counts.oldestInConversation) {
    waits.push(new Date(counts.oldestInConversation.getTime() + perConversation.windowMs));
  }
  if (counts.bySender >= perSender.max && counts.oldestBySender) {
    waits.push(new Date(counts.oldestBySender.getTime() + perSender.windowMs));
  }
  return waits.length > 0 ? new Date(Math.max(...waits.map((wait) => wait.getTime()))) : null;
}

/**
 * Sends a message from the actor's side of a conversation they may write in.
 * A repeat of a clientKey the actor already used answers with that message.
 */
export async function sendMessage({
  actor,
  input,
  now = new Date(),
}: {
  actor: MessagingActor;
  input: SendMessageInput;
  now?: Date;
}): Promise<SendMessageResult> {
  const parsed = SendMessageSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (issue?.path[0] === "conversationId") throw new AppError("not_found", MESSAGE_ERRORS.notFound);
    throw new AppError("invalid", validationRef(issue?.message) ?? MESSAGE_ERRORS.invalid, {
      field: String(issue?.path[0] ?? ""),
    });
  }
  const { conversationId, clientKey, body } = parsed.data;
  return db.transaction(async (tx) => {
    // The conversation's row is locked first: its messages get their ids in the order they commit.
    const { conversation, side } = await accessConversation(tx, actor, conversationId, { lock: true });
    const repeat = await storedMessage(tx, actor.id, clientKey);
    if (repeat) {
      if (repeat.conversationId !== conversation.id) throw new AppError("conflict", MESSAGE_ERRORS.keyReused);
      return { message: await viewOf(tx, conversation, repeat), isRepeat: true };
    }
    if (!(await isWritable(tx, conversation))) throw new AppError("conflict", MESSAGE_ERRORS.readOnly);
    // A retry of a stored message is answered above whatever the limits: what was acknowledged stays so.
    const retryAt = await nextAllowedSend(tx, actor.id, conversation.id, now);
    if (retryAt) throw new AppError("rate_limited", MESSAGE_ERRORS.tooFast, { reason: "too-fast", retryAt });
    const [inserted] = await tx
      .insert(messages)
      .values({ conversationId: conversation.id, senderId: actor.id, side, body, clientKey, createdAt: now })
      .onConflictDoNothing({ target: [messages.senderId, messages.clientKey] })
      .returning();
    if (!inserted) {
      // The same key sent at the same moment from another tab: that one stored it.
      const stored = await storedMessage(tx, actor.id, clientKey);
      if (!stored || stored.conversationId !== conversation.id) {
        throw new AppError("conflict", MESSAGE_ERRORS.keyReused);
      }
      return { message: await viewOf(tx, conversation, stored), isRepeat: true };
    }
    await tx
      .update(conversations)
      .set({ lastMessageAt: sql`greatest(${conversations.lastMessageAt}, ${now.toISOString()}::timestamptz)` })
      .where(eq(conversations.id, conversation.id));
    const message = await viewOf(tx, conversation, inserted);
    const otherSideUsers = await sideUserIds(tx, conversation, otherSide(side));
    // The sender's other tabs and devices show it too (and, in support, the other administrators).
    const sameSide = await sideUserIds(tx, conversation, side);
    await publishRealtime(tx, [...new Set([...otherSideUsers, ...sameSide])], "message", {
      conversationId: conversation.id,
      message,
    });
    // Everyone else in a care conversation is told, the family's side included (the holder reads what the son
    // wrote); in support, the other side only.
    const recipients = (conversation.kind === "care" ? [...otherSideUsers, ...sameSide] : otherSideUsers).filter(
      (id) => id !== actor.id,
    );
    await notifyRecipients(tx, conversation, side, actor.id, [...new Set(recipients)], message);
    return { message, isRepeat: false };
  });
}
