import { and, desc, eq, inArray, lt, sql, type SQL } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { messages, orders } from "~/platform/db/schema";
import { areaSides } from "./area-scope.server";
import {
  accessConversation,
  circleMembers,
  isWritable,
  marksOf,
  messageViews,
  readerMarks,
  type ConversationRow,
  type MessagingActor,
} from "./conversation-access.server";
import { nameOnSide, peopleNames } from "./conversation-names.server";
import { ensureCareConversations } from "./open-care-conversation.server";
import {
  MESSAGE_PAGE_SIZE,
  otherSide,
  WRITABLE_ORDER_STATUSES,
  type ConversationKind,
  type ConversationTitle,
  type MessageSide,
  type MessageView,
  type SideMarks,
} from "./message-rules";

// What a person reads on their messages page (docs/product-rules.md,
// "Messages"): their conversations in the area, newest activity first, each
// with the other person's name, the latest message and the number unread;
// and one conversation's messages, newest 30 first, earlier ones page by page.
// A circle member's list has the holder's care conversations they follow,
// with whose care each is about.

/** How many conversations a list shows (the support inbox is the long one). */
const LIST_LIMIT = 200;
/** The list's preview of the latest message. */
const LIST_PREVIEW_LENGTH = 120;

export type ConversationSummary = {
  id: string;
  kind: ConversationKind;
  /** The reader's side. */
  side: MessageSide;
  title: ConversationTitle;
  /** For a circle member: the people whose care the conversation is about (empty for everyone else). */
  careOf: string[];
  isWritable: boolean;
  unreadCount: number;
  lastMessage: { id: number; side: MessageSide; isMine: boolean; preview: string; createdAt: string } | null;
  /** The id of the other side's latest message (0: none): read up to it, nothing is unread. */
  lastIncomingId: number;
  /** When the conversation last changed (its latest message, else its opening). */
  activityAt: string;
};

type SummaryRow = {
  id: string;
  kind: ConversationKind;
  user_a_id: string;
  user_b_id: string | null;
  created_at: string | Date;
  last_message_at: string | Date | null;
  unread: string;
  last_incoming_id: string | null;
  last_id: string | null;
  last_side: MessageSide | null;
  last_sender_id: string | null;
  last_body: string | null;
  last_created_at: string | Date | null;
};

const iso = (value: string | Date) => new Date(value).toISOString();

/** The pairs (family, caregiver) among these families' orders that are confirmed or in progress. */
async function writablePairs(actor: MessagingActor, familyIds: readonly string[]): Promise<Set<string>> {
  if (actor.role === "admin" || familyIds.length === 0) return new Set();
  const mine =
    actor.role === "client" ? inArray(orders.clientId, [...new Set(familyIds)]) : eq(orders.caregiverId, actor.id);
  const rows = await db
    .select({ clientId: orders.clientId, caregiverId: orders.caregiverId })
    .from(orders)
    .where(and(mine, inArray(orders.status, [...WRITABLE_ORDER_STATUSES])));
  return new Set(rows.map((row) => `${row.clientId}/${row.caregiverId}`));
}

/** The people whose care a circle member follows in a conversation. */
async function careOf(actor: MessagingActor, conversation: Pick<ConversationRow, "kind" | "userAId" | "userBId">) {
  const members = await circleMembers(db, conversation);
  return members.find((member) => member.userId === actor.id)?.careRecipientNames ?? [];
}

/**
 * A support conversation waiting for Tendly Support: its latest message is the person's (side a), with
 * `last` the conversation's latest message. The support inbox's `waiting` filter and the admin home's
 * count both use it.
 */
const waitingForSupport = sql`c.kind = 'support' and last.side = 'a'`;

/** The latest message of `conversations c`, as `last`. */
const LATEST_MESSAGE = sql`left join lateral (
  select m.id, m.side, m.sender_id, m.body, m.created_at from messages m where m.conversation_id = c.id order by m.id desc limit 1
) as last on true`;

/** How many support conversations wait for an answer from Tendly Support. As a scalar subquery: the admin home reads it with its other counts in one statement. */
export function countSupportConversationsWaiting({ actor }: { actor: MessagingActor }): SQL {
  if (actor.role !== "admin") return sql`0`;
  const conditions = areaSides(actor.id, actor.role).map(({ condition }) => condition);
  if (conditions.length === 0) return sql`0`;
  return sql`(
    select count(*) from conversations c ${LATEST_MESSAGE}
    where (${sql.join(conditions, sql` or `)}) and ${waitingForSupport}
  )`;
}

/**
 * The actor's conversations in their area, newest activity first. Opens the
 * care conversations their orders give them that were missing. An
 * administrator's list is the support conversations someone has written in.
 */
