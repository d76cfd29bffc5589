import { eq, sql } from "drizzle-orm";
import type { CurrentUser } from "~/platform/auth/session.server";
import { db } from "~/platform/db/client.server";
import { careRequestDrafts } from "~/platform/db/schema";
import type { CareRequestDraft } from "./care-request.schema";

// The /request wizard's draft on the server, once its owner is signed in, so
// that it follows them to another device. One draft per user; a save older
// than the stored draft (by its updatedAt) is ignored: the newest wins.

type Actor = Pick<CurrentUser, "id">;

export async function getCareRequestDraft({ actor }: { actor: Actor }): Promise<CareRequestDraft | null> {
  const [row] = await db
    .select({ draft: careRequestDrafts.draft })
    .from(careRequestDrafts)
    .where(eq(careRequestDrafts.userId, actor.id));
  return row ? (row.draft as unknown as CareRequestDraft) : null;
}

/** Stores the draft unless the stored one is newer; returns the draft that is now stored. */
export async function saveCareRequestDraft({
  actor,
  draft,
}: {
  actor: Actor;
  draft: CareRequestDraft;
}): Promise<CareRequestDraft> {
  const updatedAt = new Date(draft.updatedAt);
  const at = Number.isNaN(updatedAt.getTime()) ? new Date() : updatedAt;
  const stored = { ...draft, updatedAt: at.toISOString() };
  const [row] = await db
    .insert(careRequestDrafts)
    .values({ userId: actor.id, draft: stored as unknown as Record<string, unknown>, updatedAt: at })
    .onConflictDoUpdate({
      target: careRequestDrafts.userId,
      set: { draft: sql`excluded.draft`, updatedAt: sql`excluded.updated_at` },
      setWhere: sql`${careRequestDrafts.updatedAt} <= excluded.updated_at`,
    })
    .returning({ draft: careRequestDrafts.draft });
  if (row) return row.draft as unknown as CareRequestDraft;
  return (await getCareRequestDraft({ actor })) ?? stored;
}

export async function clearCareRequestDraft({ actor }: { actor: Actor }): Promise<void> {
  await db.delete(careRequestDrafts).where(eq(careRequestDrafts.userId, actor.id));
}
