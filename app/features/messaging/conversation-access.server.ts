import { and, eq, inArray, sql } from "drizzle-orm";
import type { RoleActor } from "~/platform/auth/actor";
import type { Executor } from "~/platform/db/client.server";
import { followersOfOrders, followRoleInOrders, type OrderFollower } from "~/features/family/public.server";
import {
  conversationMemberMarks,
  conversations,
  orders,
  userRoles,
  type messages,
  type OrderStatus,
} from "~/platform/db/schema";
import { AppError } from "~/utils/app-error";
import { firstNameOf, peopleNames } from "./conversation-names.server";
import {
  CONVERSATION_ORDER_STATUSES,
  MESSAGE_ERRORS,
  sideInArea,
  WRITABLE_ORDER_STATUSES,
  type MessageAuthor,
  type MessageSide,
  type MessageView,
  type MessagingArea,
  type SideMarks,
} from "./message-rules";

// Who may see a conversation, from which side, and who is on each side
// (docs/product-rules.md, "Messages"). Every messaging function goes through
// here: a conversation that is not the actor's to see in their area is "not
// found", whatever its id. A care conversation's family side is the account
// holder and the manage and follow members of the circle of a person its
// orders are for, as the family access decision says for each order
// (docs/decisions/0053-circle-messages.md).

/** The database or a transaction (the orders feature passes its transaction). */
/** A person acting in one of their areas: a family (client), a caregiver, or an administrator. */
export type MessagingActor = RoleActor<MessagingArea>;

export type ConversationRow = typeof conversations.$inferSelect;

export type ConversationAccess = {
  conversation: ConversationRow;
  /** The actor's side. */
  side: MessageSide;
  /** A manage or follow member of the circle reading the holder's care conversation; null for everyone else. */
  member: { role: "manage" | "follow" } | null;
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
  if (!conversation) throw new AppError("not_found", MESSAGE_ERRORS.notFound);
  const side = sideInArea(conversation, actor.id, actor.role);
  if (side) return { conversation, side, member: null };
  const member = await circleRole(executor, actor, conversation);
  if (!member) throw new AppError("not_found", MESSAGE_ERRORS.notFound);
  return { conversation, side: "a", member };
}

type Pair = Pick<ConversationRow, "kind" | "userAId" | "userBId">;

/** The pair's orders in these statuses, as a query of their ids; null for a support conversation (no pair). */
function pairOrdersQuery(executor: Executor, conversation: Pair, statuses: readonly OrderStatus[]) {
  if (conversation.kind !== "care" || !conversation.userBId) return null;
  return executor
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.clientId, conversation.userAId),
        eq(orders.caregiverId, conversation.userBId),
        inArray(orders.status, [...statuses]),
      ),
    );
}

/** The ids of the pair's orders in these statuses (none for a support conversation). */
async function pairOrderIdsIn(
  executor: Executor,
  conversation: Pair,
  statuses: readonly OrderStatus[],
  limit?: number,
) {
  const query = pairOrdersQuery(executor, conversation, statuses);
  if (!query) return [];
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map((row) => row.id);
}

/** The orders that give a care conversation's pair their conversation (confirmed, in progress or completed). */
export function pairOrderIds(executor: Executor, conversation: Pair): Promise<string[]> {
  return pairOrderIdsIn(executor, conversation, CONVERSATION_ORDER_STATUSES);
}

/**
 * The actor's role in the circle of a person one of the pair's orders is for, when it lets them follow the order
 * (manage or follow, the better over the pair's orders); null for an alerts-only member or anyone else. One statement
 * for all the pair's orders: it is asked on every load and send of the conversation.
 */
async function circleRole(executor: Executor, actor: MessagingActor, conversation: ConversationRow) {
  if (actor.role !== "client") return null;
  const pairOrders = pairOrdersQuery(executor, conversation, CONVERSATION_ORDER_STATUSES);
  if (!pairOrders) return null;
  const role = await followRoleInOrders(actor.id, pairOrders, executor);
  return role ? { role } : null;
}

/** The circle's manage and follow members on the family side of a care conversation (not the holder). */
export async function circleMembers(executor: Executor, conversation: Pair): Promise<OrderFollower[]> {
  const followers = await followersOfOrders(await pairOrderIds(executor, conversation), executor);
  return followers.filter((follower) => follower.userId !== conversation.userAId);
}

/** Every administrator: together they are side b of each support conversation. */
export async function supportTeamIds(executor: Executor): Promise<string[]> {
  const rows = await executor.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.role, "admin"));
  return rows.map((row) => row.id);
}

/**
 * The people on one side of a conversation (side b of a support conversation: every administrator). */
export async function sideUserIds(
  executor: Executor,
  conversation: Pick<ConversationRow, "kind" | "userAId" | "userBId">,
  side: MessageSide,
): Promise<string[]> {
  if (side === "a") {
    if (conversation.kind === "support") return [conversation.userAId];
    const members = await circleMembers(executor, conversation);
    return [conversation.userAId, ...members.map((member) => member.userId)];
  }
  if (conversation.kind === "care") return conversation.userBId ? [conversation.userBId] : [];
  return supportTeamIds(executor);
}

/**
 * Whether the conversation takes new messages: a support conversation always;
 * a care conversation while an order between the pair is confirmed or in progress.
 */
export async function isWritable(executor: Executor, conversation: Pair): Promise<boolean> {
  if (conversation.kind === "support") return true;
  return (await pairOrderIdsIn(executor, conversation, WRITABLE_ORDER_STATUSES, 1)).length > 0;
}

/** The reader's own marks: a circle member's row, else their side's marks on the conversation. */
export async function readerMarks(executor: Executor, access: ConversationAccess, userId: string): Promise<SideMarks> {
  if (!access.member) return marksOf(access.conversation, access.side);
  const [row] = await executor
    .select({ deliveredUpTo: conversationMemberMarks.deliveredUpTo, readUpTo: conversationMemberMarks.readUpTo })
    .from(conversationMemberMarks)
    .where(
      and(
        eq(conversationMemberMarks.conversationId, access.conversation.id),
        eq(conversationMemberMarks.userId, userId),
      ),
    );
  return row ?? { deliveredUpTo: 0, readUpTo: 0 };
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

type MessageRow = typeof messages.$inferSelect;

/** A stored message as pages and the realtime stream carry it. */
export function messageView(row: MessageRow, author: MessageAuthor | null = null): MessageView {
  return {
    id: row.id,
    conversationId: row.conversationId,
    side: row.side,
    body: row.body,
    clientKey: row.clientKey,
    createdAt: row.createdAt.toISOString(),
    author,
  };
}

/** Stored messages as views, each of the family's side of a care conversation with who in the family wrote it. */
export async function messageViews(
  executor: Executor,
  conversation: Pair,
  rows: readonly MessageRow[],
): Promise<MessageView[]> {
  const family = conversation.kind === "care" ? rows.filter((row) => row.side === "a") : [];
  if (family.length === 0) return rows.map((row) => messageView(row));
  const senders = [...new Set(family.map((row) => row.senderId))];
  const people = await peopleNames(executor, senders);
  const members = senders.some((id) => id !== conversation.userAId) ? await circleMembers(executor, conversation) : [];
  return rows.map((row) => {
    if (row.side !== "a") return messageView(row);
    const role =
      row.senderId === conversation.userAId
        ? "holder"
        : (members.find((member) => member.userId === row.senderId)?.role ?? null);
    return messageView(row, { userId: row.senderId, firstName: firstNameOf(people.get(row.senderId)), role });
  });
}
