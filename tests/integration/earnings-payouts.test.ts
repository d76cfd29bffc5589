import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  accounts,
  auditEvents,
  caregiverEarnings,
  payoutBatches,
  payouts,
  stripeAccounts,
  userProfiles,
  visits,
} from "~/platform/db/schema";
import { createUser } from "~/platform/db/seed/factories.server";
import { getCaregiverEarnings, listCaregiverEarnings } from "~/features/earnings/caregiver-earnings.server";
import {
  createPayoutBatch,
  listPayoutBatches,
  listPendingEarnings,
  markBatchPaid,
  markPayoutFailed,
  markPayoutPaid,
} from "~/features/earnings/payouts.server";
import { loader as exportLoader } from "~/routes/caregiver/earnings-export";
import { action as payoutsAction, loader as payoutsLoader } from "~/routes/admin/payouts";
import { localDateIn } from "~/utils/datetime";
import { hashPassword } from "~/utils/password.server";
import { startFakeStripe, type FakeStripe } from "../support/fake-stripe";
import { appRequest, formRequest, settle, signInCookie } from "./accounts-helpers";
import { useAuthTestSetup } from "./auth-env";
import { bookedVisit } from "./evv-helpers";
import { notificationsOf, setLocale } from "./notifications-helpers";

// Earnings and payouts (docs/product-rules.md, "Billing and pay"): a caregiver reads only their own
// earnings (page and CSV); an admin batches pending earnings through a date, one payout per
// caregiver, never an earning twice even when two batches are created at once; marks payouts paid
// (a Stripe Connect transfer when the caregiver has a connected account) or failed; each money
// action leaves a `billing` audit row; only admins may do any of it.

let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe();
});
afterAll(async () => {
  await stripe.close();
});

const setup = useAuthTestSetup({
  env: () => ({ STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_API_BASE: stripe.url }),
});

const PASSWORD = "earnings-Passw0rd!";
type Actor = { id: string; roles: ("admin" | "caregiver" | "client")[] };
let admin: Actor;

beforeAll(async () => {
  admin = { ...(await createUser(setup.db, { roles: ["admin"] })), roles: ["admin"] };
});

/** A caregiver of their own (with a sign-in password), as an actor. */
async function newCaregiver(firstName = "Elena"): Promise<Actor & { email: string }> {
  const booked = await bookedVisit(setup.db, { caregiverFirstName: firstName });
  await setup.db
    .update(userProfiles)
    .set({ name: `${firstName} Caregiver${booked.caregiver.lastName}` })
    .where(eq(userProfiles.id, booked.caregiver.id));
  return { id: booked.caregiver.id, email: booked.caregiver.email, roles: ["caregiver"] };
}

/**
 * A completed visit of a real order (booked through the feature functions), handed to `caregiverId`,
 * with the earnings row issuing its invoice would write.
 */
async function earning(
  caregiverId: string,
  workedOn: string,
  { amountCents = 8000, minutes = 240, clientFirstName = "Maria" } = {},
) {
  const booked = await bookedVisit(setup.db, { clientFirstName });
  const endsAt = new Date(`${workedOn}T19:00:00Z`);
  await setup.db
    .update(visits)
    .set({
      caregiverId,
      status: "completed",
      startsAt: new Date(endsAt.getTime() - minutes * 60_000),
      endsAt,
      checkedInAt: new Date(endsAt.getTime() - minutes * 60_000),
      checkedOutAt: endsAt,
    })
    .where(eq(visits.id, booked.visitId));
  const [row] = await setup.db
    .insert(caregiverEarnings)
    .values({
      caregiverId,
      visitId: booked.visitId,
      orderId: booked.orderId,
      workedAt: endsAt,
      workedOn,
      minutes,
      payRateCents: Math.round((amountCents * 60) / minutes),
      amountCents,
    })
    .returning();
  return { ...row!, clientLastName: booked.client.lastName };
}

/** A route loader's or action's arguments for `request` (its own guard reads the session). */
const args = (request: Request) => ({ request, params: {}, context: undefined as never }) as never;

/** A password for `user`, then a signed-in session's cookie. */
async function cookieOf(user: { id: string; email: string }): Promise<string> {
  await setup.db.insert(accounts).values({
    id: randomUUID(),
    accountId: user.id,
    providerId: "credential",
    userId: user.id,
    password: await hashPassword(PASSWORD),
  });
  return signInCookie(user.email, PASSWORD);
}

