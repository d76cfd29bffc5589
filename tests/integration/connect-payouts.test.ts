import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, test } from "vitest";
import { currentUserContext } from "~/platform/auth/guards.server";
import type { CurrentUser } from "~/platform/auth/session.server";
import { caregiverEarnings, payouts, stripeAccounts } from "~/platform/db/schema";
import { createUser } from "~/platform/db/seed/factories.server";
import { createPayoutBatch, listPendingEarnings, markBatchPaid } from "~/features/earnings/payouts.server";
import { action as earningsAction, loader as earningsLoader } from "~/routes/caregiver/earnings";
import { getEnv, setEnvForTesting } from "~/utils/env.server";
import { appRequest, formRequest, settle } from "./accounts-helpers";
import { useAuthTestSetup } from "./auth-env";
import { bookedVisit } from "./evv-helpers";
import { sendWebhook, useFakeStripe } from "./stripe-helpers";

// Payouts through Stripe Connect (docs/product-rules.md, "Billing and pay"): a caregiver sets up
// their payout account on /caregiver/earnings, which makes an Express connected account at Stripe
// (once) and sends them to Stripe's hosted onboarding; back on the page, the account is read from
// Stripe and only a finished one takes payouts as transfers. account.updated webhooks keep the
// state (Stripe pausing payouts stops transfers). Stripe is the fake at its HTTP boundary.

const stripe = useFakeStripe();
/** The Connect endpoint's own signing secret: Stripe sends connected accounts' events there. */
const CONNECT_WEBHOOK_SECRET = "whsec_connect_endpoint_of_the_tests";
const setup = useAuthTestSetup({
  env: () => ({
    ...stripe.env(),
    STRIPE_WEBHOOK_SECRET: `${stripe.fake.webhookSecret},${CONNECT_WEBHOOK_SECRET}`,
  }),
});

let admin: { id: string; roles: "admin"[] };
beforeAll(async () => {
  admin = { ...(await createUser(setup.db, { roles: ["admin"] })), roles: ["admin"] };
});

/** A caregiver of their own with a booked visit, as the signed-in user of the caregiver area. */
async function newCaregiver(firstName: string): Promise<CurrentUser> {
  const booked = await bookedVisit(setup.db, { caregiverFirstName: firstName });
  return {
    id: booked.caregiver.id,
    email: booked.caregiver.email,
    name: `${firstName} ${booked.caregiver.lastName}`,
    firstName,
    lastName: booked.caregiver.lastName,
    roles: ["caregiver"],
    avatarUrl: null,
    caregiverStatus: "approved",
    twoFactorEnabled: false,
    sessionId: "test",
    locale: "en",
  };
}

/** A loader's or action's arguments as the caregiver area's guard leaves them. */
function argsAs(user: CurrentUser, request: Request) {
  const context = new RouterContextProvider();
  context.set(currentUserContext, user);
  return { request, params: {}, context } as never;
}

async function pageOf(user: CurrentUser, search = "") {
  return (await earningsLoader(argsAs(user, appRequest(`/caregiver/earnings${search}`)))) as {
    payoutAccount: string | null;
    payoutReturn: string | null;
  };
}

async function setUpPayouts(user: CurrentUser): Promise<string> {
  const answer = (await settle(
    earningsAction(argsAs(user, formRequest("/caregiver/earnings", { intent: "payout-setup" })) as never),
  )) as Response;
  expect(answer.status).toBe(302);
  return answer.headers.get("Location")!;
}

/** What the caregiver does on Stripe's hosted page: its button, then back where Stripe sends them. */
async function onStripePage(link: string, choice: "finish" | "leave"): Promise<URL> {
  const page = await fetch(link);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("Finish onboarding");
  const answer = await fetch(link, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ choice }),
    redirect: "manual",
  });
  expect(answer.status).toBe(303);
  return new URL(answer.headers.get("Location")!);
}

async function accountRow(userId: string) {
  const [row] = await setup.db.select().from(stripeAccounts).where(eq(stripeAccounts.userId, userId));
  return row;
}

/** One pending earning for `caregiverId`, then a batch through its day; the batch's id. */
async function batchWithEarning(caregiverId: string, amountCents: number): Promise<string> {
  const booked = await bookedVisit(setup.db, {});
  await setup.db.insert(caregiverEarnings).values({
    caregiverId,
    visitId: booked.visitId,
    orderId: booked.orderId,
    workedAt: new Date("2026-11-10T19:00:00Z"),
    workedOn: "2026-11-10",
    minutes: 240,
    payRateCents: amountCents / 4,
    amountCents,
  });
  const { batchId } = await createPayoutBatch({ actor: admin, throughDate: "2026-11-15" });
  return batchId;
}

const transfersTo = (accountId: string) =>
  stripe.fake.transfers().filter((transfer) => transfer.destination === accountId);

