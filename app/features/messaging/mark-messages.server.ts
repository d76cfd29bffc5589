import { eq, sql, type SQL } from "drizzle-orm";
import { db, type Executor } from "~/platform/db/client.server";
import { conversationMemberMarks, conversations } from "~/platform/db/schema";
import { publishRealtime } from "~/platform/realtime/publish.server";
import { AppError } from "~/utils/app-error";
import { areaSides } from "./area-scope.server";
import {
  accessConversation,
  latestMessageIdBy,
  marksOf,
  readerMarks,
  sideUserIds,
  type ConversationRow,
  type MessagingActor,
} from "./conversation-access.server";
import { MESSAGE_ERRORS, otherSide, type MessageSide, type SideMarks } from "./message-rules";

// Delivery and read marks (docs/product-rules.md, "Messages"): a message is
// delivered once the recipient's device has it (their messages page loaded
// it, or their open page received it from the realtime stream), read once
// their conversation was open and visible on their screen. A mark is the id
// of the latest message of the other side that reached that state; marks only
// move forward. Each move is announced to both sides: the sender sees
// "Read", the reader's other devices clear their unread count. In a care
// conversation the account holder's marks are side a's (the caregiver's
// receipts follow them); each circle member keeps their own, announced to
// them alone (docs/decisions/0053-circle-messages.md).

export type MarkKind = "delivered" | "read";

/**
 * Announces marks (in the caller's transaction): a circle member's to that member's devices; side a's to the holder
 * and side b; side b's to everyone in the conversation (the family's messages show "Read" by them).
 */
async function announceMarks(
  tx: Executor,
  conversation: ConversationRow,
  side: MessageSide,
  marks: SideMarks,
  memberId: string | null = null,
) {
  const sideB = await sideUserIds(tx, conversation, "b");
  const users = memberId
    ? [memberId]
    : side === "a"
      ? [conversation.userAId, ...sideB]
      : [...(await sideUserIds(tx, conversation, "a")), ...sideB];
  await publishRealtime(tx, users, "message-marks", { conversationId: conversation.id, side, ...marks });
}

/** Stores a circle member's own marks (in the caller's transaction). */
async function saveMemberMarks(tx: Executor, conversationId: string, userId: string, marks: SideMarks) {
  await tx
    .insert(conversationMemberMarks)
    .values({ conversationId, userId, ...marks })
    .onConflictDoUpdate({
      target: [conversationMemberMarks.conversationId, conversationMemberMarks.userId],
      set: { ...marks, updatedAt: sql`now()` },
    });
}

/**
 * Moves the actor's delivered or read mark up to `upTo` (at most the other
 * side's latest message). Read implies delivered. Returns the actor's side and marks.
 */
export async function markMessages({
  actor,
  conversationId,
  mark,
  upTo,
}: {
  actor: MessagingActor;
  conversationId: string;
  mark: MarkKind;
  upTo: number;
}): Promise<{ side: MessageSide; marks: SideMarks }> {
  if (!Number.isSafeInteger(upTo) || upTo < 0) throw new AppError("invalid", MESSAGE_ERRORS.invalid);
  return db.transaction(async (tx) => {
    const access = await accessConversation(tx, actor, conversationId, { lock: true });
    const { conversation, side } = access;
    const before = await readerMarks(tx, access, actor.id);
    const reached = Math.min(upTo, await latestMessageIdBy(tx, conversation.id, otherSide(side)));
    const after: SideMarks = {
      deliveredUpTo: Math.max(before.deliveredUpTo, reached),
      readUpTo: mark === "read" ? Math.max(before.readUpTo, reached) : before.readUpTo,
    };
    if (after.deliveredUpTo === before.deliveredUpTo && after.readUpTo === before.readUpTo) {
      return { side, marks: before };
    }
    if (access.member) {
      await saveMemberMarks(tx, conversation.id, actor.id, after);
      await announceMarks(tx, conversation, side, after, actor.id);
      return { side, marks: after };
    }
    await tx
      .update(conversations)
      .set(
        side === "a"
          ? { aDeliveredUpTo: after.deliveredUpTo, aReadUpTo: after.readUpTo }
          : { bDeliveredUpTo: after.deliveredUpTo, bReadUpTo: after.readUpTo },
      )
      .where(eq(conversations.id, conversation.id));
    await announceMarks(tx, conversation, side, after);
    return { side, marks: after };
  });
}

/**
 * Marks every message waiting for the actor in their area as delivered: their
 * messages page has just loaded them.
 */
export async function markAllDelivered({ actor }: { actor: MessagingActor }): Promise<void> {
  for (const { side, condition, delivered: mark, read: readMark, isMember } of areaSides(actor.id, actor.role)) {
    if (isMember) {
      await markMemberDelivered(actor.id, condition, mark, readMark);
      continue;
    }
    const delivered = side === "a" ? sql.raw("a_delivered_up_to") : sql.raw("b_delivered_up_to");
    const read = side === "a" ? sql.raw("a_read_up_to") : sql.raw("b_read_up_to");
    await db.transaction(async (tx) => {
      const moved = await tx.execute<{ id: string; delivered: string; read: string }>(sql`
        update conversations as c set ${delivered} = latest.id
        from conversations as c2
        cross join lateral (
          select max(m.id) as id from messages m where m.conversation_id = c2.id and m.side = ${otherSide(side)}
        ) as latest
        where c2.id = c.id and ${condition} and latest.id > c.${delivered}
        returning c.id, c.${delivered} as delivered, c.${read} as read
      `);
      if (moved.rows.length === 0) return;
      const rows = await tx
        .select()
        .from(conversations)
        .where(
          sql`${conversations.id} in (${sql.join(
            moved.rows.map((row) => sql`${row.id}`),
            sql`, `,
          )})`,
        );
      for (const conversation of rows) await announceMarks(tx, conversation, side, marksOf(conversation, side));
    });
  }
}

/** A circle member's delivered marks moved up to the caregiver's latest message in each conversation they follow. */
async function markMemberDelivered(userId: string, condition: SQL, delivered: SQL, read: SQL) {
  await db.transaction(async (tx) => {
    const moved = await tx.execute<{ id: string; delivered: string; read: string }>(sql`
      select c.id, latest.id as delivered, ${read} as read from conversations c
      cross join lateral (select max(m.id) as id from messages m where m.conversation_id = c.id and m.side = 'b') as latest
      where ${condition} and latest.id > ${delivered}
    `);
    for (const row of moved.rows) {
      const marks = { deliveredUpTo: Number(row.delivered), readUpTo: Number(row.read) };
      await saveMemberMarks(tx, row.id, userId, marks);
      const [conversation] = await tx.select().from(conversations).where(eq(conversations.id, row.id));
      if (conversation) await announceMarks(tx, conversation, "a", marks, userId);
    }
  });
}
