import { sql, type SQL } from "drizzle-orm";
import type { MessageSide, MessagingArea } from "./message-rules";

// The conversations a person sees in an area, by their side, as SQL
// conditions on `conversations c` (the same rule as sideInArea in
// message-rules.ts, for queries over many conversations at once).

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

/** Each side the person may be on in an area, with its condition. */
export function areaSides(userId: string, area: MessagingArea): { side: MessageSide; condition: SQL }[] {
  return (["a", "b"] as const).flatMap((side) => {
    const condition = sideCondition(userId, area, side);
    return condition ? [{ side, condition }] : [];
  });
}
