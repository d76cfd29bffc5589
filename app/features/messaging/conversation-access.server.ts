import { and, eq, inArray, sql } from "drizzle-orm";
import type { RoleActor } from "~/platform/auth/actor";
import type { Executor } from "~/platform/db/client.server";
import { conversations, orders, userRoles, type messages } from "~/platform/db/schema";
import { AppError } from "~/utils/app-error";
import {
  MESSAGE_ERRORS,
  sideInArea,
  WRITABLE_ORDER_STATUSES,
  type MessageSide,
  type MessageView,
  type MessagingArea,
  type SideMarks,
} from "./message-rules";

// Who may see a conversation, from which side, and who is on each side
// (docs/product-rules.md, "Messages"). Every messaging function goes through
// here: a conversation that is not the actor's to see in their area is "not
// found", whatever its id.

/** The database or a transaction (the orders feature passes its transaction). */
/** A person acting in one of their areas: a family (client), a caregiver, or an administrator. */
export type MessagingActor = RoleActor<MessagingArea>;

export type ConversationRow = typeof conversations.$inferSelect;

export type ConversationAccess = {
  conversation: ConversationRow;
  /** The actor's side. */
  side: MessageSide;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The conversation and the actor's side in it, or a "not found" refusal.
 * `lock` takes the row for update (sending and marking serialize on it, so
 * message ids are committed in order within a conversation).
 */
export async function accessConversation(
  executor: Executor,
  actor: MessagingActor,
  conversationId: string,
  options: { lock?: boolean } = {},
): Promise<ConversationAccess> {
  if (!UUID.test(conversationId)) throw new AppError("not_found", MESSAGE_ERRORS.notFound);
  const query = executor.select().from(conversations).where(eq(conversations.id, conversationId));
  const [conversation] = options.lock ? await query.for("update") : await query;
  const side = conversation ? sideInArea(conversation, actor.id, actor.role) : null;
  if (!conversation || !side) throw new AppError("not_found", MESSAGE_ERRORS.notFound);
  return { conversation, side };
}

/** Every administrator: together they are side b of each support conversation. */
export async function supportTeamIds(executor: Executor): Promise<string[]> {
  const rows = await executor.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.role, "admin"));
  return rows.map((row) => row.id);
}

/** The people on one side of a conversation (side b of a support conversation: every administrator). */
export async function sideUserIds(
  executor: Executor,
  conversation: Pick<ConversationRow, "kind" | "userAId" | "userBId">,
  side: MessageSide,
): Promise<string[]> {
  if (side === "a") return [conversation.userAId];
  if (conversation.kind === "care") return conversation.userBId ? [conversation.userBId] : [];
  return supportTeamIds(executor);
}

/**
 * Whether the conversation takes new messages: a support conversation always;
 * a care conversation while an order between the pair is confirmed or in progress.
 */
export async function isWritable(
  executor: Executor,
  conversation: Pick<ConversationRow, "kind" | "userAId" | "userBId">,
): Promise<boolean> {
  if (conversation.kind === "support") return true;
  if (!conversation.userBId) return false;
  const [order] = await executor
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.clientId, conversation.userAId),
        eq(orders.caregiverId, conversation.userBId),
        inArray(orders.status, [...WRITABLE_ORDER_STATUSES]),
      ),
    )
    .limit(1);
  return Boolean(order);
}

/** A side's marks on the conversation row. */
export function marksOf(conversation: ConversationRow, side: MessageSide): SideMarks {
  return side === "a"
    ? { deliveredUpTo: conversation.aDeliveredUpTo, readUpTo: conversation.aReadUpTo }
    : { deliveredUpTo: conversation.bDeliveredUpTo, readUpTo: conversation.bReadUpTo };
}

/** The id of the conversation's latest message written by `side`, or 0. */
export async function latestMessageIdBy(executor: Executor, conversationId: string, side: MessageSide) {
  const result = await executor.execute<{ id: string | null }>(
    sql`select max(id) as id from messages where conversation_id = ${conversationId} and side = ${side}`,
  );
  return Number(result.rows[0]?.id ?? 0);
}

/** A stored message as pages and the realtime stream carry it. */
export function messageView(row: typeof messages.$inferSelect): MessageView {
  return {
    id: row.id,
    conversationId: row.conversationId,
    side: row.side,
    body: row.body,
    clientKey: row.clientKey,
    createdAt: row.createdAt.toISOString(),
  };
}