async function earningsOf(ids: string[]) {
  return setup.db.select().from(caregiverEarnings).where(inArray(caregiverEarnings.id, ids));
}

async function auditOf(eventType: string) {
  return setup.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.eventType, eventType), eq(auditEvents.category, "billing")));
}

/** Pays out everything still pending, so that each test starts from no pending earnings of others. */
async function settleEverything() {
  const pending = await listPendingEarnings({ actor: admin });
  if (pending.length === 0) return;
  const { batchId } = await createPayoutBatch({ actor: admin, throughDate: "2100-01-01" });
  await setup.db.update(payouts).set({ status: "paid", paidAt: new Date() }).where(eq(payouts.batchId, batchId));
  await setup.db.update(caregiverEarnings).set({ status: "paid" }).where(eq(caregiverEarnings.status, "in_payout"));
}

describe("the caregiver's earnings", () => {
  test("a caregiver sees only their own rows, by week, with the client's first name and last initial", async () => {
    const elena = await newCaregiver("Elena");
    const other = await newCaregiver("Omar");
    const monday = await earning(elena.id, "2026-11-16", { amountCents: 8000, clientFirstName: "Maria" });
    const sunday = await earning(elena.id, "2026-11-22", { amountCents: 4550, minutes: 150 });
    const nextWeek = await earning(elena.id, "2026-11-23", { amountCents: 6000, minutes: 180 });
    const others = await earning(other.id, "2026-11-16", { amountCents: 99_999 });

    const lines = await listCaregiverEarnings({ actor: elena });
    expect(lines.map((line) => line.id).toSorted()).toEqual([monday.id, sunday.id, nextWeek.id].toSorted());
    expect(lines.find((line) => line.id === monday.id)).toMatchObject({
      clientName: `Maria ${monday.clientLastName.charAt(0).toUpperCase()}.`,
      status: "pending",
      paidOn: null,
    });
    expect(await listCaregiverEarnings({ actor: other })).toEqual([
      expect.objectContaining({ id: others.id, amountCents: 99_999 }),
    ]);

    const page = await getCaregiverEarnings({ actor: elena, now: new Date("2026-11-27T18:00:00Z") });
    expect(page.weeks.map((week) => [week.monday, week.totalCents, week.minutes])).toEqual([
      ["2026-11-23", 6000, 180],
      ["2026-11-16", 12_550, 390],
    ]);
    expect(page.totals).toMatchObject({ unpaidCents: 18_550, inPayoutCents: 0, paidThisYearCents: 0 });
    expect(page.chart).toHaveLength(12);
    expect(page.chart.at(-1)).toEqual({ monday: "2026-11-23", totalCents: 6000, minutes: 180 });
    expect(page.chart.at(-2)).toEqual({ monday: "2026-11-16", totalCents: 12_550, minutes: 390 });

    // The CSV route, signed in as Elena: her rows only, in the range asked for.
    await setup.db.update(userProfiles).set({ name: "Elena Caregiver" }).where(eq(userProfiles.id, elena.id));
    const cookie = await cookieOf(elena);
    const response = (await settle(
      exportLoader(args(appRequest("/caregiver/earnings/export.csv?from=2026-11-16&to=2026-11-22", { cookie }))),
    )) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(response.headers.get("content-disposition")).toContain("tendly-earnings-2026-11-16-to-2026-11-22.csv");
    const csv = await response.text();
    const rows = csv.trimEnd().split("\r\n");
    expect(rows).toHaveLength(3);
    expect(rows[1]).toContain("2026-11-16");
    expect(rows[1]).toContain("80.00");
    expect(rows[2]).toContain("45.50");
    expect(csv).not.toContain("999.99");
    expect(csv).not.toContain("2026-11-23");

    // A range the wrong way round goes back to the page with the reason.
    const refused = (await settle(
      exportLoader(args(appRequest("/caregiver/earnings/export.csv?from=2026-11-22&to=2026-11-16", { cookie }))),
    )) as Response;
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toContain("/caregiver/earnings?exportError=order");

    // Someone who is not a caregiver gets no earnings.
    await expect(listCaregiverEarnings({ actor: admin })).rejects.toMatchObject({ code: "forbidden" });
    await settleEverything();
  });
});

