import { and, eq } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";
import { conversations } from "~/platform/db/schema";
import { bookCare } from "./visit-helpers";

// What the conversations' tests share: the actor in each area, and a booked care with its conversation.

export const asClient = (id: string) => ({ id, role: "client" as const });
export const asCaregiver = (id: string) => ({ id, role: "caregiver" as const });
export const asAdmin = (id: string) => ({ id, role: "admin" as const });

/** A confirmed order between a new family and caregiver, and the care conversation it opened. */
export async function bookedConversation(db: Database, lastName: string) {
  const care = await bookCare(db, { lastName });
  const [conversation] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.userAId, care.client.id), eq(conversations.kind, "care")));
  return { ...care, conversationId: conversation!.id };
}
