import { randomUUID } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { onceForKey, pruneIdempotencyKeys } from "~/platform/db/idempotency.server";
import {
  caregiverApplicationDrafts,
  idempotencyKeys,
  jobs,
  orders,
  supportTickets,
  userProfiles,
} from "~/platform/db/schema";
import type { Applicant } from "~/features/caregiver-onboarding/applicant.server";
import { submitApplication } from "~/features/caregiver-onboarding/application.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { submitContactMessage } from "~/features/support/contact.server";
import { SUPPORT_RATE_LIMIT } from "~/features/support/support.schema";
import { action as contactAction } from "~/routes/public/contact";
import { IDEMPOTENCY_MESSAGES } from "~/utils/idempotency";
import { messageText } from "~/i18n/i18n.server";
import { action as reviewSubmitAction } from "~/routes/request/review-submit";
import { action as applicationReviewAction } from "~/routes/caregiver-onboarding/review";
import { applicantCookieFor } from "~/platform/auth/application-cookie.server";
import { createClient } from "~/platform/db/seed/factories.server";
import { appRequest, settle, signInCookie } from "./accounts-helpers";
import { useAuthTestSetup } from "./auth-env";
import { careRequestInput, clientActor, oneTimeRequest, upcomingMonday } from "./care-loop-helpers";
import { apply, completeAllSteps } from "./caregiver-onboarding-helpers";

// A submission that creates something, sent twice or five times with one
// idempotency key (a double click, a retry after a lost answer), creates one
// thing and queues one email; the repeats answer as the first did
// (docs/decisions/0019-idempotency-keys.md).

const setup = useAuthTestSetup();

/** Emails queued to `to` (jobs named email.send). */
async function emailsTo(to: string): Promise<number> {
  const [row] = await setup.db
    .select({ n: count() })
    .from(jobs)
    .where(and(eq(jobs.name, "email.send"), sql`${jobs.payload}->>'to' = ${to}`));
  return row?.n ?? 0;
}

async function ordersOf(clientId: string): Promise<number> {
  const [row] = await setup.db.select({ n: count() }).from(orders).where(eq(orders.clientId, clientId));
  return row?.n ?? 0;
}

async function ticketsFrom(email: string): Promise<number> {
  const [row] = await setup.db.select({ n: count() }).from(supportTickets).where(eq(supportTickets.email, email));
  return row?.n ?? 0;
}

const times = <T>(n: number, make: () => Promise<T>) => Promise.all(Array.from({ length: n }, make));

let contactCounter = 0;
function contactInput() {
  contactCounter += 1;
  return {
    name: "Dana Hill",
    email: `contact-${Date.now().toString(36)}-${contactCounter}@example.test`,
    topic: "general",
    message: "Do you have caregivers who speak Polish?",
  } as const;
}

/** Every step of an application done, the email verified: ready to submit. */
async function readyApplicant(): Promise<Applicant> {
  const applicant = { ...(await apply()), emailVerified: true };
  await completeAllSteps(applicant);
  return applicant;
}

