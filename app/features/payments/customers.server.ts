import { eq, sql } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { stripeAccounts, userProfiles } from "~/platform/db/schema";
import { requireStripe } from "./stripe-client.server";

// A family's Stripe customer (docs/decisions/0022-billing.md): created the first time they save a
// card, its id kept in stripe_accounts. Stripe holds the card; we hold only ids.

/** The family's Stripe ids, or null when they have none yet. */
export async function stripeAccountOf(userId: string) {
  const [row] = await db.select().from(stripeAccounts).where(eq(stripeAccounts.userId, userId));
  return row ?? null;
}

/** The user's Stripe objects we keep an id of: their customer (a family), their connected account (a caregiver). */
type StripeIdColumn = "customerId" | "connectedAccountId";

/**
 * The id of the user's Stripe object of one kind, as stored in stripe_accounts, or made by `create`
 * (at Stripe, with an idempotency key by the user) and stored the first time, with `alsoStore`. Two
 * requests at once both get the one object the idempotency key makes; an id another request stored
 * first is kept.
 */
export async function ensureStripeObject<Created extends { id: string }>(
  userId: string,
  column: StripeIdColumn,
  create: (profile: { email: string; name: string }) => Promise<Created>,
  alsoStore: (created: Created) => Partial<typeof stripeAccounts.$inferInsert> = () => ({}),
): Promise<string> {
  const existing = (await stripeAccountOf(userId))?.[column];
  if (existing) return existing;
  const [profile] = await db
    .select({ email: userProfiles.email, name: userProfiles.name })
    .from(userProfiles)
    .where(eq(userProfiles.id, userId));
  if (!profile) throw new Error(`No user ${userId}.`);
  const created = await create(profile);
  const target = stripeAccounts[column];
  const [stored] = await db
    .insert(stripeAccounts)
    .values({ ...alsoStore(created), userId, [column]: created.id })
    .onConflictDoUpdate({
      target: stripeAccounts.userId,
      set: { [column]: sql`coalesce(${target}, excluded.${sql.identifier(target.name)})` },
    })
    .returning({ id: target });
  return stored?.id ?? created.id;
}

/** The family's Stripe customer id (see ensureStripeObject). */
export function ensureStripeCustomer(userId: string): Promise<string> {
  return ensureStripeObject(userId, "customerId", (profile) =>
    requireStripe().customers.create(
      { email: profile.email, name: profile.name, metadata: { userId } },
      { idempotencyKey: `customer-${userId}` },
    ),
  );
}
