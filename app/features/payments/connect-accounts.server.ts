import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { db, type Tx } from "~/platform/db/client.server";
import { stripeAccounts } from "~/platform/db/schema";
import { AppError } from "~/utils/app-error";
import { getEnv } from "~/utils/env.server";
import { ensureStripeObject, stripeAccountOf } from "./customers.server";
import { getStripe, requireStripe } from "./stripe-client.server";

// A caregiver's payout account through Stripe Connect (docs/decisions/0022-billing.md, "Payouts
// through Stripe Connect"): an Express connected account made for them at Stripe, which Stripe's
// own hosted onboarding fills in (identity, bank account: none of it ever reaches us). We keep the
// account's id and one flag, whether Stripe says it can take transfers and pay them out; payouts
// are transfers to it only then. The flag follows Stripe: read back when the caregiver returns from
// onboarding, and on every account.updated webhook.

/** Where a caregiver stands: no account yet, onboarding not finished, or payouts go to their bank. */
export type PayoutAccountState = "none" | "incomplete" | "ready";

/** Whether Stripe lets the account receive transfers and pay them out to the caregiver's bank. */
export function canReceivePayouts(account: Pick<Stripe.Account, "payouts_enabled" | "capabilities">): boolean {
  return account.payouts_enabled === true && account.capabilities?.transfers === "active";
}

export function payoutAccountState(
  row: { connectedAccountId: string | null; connectPayoutsEnabled: boolean } | null,
): PayoutAccountState {
  if (!row?.connectedAccountId) return "none";
  return row.connectPayoutsEnabled ? "ready" : "incomplete";
}

/** The caregiver's payout account state, as last heard from Stripe. */
export async function payoutAccountOf(userId: string): Promise<PayoutAccountState> {
  return payoutAccountState(await stripeAccountOf(userId));
}

/** The caregiver's connected account id (see ensureStripeObject), with whether it can take payouts yet. */
function ensureConnectedAccount(userId: string): Promise<string> {
  return ensureStripeObject(
    userId,
    "connectedAccountId",
    (profile) =>
      requireStripe().accounts.create(
        {
          type: "express",
          country: "US",
          email: profile.email,
          capabilities: { transfers: { requested: true } },
          business_type: "individual",
          metadata: { userId },
        },
        { idempotencyKey: `connect-account-${userId}` },
      ),
    (account) => ({ connectPayoutsEnabled: canReceivePayouts(account) }),
  );
}

/** The page of /caregiver/earnings that Stripe sends the caregiver back to. */
export const PAYOUT_SETUP_RETURN_PATH = "/caregiver/earnings";

/**
 * The address of Stripe's hosted onboarding for the caregiver's connected account (made first if
 * need be). Stripe sends them back to /caregiver/earnings?payouts=return when they are done, or
 * ?payouts=refresh when the link has expired (the page then offers a new one).
 */
export async function startPayoutSetup({ userId }: { userId: string }): Promise<string> {
  if (!getStripe()) throw new AppError("not_found", { key: "earnings:payoutAccount.notSetUp" });
  const accountId = await ensureConnectedAccount(userId);
  const back = `${getEnv().appUrl}${PAYOUT_SETUP_RETURN_PATH}`;
  try {
    const link = await requireStripe().accountLinks.create({
      account: accountId,
      type: "account_onboarding",
      return_url: `${back}?payouts=return`,
      refresh_url: `${back}?payouts=refresh`,
    });
    return link.url;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new AppError(
      "conflict",
      { key: "earnings:payoutAccount.stripeRefused", values: { reason } },
      { reason: "stripe" },
    );
  }
}

/** Keeps what Stripe says of a connected account (from the webhook or a read); false when it is not one of ours. */
export async function storeConnectedAccountState(
  executor: Tx | typeof db,
  account: Pick<Stripe.Account, "id" | "payouts_enabled" | "capabilities">,
): Promise<boolean> {
  const updated = await executor
    .update(stripeAccounts)
    .set({ connectPayoutsEnabled: canReceivePayouts(account) })
    .where(eq(stripeAccounts.connectedAccountId, account.id))
    .returning({ userId: stripeAccounts.userId });
  return updated.length > 0;
}

/**
 * The caregiver is back from Stripe's onboarding: their account is read back from Stripe (the
 * address they came back by proves nothing) and its state kept. A failed read keeps the last state.
 */
export async function refreshPayoutAccount(userId: string): Promise<PayoutAccountState> {
  const row = await stripeAccountOf(userId);
  const stripe = getStripe();
  if (!stripe || !row?.connectedAccountId) return payoutAccountState(row);
  try {
    const account = await stripe.accounts.retrieve(row.connectedAccountId);
    await storeConnectedAccountState(db, account);
    return canReceivePayouts(account) ? "ready" : "incomplete";
  } catch {
    return payoutAccountState(row);
  }
}
