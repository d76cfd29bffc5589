import { sql } from "drizzle-orm";
import { followedOrderIds } from "~/features/family/public.server";
import type { MessagingActor } from "./conversation-access.server";
import { CONVERSATION_ORDER_STATUSES } from "./message-rules";
import type { Executor } from "~/platform/db/client.server";

// A family and their caregiver get one conversation, opened when an order
// between them is confirmed (docs/product-rules.md, "Messages"). Messaging's
// handler of order.confirmed (event-handlers.server.ts) calls
// openCareConversation in the confirming transaction; pages
// also open any that are missing for the actor's orders (orders confirmed
// before conversations existed), so both paths are idempotent.

/** Opens the pair's care conversation if they have none (in the caller's transaction). */
export async function openCareConversation(
  tx: Executor,
  { clientId, caregiverId, orderId }: { clientId: string; caregiverId: string; orderId: string },
): Promise<void> {
  await tx.execute(sql`
    insert into conversations (kind, user_a_id, user_b_id, order_id)
    values ('care', ${clientId}, ${caregiverId}, ${orderId})
    on conflict (user_a_id, user_b_id) where kind = 'care' do nothing
  `);
}

/** Opens the missing care conversations of the actor's (or their circle's) confirmed, in-progress and completed orders. */
export async function ensureCareConversations(executor: Executor, actor: MessagingActor): Promise<void> {
  if (actor.role === "admin") return;
  const statuses = sql.join(
    CONVERSATION_ORDER_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  // A family's own orders, and those of the people whose care they manage or follow in a circle: both index
  // conditions (with the circle's orders chosen through their care request, every order was read).
  const mine =
    actor.role === "client"
      ? sql`(o.client_id = ${actor.id} or o.id = any(${followedOrderIds(actor.id)}))`
      : sql`o.caregiver_id = ${actor.id}`;
  // The earliest confirmed order of each pair opened the conversation.
  await executor.execute(sql`
    insert into conversations (kind, user_a_id, user_b_id, order_id)
    select distinct on (o.client_id, o.caregiver_id) 'care', o.client_id, o.caregiver_id, o.id
    from orders o
    where ${mine} and o.caregiver_id is not null and o.status in (${statuses})
      and not exists (
        select 1 from conversations c
        where c.kind = 'care' and c.user_a_id = o.client_id and c.user_b_id = o.caregiver_id
      )
    order by o.client_id, o.caregiver_id, o.confirmed_at nulls last, o.created_at
    on conflict (user_a_id, user_b_id) where kind = 'care' do nothing
  `);
}