function formPost(path: string, fields: Record<string, string>, cookie?: string) {
  return appRequest(path, {
    method: "POST",
    cookie,
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}

describe("the care request", () => {
  test.each([2, 5])("%i parallel submissions with one key make one order and one email", async (n) => {
    const client = await clientActor(setup.db);
    const key = randomUUID();
    const results = await times(n, () =>
      submitCareRequest({ actor: client, request: careRequestInput(), idempotencyKey: key }),
    );
    expect(await ordersOf(client.id)).toBe(1);
    expect(await emailsTo(client.email)).toBe(1);
    // Every answer names the one order, as the first did.
    expect(new Set(results.map((result) => result.orderId)).size).toBe(1);
    expect(new Set(results.map((result) => result.orderNumber)).size).toBe(1);
  });

  test("a later repeat answers like the first, even once the start has passed; a new key makes a second order", async () => {
    const client = await clientActor(setup.db);
    const key = randomUUID();
    const request = oneTimeRequest(upcomingMonday());
    const first = await submitCareRequest({ actor: client, request, idempotencyKey: key });
    // The same form sent a week after the visit's day: the order it made, not a refusal.
    const later = new Date(Date.parse(`${upcomingMonday()}T12:00:00Z`) + 7 * 24 * 60 * 60 * 1000);
    const repeat = await submitCareRequest({ actor: client, request, idempotencyKey: key, now: later });
    expect(repeat).toEqual(first);
    expect(await ordersOf(client.id)).toBe(1);

    const second = await submitCareRequest({ actor: client, request, idempotencyKey: randomUUID() });
    expect(second.orderId).not.toBe(first.orderId);
    expect(await ordersOf(client.id)).toBe(2);
    expect(await emailsTo(client.email)).toBe(2);
  });

  test("a submission that fails leaves its key free: the retry with it creates the order", async () => {
    const client = await clientActor(setup.db);
    const key = randomUUID();
    await expect(
      submitCareRequest({ actor: client, request: careRequestInput({ zipCode: "00000" }), idempotencyKey: key }),
    ).rejects.toMatchObject({ code: "invalid" });
    expect(await ordersOf(client.id)).toBe(0);
    const retried = await submitCareRequest({ actor: client, request: careRequestInput(), idempotencyKey: key });
    expect(retried.orderNumber).toMatch(/^TN-/);
    expect(await ordersOf(client.id)).toBe(1);
  });

  test("one family's key does not replay another family's order", async () => {
    const [first, second] = [await clientActor(setup.db), await clientActor(setup.db)];
    const key = randomUUID();
    await submitCareRequest({ actor: first, request: careRequestInput(), idempotencyKey: key });
    await expect(
      submitCareRequest({ actor: second, request: careRequestInput(), idempotencyKey: key }),
    ).rejects.toMatchObject({ code: "conflict", reason: "foreign-key" });
    expect(await ordersOf(second.id)).toBe(0);
  });

  test("through the page: a post without a key is refused (400); two posts of one form make one order", async () => {
    const password = "Correct-Horse-Battery-9";
    const client = await createClient(setup.db, { password });
    const cookie = await signInCookie(client.email, password);
    const post = (fields: Record<string, string>) =>
      settle(
        reviewSubmitAction({
          request: formPost(
            "/request/review-submit",
            { intent: "submit", request: JSON.stringify(careRequestInput()), ...fields },
            cookie,
          ),
          params: {},
          context: undefined,
        } as never),
      );
    expect(await post({})).toMatchObject({
      init: { status: 400 },
      data: { intent: "submit", error: expect.stringMatching(/reload/) },
    });
    expect(await ordersOf(client.id)).toBe(0);
    const key = randomUUID();
    const [first, second] = await Promise.all([post({ idempotencyKey: key }), post({ idempotencyKey: key })]);
    expect(first).toMatchObject({ data: { intent: "submit", submitted: { orderNumber: expect.any(String) } } });
    expect(second).toEqual(first);
    expect(await ordersOf(client.id)).toBe(1);
    expect(await emailsTo(client.email)).toBe(1);
  });
});

describe("the contact form", () => {
  test.each([2, 5])("%i parallel messages with one key make one ticket and one email", async (n) => {
    const input = contactInput();
    const key = randomUUID();
    const results = await times(n, () => submitContactMessage({ input, ipAddress: null, idempotencyKey: key }));
    expect(await ticketsFrom(input.email)).toBe(1);
    expect(await emailsTo(input.email)).toBe(1);
    expect(new Set(results.map((result) => (result.status === "sent" ? result.ticketId : "limited")))).toEqual(
      new Set([results[0]!.status === "sent" ? results[0]!.ticketId : "none"]),
    );
  });

  test("through the page: five posts of one form make one ticket; all answer sent; a new key makes a second", async () => {
    const input = contactInput();
    const key = randomUUID();
    const post = (idempotencyKey: string) =>
      settle(
        contactAction({
          request: formPost("/contact", { ...input, idempotencyKey }),
          params: {},
          context: undefined,
        } as never),
      );
    const answers = await times(5, () => post(key));
    for (const answer of answers) expect(answer).toEqual({ status: "sent", email: input.email });
    expect(await ticketsFrom(input.email)).toBe(1);
    expect(await post(randomUUID())).toEqual({ status: "sent", email: input.email });
    expect(await ticketsFrom(input.email)).toBe(2);
    // One confirmation a day per address (the rule of contact.server.ts): still one email.
    expect(await emailsTo(input.email)).toBe(1);
  });

  test("a post without a key is refused with 400 and keeps what was typed", async () => {
    const input = contactInput();
    const answer = await settle(
      contactAction({ request: formPost("/contact", input), params: {}, context: undefined } as never),
    );
    expect(answer).toMatchObject({
      init: { status: 400 },
      data: {
        status: "invalid",
        // The whole form's error, a key the page words ("…reload…"), and what was typed.
        result: { initialValue: { email: input.email }, error: { "": [IDEMPOTENCY_MESSAGES.missing] } },
      },
    });
    expect(messageText("en", { key: IDEMPOTENCY_MESSAGES.missing })).toMatch(/reload/);
    expect(await ticketsFrom(input.email)).toBe(0);
  });

  test("a limited message leaves its key free, and another address cannot use a key", async () => {
    const input = contactInput();
    const key = randomUUID();
    // The address has used its hour: limited, nothing stored, the key kept free.
    for (let i = 0; i < SUPPORT_RATE_LIMIT.perEmailPerHour; i++) {
      await submitContactMessage({ input, ipAddress: null, idempotencyKey: randomUUID() });
    }
    expect(await submitContactMessage({ input, ipAddress: null, idempotencyKey: key })).toEqual({ status: "limited" });
    expect(await setup.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
    const other = contactInput();
    await submitContactMessage({ input: other, ipAddress: null, idempotencyKey: key });
    await expect(
      submitContactMessage({ input: contactInput(), ipAddress: null, idempotencyKey: key }),
    ).rejects.toMatchObject({ code: "conflict" });
  });
});

describe("the caregiver application", () => {
  test.each([2, 5])("%i parallel submissions with one key submit once and queue one email", async (n) => {
    const applicant = await readyApplicant();
    const key = randomUUID();
    const results = await times(n, () =>
      submitApplication(applicant, appRequest("/register/caregiver/review"), { idempotencyKey: key }),
    );
    for (const result of results) expect(result).toEqual({ status: "submitted" });
    const drafts = await setup.db
      .select({ submittedAt: caregiverApplicationDrafts.submittedAt })
      .from(caregiverApplicationDrafts)
      .where(eq(caregiverApplicationDrafts.userId, applicant.userId));
    expect(drafts).toHaveLength(1);
    expect(drafts[0]?.submittedAt).toBeInstanceOf(Date);
    expect(await emailsTo(applicant.email)).toBe(
      // The verification email of step 1, and one confirmation.
      2,
    );
    const [stored] = await setup.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(stored).toMatchObject({ scope: "caregiver-application", owner: applicant.userId });
  });

  test("through the page: a post without a key is refused (400); with one, the confirmation", async () => {
    const applicant = await readyApplicant();
    await setup.db.update(userProfiles).set({ emailVerified: true }).where(eq(userProfiles.id, applicant.userId));
    const cookie = (await applicantCookieFor(applicant.userId)).split(";")[0]!;
    const post = (fields: Record<string, string>) =>
      settle(
        applicationReviewAction({
          request: formPost("/register/caregiver/review", { intent: "submit", ...fields }, cookie),
          params: {},
          context: undefined,
        } as never),
      );
    expect(await post({})).toMatchObject({ init: { status: 400 }, data: { tone: "error" } });
    const [draft] = await setup.db
      .select({ submittedAt: caregiverApplicationDrafts.submittedAt })
      .from(caregiverApplicationDrafts)
      .where(eq(caregiverApplicationDrafts.userId, applicant.userId));
    expect(draft?.submittedAt).toBeNull();
    const key = randomUUID();
    const answers = await Promise.all([post({ idempotencyKey: key }), post({ idempotencyKey: key })]);
    // At the same moment, and later (a retry after a lost answer, once the application has gone in).
    answers.push(await post({ idempotencyKey: key }));
    for (const answer of answers) {
      expect(answer).toBeInstanceOf(Response);
      expect((answer as Response).headers.get("location")).toMatch(/^\/register\/caregiver\/confirmation/);
    }
    expect(await emailsTo(applicant.email)).toBe(2);
    // Another key is not a repeat: the application has gone in, so the page's guard answers.
    const other = await post({ idempotencyKey: randomUUID() });
    expect((other as Response).headers.get("location")).toBe("/register/caregiver/personal-info");
  });
});

describe("the mechanism", () => {
  test("a key older than a day is pruned; a fresh one stays", async () => {
    const old = randomUUID();
    const fresh = randomUUID();
    await onceForKey({ scope: "test", key: old, owner: "a" }, async () => "one");
    await onceForKey({ scope: "test", key: fresh, owner: "a" }, async () => "two");
    await setup.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(idempotencyKeys.key, old));
    expect(await pruneIdempotencyKeys(setup.db)).toBe(1);
    const left = await setup.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys);
    expect(left.map((row) => row.key)).toContain(fresh);
    expect(left.map((row) => row.key)).not.toContain(old);
    // Pruned, the key is new again.
    expect(await onceForKey({ scope: "test", key: old, owner: "a" }, async () => "three")).toEqual({
      value: "three",
      isReplay: false,
    });
  });

  test("a repeat waits for the first to roll back, then creates", async () => {
    const key = randomUUID();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let claimed!: (backendPid: number) => void;
    const firstBackend = new Promise<number>((resolve) => (claimed = resolve));
    const first = onceForKey({ scope: "test", key, owner: "a" }, async (tx) => {
      // `create` runs once the key is claimed, in the transaction that holds it.
      const { rows } = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
      claimed(rows[0]!.pid);
      await held;
      throw new Error("the first fails");
    });
    const firstPid = await firstBackend;
    const second = onceForKey({ scope: "test", key, owner: "a" }, async () => "second");
    try {
      // The first rolls back only once the second is waiting for it: blocked
      // (on the key's row) by the first's transaction.
      await vi.waitFor(
        async () => {
          const { rows } = await setup.db.execute<{ n: number }>(sql`
            select count(*)::int as n from pg_stat_activity where ${firstPid}::int = any(pg_blocking_pids(pid))
          `);
          expect(rows[0]?.n, "the second blocked by the first").toBe(1);
        },
        { timeout: 10_000, interval: 20 },
      );
    } finally {
      release();
    }
    await expect(first).rejects.toThrow("the first fails");
    expect(await second).toEqual({ value: "second", isReplay: false });
  });
});