describe("payout batches", () => {
  test("a batch takes every pending earning up to its date, one payout per caregiver, and is audited", async () => {
    await settleEverything();
    const ana = await newCaregiver("Ana");
    const ben = await newCaregiver("Ben");
    const a1 = await earning(ana.id, "2026-11-02", { amountCents: 8000 });
    const a2 = await earning(ana.id, "2026-11-09", { amountCents: 4001 });
    const late = await earning(ana.id, "2026-11-20", { amountCents: 5000 });
    const b1 = await earning(ben.id, "2026-11-10", { amountCents: 7000 });

    const pendingBefore = await listPendingEarnings({ actor: admin });
    expect(pendingBefore.find((row) => row.caregiverId === ana.id)).toMatchObject({
      earningCount: 3,
      totalCents: 17_001,
      oldestWorkedOn: "2026-11-02",
      newestWorkedOn: "2026-11-20",
    });

    const batch = await createPayoutBatch({ actor: admin, throughDate: "2026-11-15" });
    expect(batch).toMatchObject({ payoutCount: 2, totalCents: 19_001 });
    const rows = await setup.db.select().from(payouts).where(eq(payouts.batchId, batch.batchId));
    expect(rows.map((row) => [row.caregiverId, row.amountCents, row.status]).toSorted()).toEqual(
      [
        [ana.id, 12_001, "pending"],
        [ben.id, 7000, "pending"],
      ].toSorted(),
    );
    const anaPayout = rows.find((row) => row.caregiverId === ana.id)!;
    const after = new Map((await earningsOf([a1.id, a2.id, late.id, b1.id])).map((row) => [row.id, row]));
    expect(after.get(a1.id)).toMatchObject({ status: "in_payout", payoutId: anaPayout.id });
    expect(after.get(a2.id)).toMatchObject({ status: "in_payout", payoutId: anaPayout.id });
    expect(after.get(late.id)).toMatchObject({ status: "pending", payoutId: null });
    expect(after.get(b1.id)?.status).toBe("in_payout");

    const [listed] = (await listPayoutBatches({ actor: admin })).rows;
    expect(listed).toMatchObject({ id: batch.batchId, throughDate: "2026-11-15", totalCents: 19_001 });
    expect(listed!.payouts.find((payout) => payout.id === anaPayout.id)).toMatchObject({ earningCount: 2 });

    const audits = await auditOf("payout_batch_created");
    expect(audits.find((row) => row.metadata.batchId === batch.batchId)).toMatchObject({
      userId: admin.id,
      metadata: { throughDate: "2026-11-15", payoutCount: 2, totalCents: 19_001 },
    });

    // The caregiver sees them "in payout", still counted as not paid yet.
    const page = await getCaregiverEarnings({ actor: ana, now: new Date("2026-11-27T18:00:00Z") });
    expect(page.totals).toMatchObject({ unpaidCents: 17_001, inPayoutCents: 12_001 });

    // Submitted again: nothing left up to that date.
    await expect(createPayoutBatch({ actor: admin, throughDate: "2026-11-15" })).rejects.toMatchObject({
      code: "conflict",
    });
    await settleEverything();
  });

  test("batches created at the same time never put an earning in two payouts", async () => {
    await settleEverything();
    const carers = await Promise.all([newCaregiver("Cora"), newCaregiver("Dan"), newCaregiver("Eva")]);
    const made = [];
    for (const [index, carer] of carers.entries()) {
      for (const day of ["2026-10-05", "2026-10-12", "2026-10-19"])
        made.push(await earning(carer.id, day, { amountCents: 1000 * (index + 1) + Number(day.slice(-2)) }));
    }
    const attempts = await Promise.allSettled([
      createPayoutBatch({ actor: admin, throughDate: "2026-10-31" }),
      createPayoutBatch({ actor: admin, throughDate: "2026-10-31" }),
      createPayoutBatch({ actor: admin, throughDate: "2026-10-13" }),
      createPayoutBatch({ actor: admin, throughDate: "2026-10-31" }),
    ]);
    const created = attempts.filter((attempt) => attempt.status === "fulfilled");
    expect(created.length).toBeGreaterThanOrEqual(1);
    const refusals = attempts.flatMap((attempt) => (attempt.status === "rejected" ? [attempt.reason] : []));
    const codes = refusals.map((reason) => (reason as { code?: string }).code);
    expect(codes).toEqual(codes.map(() => "conflict"));

    const rows = await earningsOf(made.map((row) => row.id));
    expect(rows.every((row) => row.status === "in_payout" && row.payoutId)).toBe(true);
    const batchIds = created.map((attempt) => attempt.value.batchId);
    const payoutRows = await setup.db.select().from(payouts).where(inArray(payouts.batchId, batchIds));
    // Each payout is exactly the sum of its own earnings, and all payouts together are all the earnings once.
    for (const payout of payoutRows) {
      const own = rows.filter((row) => row.payoutId === payout.id);
      expect(payout.amountCents).toBe(own.reduce((sum, row) => sum + row.amountCents, 0));
    }
    expect(payoutRows.reduce((sum, row) => sum + row.amountCents, 0)).toBe(
      made.reduce((sum, row) => sum + row.amountCents, 0),
    );
    expect(created.reduce((sum, attempt) => sum + attempt.value.totalCents, 0)).toBe(
      made.reduce((sum, row) => sum + row.amountCents, 0),
    );
    await settleEverything();
  });
});

