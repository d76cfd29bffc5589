import { sql, type SQL } from "drizzle-orm";
import { followedRecipients } from "~/features/family/public.server";
import { CONVERSATION_ORDER_STATUSES, type MessageSide, type MessagingArea } from "./message-rules";

// The conversations a person sees in an area, by their side, as SQL
// conditions on `conversations c` (the same rule as sideInArea in
// message-rules.ts and the circle's access in conversation-access.server.ts,
// for queries over many conversations at once), with where the person's own
// marks are kept.

/** The condition for conversations where `userId` is on `side` in `area`, or null when there are none. */
export function sideCondition(userId: string, area: MessagingArea, side: MessageSide): SQL | null {
  if (side === "a") {
    if (area === "client") return sql`c.user_a_id = ${userId}`;
    if (area === "caregiver") return sql`(c.kind = 'support' and c.user_a_id = ${userId})`;
    return null;
  }
  if (area === "caregiver") return sql`(c.kind = 'care' and c.user_b_id = ${userId})`;
  if (area === "admin") return sql`(c.kind = 'support' and c.user_a_id <> ${userId})`;
  return null;
}

/**
 * The holders' care conversations the person reads as a manage or follow member of the circle of a person one
 * of the pair's orders is for (docs/decisions/0053-circle-messages.md).
 */
export function circleCondition(userId: string): SQL {
  const statuses = sql.join(
    CONVERSATION_ORDER_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  // The conversations' ids first (from the person's circles through indexes), so that the condition stays an
  // index lookup beside the person's own conversations (c.id = any(array(...)) in an "or").
  return sql`(c.kind = 'care' and c.id = any(array(
    select c2.id from care_requests r
    join orders o on o.care_request_id = r.id
    join conversations c2 on c2.user_a_id = o.client_id and c2.user_b_id = o.caregiver_id and c2.kind = 'care'
    where r.care_recipient_id in (${followedRecipients(userId)}) and o.status in (${statuses})
      and o.client_id <> ${userId} and o.caregiver_id <> ${userId}
  )))`;
}

export type AreaSide = {
  side: MessageSide;
  condition: SQL;
  /** The person's delivered and read marks, as expressions over `c`. */
  delivered: SQL;
  read: SQL;
  /** Whether the marks are the person's own row (a circle member), not the conversation's side marks. */
  isMember: boolean;
};

function memberMark(userId: string, column: "delivered_up_to" | "read_up_to"): SQL {
  return sql`coalesce((select mm.${sql.raw(column)} from conversation_member_marks mm
    where mm.conversation_id = c.id and mm.user_id = ${userId}), 0)`;
}

/** Each side the person may be on in an area, with its condition and marks. */
export function areaSides(userId: string, area: MessagingArea): AreaSide[] {
  const sides = (["a", "b"] as const).flatMap((side): AreaSide[] => {
    const condition = sideCondition(userId, area, side);
    if (!condition) return [];
    const delivered = sql.raw(side === "a" ? "c.a_delivered_up_to" : "c.b_delivered_up_to");
    const read = sql.raw(side === "a" ? "c.a_read_up_to" : "c.b_read_up_to");
    return [{ side, condition, delivered, read, isMember: false }];
  });
  if (area !== "client") return sides;
  return [
    ...sides,
    {
      side: "a",
      condition: circleCondition(userId),
      delivered: memberMark(userId, "delivered_up_to"),
      read: memberMark(userId, "read_up_to"),
      isMember: true,
    },
  ];
}
