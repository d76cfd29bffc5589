import { and, eq, lt } from "drizzle-orm";
import { z } from "zod";
import { AppError } from "~/utils/app-error";
import { IDEMPOTENCY_MESSAGES, IdempotencyKeySchema } from "~/utils/idempotency";
import { db, type Tx, type Executor } from "./client.server";
import { defineJob } from "./job-queue.server";
import { idempotencyKeys } from "./schema";

// The one way a submission that creates something is made safe to repeat
// (docs/decisions/0019-idempotency-keys.md). The form carries a UUID made when
// it was rendered; the first submission with it claims (scope, key) in
// idempotency_keys inside the transaction that creates the thing and stores its
// answer there; a repeat, at the same moment or later, creates nothing and gets
// that answer back. The same idea as the messages' clientKey
// (app/features/messaging/send-message.server.ts): a unique key, an insert
// that does nothing on conflict, and the stored result read back.

/** How long a key answers repeats; the prune job deletes it afterwards. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

export type IdempotencyKey = {
  /** Which form ("care-request", "contact", "caregiver-application"). */
  scope: string;
  /** The form's UUID. */
  key: string;
  /** Whose key it is: a user id, or for a signed-out form what identifies the sender. */
  owner: string;
};

export type Once<T> = { value: T; isReplay: boolean };

/** The answer stored for a committed key, or undefined; refuses a key that belongs to someone else. */
async function storedAnswer<T>(executor: Executor, idem: IdempotencyKey): Promise<Once<T> | undefined> {
  const [row] = await executor
    .select({ owner: idempotencyKeys.owner, result: idempotencyKeys.result })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, idem.scope), eq(idempotencyKeys.key, idem.key)));
  if (!row) return undefined;
  if (row.owner !== idem.owner) throw new AppError("conflict", IDEMPOTENCY_MESSAGES.foreign, { reason: "foreign-key" });
  return { value: row.result as T, isReplay: true };
}

/**
 * The answer a committed key holds, for a repeat that must be told so before anything else is
 * checked (what the first submission changed may refuse it otherwise); undefined for a key never
 * committed or not a key at all. Refuses a key that belongs to someone else.
 */
export async function committedAnswer<T>(idem: IdempotencyKey): Promise<Once<T> | undefined> {
  if (!IdempotencyKeySchema.safeParse(idem.key).success) return undefined;
  return storedAnswer<T>(db, idem);
}

/**
 * Runs `create` in a transaction once per key. The first call claims the key
 * (an insert into idempotency_keys), runs `create` in the same transaction and
 * stores its answer there; a repeat answers with the stored answer and runs
 * nothing. A repeat at the same moment waits on the primary key for the first
 * to commit (then replays it) or to roll back (then claims the key and
 * creates). `keep` false for an answer that created nothing (a rate limit):
 * the claim is given back, so that the key stays usable.
 *
 * Without a key (internal callers, the seed) `create` simply runs in a transaction.
 * The answer must survive JSON (no Dates, no undefined inside arrays).
 */
export async function onceForKey<T>(
  idem: IdempotencyKey | undefined,
  create: (tx: Tx) => Promise<T>,
  { keep = () => true }: { keep?: (value: T) => boolean } = {},
): Promise<Once<T>> {
  if (!idem) return { value: await db.transaction(create), isReplay: false };
  if (!IdempotencyKeySchema.safeParse(idem.key).success) {
    throw new AppError("invalid", IDEMPOTENCY_MESSAGES.missing, { reason: "idempotency-key" });
  }
  // A later repeat answers without opening a transaction (and without re-checking
  // what may have changed since, such as a start time that has now passed).
  const earlier = await storedAnswer<T>(db, idem);
  if (earlier) return earlier;
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ scope: idem.scope, key: idem.key, owner: idem.owner })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      // The insert waited for the first holder of the key, which committed: a new
      // statement sees its row.
      const replay = await storedAnswer<T>(tx, idem);
      if (replay) return replay;
      // Only when the row was pruned between the insert and the select: nothing to replay.
      throw new AppError("conflict", IDEMPOTENCY_MESSAGES.missing, { reason: "idempotency-key" });
    }
    const value = await create(tx);
    const where = and(eq(idempotencyKeys.scope, idem.scope), eq(idempotencyKeys.key, idem.key));
    if (keep(value)) {
      await tx
        .update(idempotencyKeys)
        .set({ result: value ?? null })
        .where(where);
    } else {
      await tx.delete(idempotencyKeys).where(where);
    }
    return { value, isReplay: false };
  });
}

/** Deletes the keys older than their lifetime; returns how many. */
export async function pruneIdempotencyKeys(executor: Executor = db, now = new Date()) {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_KEY_LIFETIME_MS);
  const removed = await executor
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, cutoff))
    .returning({ key: idempotencyKeys.key });
  return removed.length;
}

const HOUR_MS = 60 * 60 * 1000;

/** Hourly: expired keys go (listed in app/platform/jobs/registry.server.ts, queued at boot with the notification jobs). */
export const pruneIdempotencyKeysJob = defineJob({
  name: "idempotency.prune",
  payload: z.object({}),
  run: async () => {
    await pruneIdempotencyKeys();
    return { next: new Date(Date.now() + HOUR_MS) };
  },
});
