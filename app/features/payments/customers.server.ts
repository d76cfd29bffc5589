import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { stripeAccounts, userProfiles } from "~/db/schema";
import { requireStripe } from "./stripe-client.server";

// A family's Stripe customer (docs/decisions/0022-billing.md): created the first time they save a
// card, its id kept in stripe_accounts. Stripe holds the card; we hold only ids.

/** The family's Stripe ids, or null when they have none yet. */
export async function stripeAccountOf(userId: string) {
  const [row] = await db.select().from(stripeAccounts).where(eq(stripeAccounts.userId, userId));
  return row ?? null;
}

/**
 * The family's Stripe customer id, created at Stripe (idempotently, keyed by the user) and stored
 * the first time. Two requests at once both get the one customer the idempotency key makes.
 */
export async function ensureStripeCustomer(userId: string): Promise<string> {
  const existing = await stripeAccountOf(userId);
  if (existing?.customerId) return existing.customerId;
  const [profile] = await db
    .select({ email: userProfiles.email, name: userProfiles.name })
    .from(userProfiles)
    .where(eq(userProfiles.id, userId));
  if (!profile) throw new Error(`No user ${userId}.`);
  const customer = await requireStripe().customers.create(
    { email: profile.email, name: profile.name, metadata: { userId } },
    { idempotencyKey: `customer-${userId}` },
  );
  const [stored] = await db
    .insert(stripeAccounts)
    .values({ userId, customerId: customer.id })
    .onConflictDoUpdate({
      target: stripeAccounts.userId,
      // Keep a customer already stored by a request that got there first.
      set: { customerId: sql`coalesce(${stripeAccounts.customerId}, excluded.customer_id)` },
    })
    .returning({ customerId: stripeAccounts.customerId });
  return stored?.customerId ?? customer.id;
}