describe("a caregiver's payout account", () => {
  test("set up once, finished at Stripe, read back on return; then a payout is one transfer to it", async () => {
    const nadia = await newCaregiver("Nadia");
    expect((await pageOf(nadia)).payoutAccount).toBe("none");

    const link = await setUpPayouts(nadia);
    expect(link.startsWith(`${stripe.fake.url}/setup/e/`)).toBe(true);
    const stored = await accountRow(nadia.id);
    expect(stored).toMatchObject({ connectedAccountId: expect.stringMatching(/^acct_/), connectPayoutsEnabled: false });
    const created = stripe.fake.requests.filter((request) => request.path === "/v1/accounts");
    expect(created.at(-1)).toMatchObject({
      body: { type: "express", capabilities: { transfers: { requested: "true" } }, metadata: { userId: nadia.id } },
      idempotencyKey: `connect-account-${nadia.id}`,
    });
    const linkRequest = stripe.fake.requests.findLast((request) => request.path === "/v1/account_links");
    expect(linkRequest!.body).toMatchObject({
      account: stored!.connectedAccountId,
      type: "account_onboarding",
      return_url: `${getEnv().appUrl}/caregiver/earnings?payouts=return`,
      refresh_url: `${getEnv().appUrl}/caregiver/earnings?payouts=refresh`,
    });
    expect((await pageOf(nadia)).payoutAccount).toBe("incomplete");

    // Asked again (a second click, a new link): the same account, a new link.
    const again = await setUpPayouts(nadia);
    expect(again).not.toBe(link);
    expect((await accountRow(nadia.id))!.connectedAccountId).toBe(stored!.connectedAccountId);

    // Back from Stripe having finished: the page reads the account from Stripe and says it is set up.
    const back = await onStripePage(again, "finish");
    expect(back.pathname + back.search).toBe("/caregiver/earnings?payouts=return");
    expect(await pageOf(nadia, back.search)).toMatchObject({ payoutAccount: "ready", payoutReturn: "return" });
    expect((await accountRow(nadia.id))!.connectPayoutsEnabled).toBe(true);
    // A used link does not open again (Stripe sends people to the refresh address instead).
    expect((await fetch(again)).status).toBe(404);

    const batchId = await batchWithEarning(nadia.id, 9_600);
    const pending = await listPendingEarnings({ actor: admin });
    expect(pending).toEqual([]);
    expect(await markBatchPaid({ actor: admin, batchId })).toEqual({ paidCount: 1, failures: [] });
    const transfers = transfersTo(stored!.connectedAccountId!);
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({ amount: 9_600, currency: "usd" });
    const [payout] = await setup.db.select().from(payouts).where(eq(payouts.batchId, batchId));
    expect(payout).toMatchObject({ status: "paid", stripeTransferId: transfers[0]!.id });
  });

  test("left unfinished: the page says so and a payout is paid by other means, with no transfer", async () => {
    const omar = await newCaregiver("Omar");
    const back = await onStripePage(await setUpPayouts(omar), "leave");
    expect(await pageOf(omar, back.search)).toMatchObject({ payoutAccount: "incomplete", payoutReturn: "return" });
    const accountId = (await accountRow(omar.id))!.connectedAccountId!;

    const batchId = await batchWithEarning(omar.id, 4_000);
    expect(await markBatchPaid({ actor: admin, batchId })).toEqual({ paidCount: 1, failures: [] });
    expect(transfersTo(accountId)).toEqual([]);
    const [payout] = await setup.db.select().from(payouts).where(eq(payouts.batchId, batchId));
    expect(payout).toMatchObject({ status: "paid", stripeTransferId: null });
  });

  test("account.updated keeps the state: finished elsewhere, then paused by Stripe; a replay changes nothing", async () => {
    const priya = await newCaregiver("Priya");
    await setUpPayouts(priya);
    const accountId = (await accountRow(priya.id))!.connectedAccountId!;

    stripe.fake.finishOnboarding(accountId);
    // Signed by the Connect endpoint (its own secret); one signed with another secret is refused.
    const forged = await sendWebhook(stripe.fake, stripe.fake.lastEvent("account.updated"), {
      secret: "whsec_not_one_of_ours",
    });
    expect(forged.status).toBe(400);
    expect((await pageOf(priya)).payoutAccount).toBe("incomplete");
    const finished = stripe.fake.lastEvent("account.updated");
    expect(await (await sendWebhook(stripe.fake, finished, { secret: CONNECT_WEBHOOK_SECRET })).json()).toEqual({
      received: true,
      result: "handled",
    });
    expect((await pageOf(priya)).payoutAccount).toBe("ready");

    // Stripe pauses payouts (it needs more details): no transfer goes there any more.
    const paused = structuredClone(finished);
    paused.id = `${finished.id}_paused`;
    Object.assign(paused.data.object, { payouts_enabled: false, capabilities: { transfers: "inactive" } });
    expect(await (await sendWebhook(stripe.fake, paused)).json()).toEqual({ received: true, result: "handled" });
    expect((await pageOf(priya)).payoutAccount).toBe("incomplete");
    // The first event again (a replay): already applied, the account stays paused.
    expect(await (await sendWebhook(stripe.fake, finished)).json()).toEqual({ received: true, result: "replayed" });
    expect((await accountRow(priya.id))!.connectPayoutsEnabled).toBe(false);

    const batchId = await batchWithEarning(priya.id, 2_000);
    await markBatchPaid({ actor: admin, batchId });
    expect(transfersTo(accountId)).toEqual([]);
  });

  test("an expired link brings the caregiver back to a page that offers a new one", async () => {
    const rosa = await newCaregiver("Rosa");
    await setUpPayouts(rosa);
    expect(await pageOf(rosa, "?payouts=refresh")).toMatchObject({
      payoutAccount: "incomplete",
      payoutReturn: "refresh",
    });
  });

  test("Stripe unreachable: the action answers 502 and the page keeps the last state", async () => {
    const sami = await newCaregiver("Sami");
    await setUpPayouts(sami);
    const env = getEnv();
    setEnvForTesting({ ...env, STRIPE_API_BASE: "http://127.0.0.1:9" });
    try {
      const answer = (await settle(
        earningsAction(argsAs(sami, formRequest("/caregiver/earnings", { intent: "payout-setup" })) as never),
      )) as Response | { init: { status: number } };
      const status = answer instanceof Response ? answer.status : answer.init.status;
      expect(status).toBe(502);
      expect((await pageOf(sami, "?payouts=return")).payoutAccount).toBe("incomplete");
    } finally {
      setEnvForTesting(env);
    }
  });
});