export async function listConversations({
  actor,
  isWaitingOnly = false,
}: {
  actor: MessagingActor;
  /** An administrator's support inbox cut to the conversations waiting for an answer. */
  isWaitingOnly?: boolean;
}): Promise<ConversationSummary[]> {
  await ensureCareConversations(db, actor);
  const rows: (SummaryRow & { side: MessageSide; isMember: boolean })[] = [];
  for (const { side, condition, read, isMember } of areaSides(actor.id, actor.role)) {
    const result = await db.execute<SummaryRow>(sql`
      select c.id, c.kind, c.user_a_id, c.user_b_id, c.created_at, c.last_message_at,
        (select count(*) from messages m where m.conversation_id = c.id and m.side = ${otherSide(side)} and m.id > ${read}) as unread,
        (select max(m.id) from messages m where m.conversation_id = c.id and m.side = ${otherSide(side)}) as last_incoming_id,
        last.id as last_id, last.side as last_side, last.sender_id as last_sender_id, left(last.body, ${LIST_PREVIEW_LENGTH}) as last_body,
        last.created_at as last_created_at
      from conversations c
      ${LATEST_MESSAGE}
      where ${condition} ${actor.role === "admin" ? sql`and last.id is not null` : sql``}
        ${actor.role === "admin" && isWaitingOnly ? sql`and ${waitingForSupport}` : sql``}
      order by coalesce(c.last_message_at, c.created_at) desc
      limit ${LIST_LIMIT}
    `);
    rows.push(...result.rows.map((row) => ({ ...row, side, isMember })));
  }
  const people = await peopleNames(
    db,
    rows.flatMap((row) => [row.user_a_id, row.user_b_id ?? ""]),
  );
  const writable = await writablePairs(
    actor,
    rows.map((row) => row.user_a_id),
  );
  const summaries = await Promise.all(
    rows.map(async (row): Promise<ConversationSummary> => {
      const conversation = { kind: row.kind, userAId: row.user_a_id, userBId: row.user_b_id };
      return {
        id: row.id,
        kind: row.kind,
        side: row.side,
        title: nameOnSide(people, conversation, otherSide(row.side)),
        careOf: row.isMember ? await careOf(actor, conversation) : [],
        isWritable: row.kind === "support" || writable.has(`${row.user_a_id}/${row.user_b_id}`),
        unreadCount: Number(row.unread),
        lastIncomingId: Number(row.last_incoming_id ?? 0),
        lastMessage:
          row.last_id && row.last_side && row.last_created_at
            ? {
                id: Number(row.last_id),
                side: row.last_side,
                isMine:
                  row.kind === "care" && row.last_side === "a"
                    ? row.last_sender_id === actor.id
                    : row.last_side === row.side,
                preview: (row.last_body ?? "").replace(/\s+/g, " ").trim(),
                createdAt: iso(row.last_created_at),
              }
            : null,
        activityAt: iso(row.last_message_at ?? row.created_at),
      };
    }),
  );
  return summaries.toSorted((left, right) => right.activityAt.localeCompare(left.activityAt)).slice(0, LIST_LIMIT);
}

export type MessagePage = { messages: MessageView[]; hasEarlier: boolean };

async function messagesBefore(
  conversation: ConversationRow,
  before: number | null,
  limit: number,
): Promise<MessagePage> {
  const rows = await db
    .select()
    .from(messages)
    .where(
      before === null
        ? eq(messages.conversationId, conversation.id)
        : and(eq(messages.conversationId, conversation.id), lt(messages.id, before)),
    )
    .orderBy(desc(messages.id))
    .limit(limit + 1);
  return {
    messages: await messageViews(db, conversation, rows.slice(0, limit).toReversed()),
    hasEarlier: rows.length > limit,
  };
}

/** Messages before the message `before` (oldest first): "Load earlier messages". */
export async function listEarlierMessages({
  actor,
  conversationId,
  before,
}: {
  actor: MessagingActor;
  conversationId: string;
  before: number;
}): Promise<MessagePage> {
  const { conversation } = await accessConversation(db, actor, conversationId);
  return messagesBefore(conversation, before, MESSAGE_PAGE_SIZE);
}

export type ConversationDetail = {
  id: string;
  kind: ConversationKind;
  side: MessageSide;
  title: ConversationTitle;
  /** For a circle member: the people whose care the conversation is about (empty for everyone else). */
  careOf: string[];
  /** The reader: their own messages are those they wrote (a family's side may be several people). */
  viewerId: string;
  isWritable: boolean;
  /** The reader's own marks (their unread count starts after readUpTo). */
  mine: SideMarks;
  /** The other side's marks: the status of the reader's own messages. */
  theirs: SideMarks;
} & MessagePage;

/** One conversation with its newest messages, as the actor sees it. */
export async function getConversation({
  actor,
  conversationId,
}: {
  actor: MessagingActor;
  conversationId: string;
}): Promise<ConversationDetail> {
  const access = await accessConversation(db, actor, conversationId);
  const { conversation, side } = access;
  const people = await peopleNames(db, [conversation.userAId, conversation.userBId ?? ""]);
  const page = await messagesBefore(conversation, null, MESSAGE_PAGE_SIZE);
  return {
    id: conversation.id,
    kind: conversation.kind,
    side,
    title: nameOnSide(people, conversation, otherSide(side)),
    careOf: access.member ? await careOf(actor, conversation) : [],
    viewerId: actor.id,
    isWritable: await isWritable(db, conversation),
    mine: await readerMarks(db, access, actor.id),
    theirs: marksOf(conversation, otherSide(side)),
    ...page,
  };
}
