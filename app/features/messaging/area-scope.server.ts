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
  return sql`(c.kind = 'care' and c.user_a_id <> ${userId} and exists (
    select 1 from orders o join care_requests r on r.id = o.care_request_id
    where o.client_id = c.user_a_id and o.caregiver_id = c.user_b_id and o.status in (${statuses})
      and r.care_recipient_id in (${followedRecipients(userId)})
  ))`;
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
