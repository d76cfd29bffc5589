import { and, desc, eq, notInArray, sql } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { pushSubscriptions } from "~/platform/db/schema";
import { getEnv } from "~/utils/env.server";
import { pushSubscriptionSchema, type PushSubscriptionInput } from "./delivery-settings.schema";

// The browsers a person turned push on in (docs/product-rules.md,
// "Notification delivery"): added and removed by their owner, removed by the
// push job when the push service says the subscription is gone.

type Actor = { id: string };

/** Devices kept per person: a new one beyond this replaces the oldest. */
export const PUSH_DEVICES_PER_USER = 10;

/** The subscription schema for this server: plain http to this machine only outside production. */
export function pushSubscriptionSchemaForServer() {
  return pushSubscriptionSchema({ allowLoopbackHttp: getEnv().NODE_ENV !== "production" });
}

/**
 * Keeps a browser's subscription for the person. An endpoint belongs to one
 * browser profile: when another account had it (the device changed hands),
 * it moves to this one.
 */
export async function savePushSubscription({
  actor,
  subscription,
  userAgent,
}: {
  actor: Actor;
  subscription: PushSubscriptionInput;
  userAgent: string | null;
}): Promise<void> {
  await db.transaction(async (tx) => {
    const values = {
      userId: actor.id,
      endpoint: subscription.endpoint,
      p256dh: subscription.p256dh,
      auth: subscription.auth,
      userAgent: userAgent?.slice(0, 300) ?? null,
    };
    await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { ...values, failures: 0, createdAt: sql`now()` },
      });
    const newest = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, actor.id))
      .orderBy(desc(pushSubscriptions.createdAt))
      .limit(PUSH_DEVICES_PER_USER);
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, actor.id), notInArray(pushSubscriptions.id, newest)));
  });
}

/** Forgets this browser's subscription (only the person's own). */
export async function removePushSubscription({ actor, endpoint }: { actor: Actor; endpoint: string }) {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, actor.id), eq(pushSubscriptions.endpoint, endpoint)));
}

/** How many devices the person receives push notifications on. */
export async function countPushDevices(userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return row?.count ?? 0;
}
