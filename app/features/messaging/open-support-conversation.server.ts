import { and, eq, sql } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { conversations } from "~/platform/db/schema";
import { AppError } from "~/utils/app-error";
import type { MessagingActor } from "./conversation-access.server";
import { MESSAGE_ERRORS } from "./message-rules";

// Every family and caregiver has one conversation with support
// (docs/product-rules.md, "Messages"), opened the first time they open it.
// Administrators answer it from the admin area; they have none themselves
// there.

/** The id of the actor's support conversation, opened now if they had none. */
export async function openSupportConversation({ actor }: { actor: MessagingActor }): Promise<string> {
  if (actor.role === "admin") throw new AppError("not_found", MESSAGE_ERRORS.notFound);
  await db.execute(sql`
    insert into conversations (kind, user_a_id) values ('support', ${actor.id})
    on conflict (user_a_id) where kind = 'support' do nothing
  `);
  const [conversation] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.kind, "support"), eq(conversations.userAId, actor.id)));
  return conversation!.id;
}