describe("paying and failing payouts", () => {
  test("marked paid: earnings paid, who and when kept, audited, the caregiver told in their language", async () => {
    await settleEverything();
    const fatima = await newCaregiver("Fatima");
    await setLocale(fatima.id, "es");
    const e1 = await earning(fatima.id, "2026-11-03", { amountCents: 8000 });
    const e2 = await earning(fatima.id, "2026-11-04", { amountCents: 4550 });
    const { batchId } = await createPayoutBatch({ actor: admin, throughDate: "2026-11-08" });
    const [payout] = await setup.db.select().from(payouts).where(eq(payouts.batchId, batchId));
    const transfersBefore = stripe.requests.filter((request) => request.path === "/v1/transfers").length;

    const paidAt = new Date("2026-11-27T15:00:00Z");
    const result = await markPayoutPaid({ actor: admin, payoutId: payout!.id, now: paidAt });
    // No connected account: paid by other means, no transfer.
    expect(result.stripeTransferId).toBeNull();
    expect(stripe.requests.filter((request) => request.path === "/v1/transfers")).toHaveLength(transfersBefore);
    const [paid] = await setup.db.select().from(payouts).where(eq(payouts.id, payout!.id));
    expect(paid).toMatchObject({ status: "paid", paidBy: admin.id, paidAt });
    expect((await earningsOf([e1.id, e2.id])).map((row) => row.status)).toEqual(["paid", "paid"]);

    const audits = await auditOf("payout_paid");
    expect(audits.find((row) => row.metadata.payoutId === payout!.id)).toMatchObject({
      userId: admin.id,
      metadata: { amountCents: 12_550, caregiverId: fatima.id },
    });
    // Her offer of the booking is there too; the payment one is in Spanish, her language.
    const notice = (await notificationsOf(fatima.id)).find((row) => row.type === "payment");
    expect(notice).toMatchObject({ type: "payment", title: "Pago enviado", actionUrl: "/caregiver/earnings" });
    expect(notice!.message).toContain("$125.50");

    const page = await getCaregiverEarnings({ actor: fatima, now: paidAt });
    expect(page.totals).toMatchObject({ unpaidCents: 0, paidThisMonthCents: 12_550, paidThisYearCents: 12_550 });
    expect(
      page.weeks[0]!.lines.every(
        (line) => line.status === "paid" && line.paidOn === localDateIn("America/Chicago", paidAt),
      ),
    ).toBe(true);

    await expect(markPayoutPaid({ actor: admin, payoutId: payout!.id })).rejects.toMatchObject({ code: "conflict" });
    await expect(
      markPayoutFailed({ actor: admin, payoutId: payout!.id, reason: "Bank said no" }),
    ).rejects.toMatchObject({ code: "conflict" });
  });

  test("with a connected account, paying makes one Stripe transfer keyed by the payout", async () => {
    await settleEverything();
    const gia = await newCaregiver("Gia");
    // Onboarding finished (tests/integration/connect-payouts.test.ts goes through it).
    await setup.db
      .insert(stripeAccounts)
      .values({ userId: gia.id, connectedAccountId: `acct_${gia.id.slice(0, 8)}`, connectPayoutsEnabled: true });
    await earning(gia.id, "2026-11-05", { amountCents: 9100 });
    const { batchId } = await createPayoutBatch({ actor: admin, throughDate: "2026-11-08" });
    const [payout] = await setup.db.select().from(payouts).where(eq(payouts.batchId, batchId));

    const result = await markBatchPaid({ actor: admin, batchId });
    expect(result).toEqual({ paidCount: 1, failures: [] });
    const transfers = stripe.requests.filter((request) => request.path === "/v1/transfers");
    const mine = transfers.filter((request) => request.idempotencyKey === payout!.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.body).toMatchObject({
      amount: "9100",
      currency: "usd",
      destination: `acct_${gia.id.slice(0, 8)}`,
    });
    const [paid] = await setup.db.select().from(payouts).where(eq(payouts.id, payout!.id));
    expect(paid!.status).toBe("paid");
    expect(paid!.stripeTransferId).toMatch(/^tr_/);
    await expect(markBatchPaid({ actor: admin, batchId })).rejects.toMatchObject({ code: "conflict" });
  });

  test("marked failed with a reason: earnings pending again, in the next batch; audited", async () => {
    await settleEverything();
    const hugo = await newCaregiver("Hugo");
    const e1 = await earning(hugo.id, "2026-11-03", { amountCents: 5000 });
    const { batchId } = await createPayoutBatch({ actor: admin, throughDate: "2026-11-08" });
    const [payout] = await setup.db.select().from(payouts).where(eq(payouts.batchId, batchId));

    await expect(markPayoutFailed({ actor: admin, payoutId: payout!.id, reason: " " })).rejects.toMatchObject({
      code: "invalid",
    });
    await markPayoutFailed({ actor: admin, payoutId: payout!.id, reason: "Account closed" });
    const [failed] = await setup.db.select().from(payouts).where(eq(payouts.id, payout!.id));
    expect(failed).toMatchObject({ status: "failed", failureReason: "Account closed", paidAt: null });
    expect((await earningsOf([e1.id]))[0]).toMatchObject({ status: "pending", payoutId: null });
    const audits = await auditOf("payout_failed");
    expect(audits.find((row) => row.metadata.payoutId === payout!.id)).toMatchObject({
      userId: admin.id,
      metadata: { reason: "Account closed", earningCount: 1 },
    });
    await expect(markPayoutPaid({ actor: admin, payoutId: payout!.id })).rejects.toMatchObject({ code: "conflict" });

    const again = await createPayoutBatch({ actor: admin, throughDate: "2026-11-08" });
    expect(again).toMatchObject({ payoutCount: 1, totalCents: 5000 });
    expect((await earningsOf([e1.id]))[0]!.status).toBe("in_payout");
    await settleEverything();
  });
});

