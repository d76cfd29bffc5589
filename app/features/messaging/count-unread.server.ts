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

/** Unread messages in the conversations any of `conditions` picks, as a subquery (0 for none). */
function counted(conditions: SQL[]): SQL {
  if (conditions.length === 0) return sql`0`;
  return sql`(select count(*) from conversations c join messages m on m.conversation_id = c.id
    where ${sql.join(conditions, sql` or `)})`;
}

/** How many messages wait unread for the user across their conversations. */
export async function countUnreadMessages(userId: string, roles: readonly Role[]): Promise<number> {
  const result = await db.execute<{ count: string }>(sql`select ${unreadMessagesSql(userId, roles)} as count`);
  return Number(result.rows[0]?.count ?? 0);
}

/** The same count as a value of a select that reads more beside it (the chrome's one statement). */
export function unreadMessagesSql(userId: string, roles: readonly Role[]): SQL {
  const own: SQL[] = [];
  const followed: SQL[] = [];
  for (const area of AREAS) {
    if (!roles.includes(area)) continue;
    for (const { side, condition, read, isMember } of areaSides(userId, area)) {
      (isMember ? followed : own).push(sql`(${condition} and m.side = ${otherSide(side)} and m.id > ${read})`);
    }
  }
  if (own.length === 0 && followed.length === 0) return sql`0`;
  // The person's own conversations in one count: a message two conditions match (the support conversation of
  // a user who is both a family and a caregiver) is counted once. The circle's conversations apart (never the
  // person's own, area-scope.server.ts), so that each part is read through its own indexes.
  return sql`(${counted(own)} + ${counted(followed)})`;
}
