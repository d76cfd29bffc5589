import { sql, type SQL } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import type { Role } from "~/utils/roles";
import { areaSides } from "./area-scope.server";
import { otherSide, type MessagingArea } from "./message-rules";

// The unread count of the header, menus and drawer (docs/product-rules.md,
// "Messages"): messages from the other side after the person's read mark, in
// every conversation their roles let them see: as a family, as a caregiver,
// their own support conversation, the care conversations they follow in a
// family circle (their own marks), and for administrators the support inbox.

const AREAS: readonly MessagingArea[] = ["client", "caregiver", "admin"];

/** The conversations a condition picks, the side whose messages are counted there, and the mark they must pass. */
type Unread = { condition: SQL; side: "a" | "b"; read: SQL };

/**
 * Unread messages in the conversations any of `parts` picks, as a subquery (0 for none). Each part is read alone,
 * each of its conversations then only the messages past its read mark (messages_conversation_idx: the conversation,
 * then the ids past the mark: a lateral join, kept one by `offset 0`, makes the mark an index bound, where the
 * planner may otherwise hash every message of the person's side); joined by OR, the marks could not
 * bound anything, and every message of each conversation was read to be tested, a count that grew with the
 * conversations' history. A message two parts pick is counted once (UNION).
 */
function counted(parts: Unread[]): SQL {
  if (parts.length === 0) return sql`0`;
  const picked = parts.map(
    ({ condition, side, read }) => sql`select m.id from conversations c cross join lateral (
      select m.id from messages m where m.conversation_id = c.id and m.id > ${read} and m.side = ${side} offset 0) as m
    where ${condition}`,
  );
  return sql`(select count(*) from (${sql.join(picked, sql` union `)}) as unread)`;
}

/** How many messages wait unread for the user across their conversations. */
export async function countUnreadMessages(userId: string, roles: readonly Role[]): Promise<number> {
  const result = await db.execute<{ count: string }>(sql`select ${unreadMessagesSql(userId, roles)} as count`);
  return Number(result.rows[0]?.count ?? 0);
}

/** The same count as a value of a select that reads more beside it (the chrome's one statement). */
export function unreadMessagesSql(userId: string, roles: readonly Role[]): SQL {
  const own: Unread[] = [];
  const followed: Unread[] = [];
  for (const area of AREAS) {
    if (!roles.includes(area)) continue;
    for (const { side, condition, read, isMember } of areaSides(userId, area)) {
      (isMember ? followed : own).push({ condition, side: otherSide(side), read });
    }
  }
  if (own.length === 0 && followed.length === 0) return sql`0`;
  // The person's own conversations in one count: a message two conditions match (the support conversation of
  // a user who is both a family and a caregiver) is counted once. The circle's conversations apart (never the
  // person's own, area-scope.server.ts), so that each part is read through its own indexes.
  return sql`(${counted(own)} + ${counted(followed)})`;
}