describe("only admins", () => {
  test("a caregiver may not create, list, pay or fail payouts, by function or by the page", async () => {
    await settleEverything();
    const ivan = await newCaregiver("Ivan");
    const own = await earning(ivan.id, "2026-11-03");
    const { batchId } = await createPayoutBatch({ actor: admin, throughDate: "2026-11-08" });
    const [payout] = await setup.db.select().from(payouts).where(eq(payouts.batchId, batchId));

    const forbidden = { code: "forbidden" };
    await expect(createPayoutBatch({ actor: ivan, throughDate: "2026-11-30" })).rejects.toMatchObject(forbidden);
    await expect(listPendingEarnings({ actor: ivan })).rejects.toMatchObject(forbidden);
    await expect(listPayoutBatches({ actor: ivan })).rejects.toMatchObject(forbidden);
    await expect(markPayoutPaid({ actor: ivan, payoutId: payout!.id })).rejects.toMatchObject(forbidden);
    await expect(markBatchPaid({ actor: ivan, batchId })).rejects.toMatchObject(forbidden);
    await expect(markPayoutFailed({ actor: ivan, payoutId: payout!.id, reason: "Mine now" })).rejects.toMatchObject(
      forbidden,
    );

    // Through the page, signed in as the caregiver: sent home, nothing changed.
    const cookie = await cookieOf(ivan);
    const page = (await settle(payoutsLoader(args(appRequest("/admin/payouts", { cookie }))))) as Response;
    expect(page.status).toBe(302);
    const post = (await settle(
      payoutsAction(args(formRequest("/admin/payouts", { intent: "mark-paid", payoutId: payout!.id }, cookie))),
    )) as Response;
    expect(post.status).toBe(302);
    const [still] = await setup.db.select().from(payouts).where(eq(payouts.id, payout!.id));
    expect(still!.status).toBe("pending");
    expect((await earningsOf([own.id]))[0]!.status).toBe("in_payout");
    const batches = await setup.db.select().from(payoutBatches).where(eq(payoutBatches.createdBy, ivan.id));
    expect(batches).toEqual([]);
  });
});
