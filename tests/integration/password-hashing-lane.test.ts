import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, test } from "vitest";
import { CLIENT_IP_HEADER, getAuth } from "~/platform/auth/auth.server";
import { auditEvents, signInAttempts, userProfiles } from "~/platform/db/schema";
import { createClient } from "~/platform/db/seed/factories.server";
import { resetPassword } from "~/features/accounts/password-reset.server";
import type { SignInActionData } from "~/features/accounts/sign-in";
import { action as registerAction } from "~/routes/auth/register";
import { signInPageAction } from "~/routes/auth/login-desktop.server";
import { passwordCheckLane, passwordHashLane } from "~/utils/password.server";
import { SAMPLE_REGISTRATION } from "../fixtures/registration";
import { appRequest, nextClientAddress, settle } from "./accounts-helpers";
import { useAuthTestSetup } from "./auth-env";

// The password hashing lane (docs/decisions/0018-password-hashing-lane.md) with
// one slot and no queue: while the slot is held, every sign-in, registration
// and reset is told to try again in a moment, and nothing is counted against
// the person; once it is free, they work as before.
const setup = useAuthTestSetup({ env: () => ({ PASSWORD_HASH_CONCURRENCY: "1", PASSWORD_HASH_QUEUE: "0" }) });

const PASSWORD = "Right-Horse-42";

let releaseSlot: (() => void) | undefined;

/** Takes the lane's only slot until released, as a hash in progress would. */
function holdTheSlot() {
  const held = new Promise<void>((resolve) => (releaseSlot = resolve));
  void passwordHashLane().run(() => held);
}

afterEach(() => releaseSlot?.());

type ActionAnswer = { data: Record<string, unknown>; init: { status?: number; headers?: HeadersInit } | null };

function postSignIn(email: string, password: string, address = nextClientAddress()) {
  const request = appRequest("/login/desktop", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", [CLIENT_IP_HEADER]: address },
    body: new URLSearchParams({ email, password }).toString(),
  });
  return signInPageAction(request, "desktop");
}

async function failedSignIns(email: string) {
  const attempts = await setup.db.select().from(signInAttempts).where(eq(signInAttempts.email, email));
  const events = await setup.db.select().from(auditEvents).where(eq(auditEvents.eventType, "failed_login_attempt"));
  return { attempts, events: events.filter((event) => event.metadata.email === email) };
}

describe("a full password hashing queue", () => {
  test("a sign-in answers 503 with Retry-After and the 'try again in a moment' error, and counts nothing", async () => {
    const user = await createClient(setup.db, { password: PASSWORD });
    holdTheSlot();
    const answer = (await postSignIn(user.email, PASSWORD)) as unknown as ActionAnswer;
    expect(answer.init?.status).toBe(503);
    expect(new Headers(answer.init?.headers).get("Retry-After")).toBe("5");
    expect(answer.data as SignInActionData).toMatchObject({ step: "password", error: "busy" });
    expect(await failedSignIns(user.email)).toEqual({ attempts: [], events: [] });

    // Once the slot is free, the same sign-in goes through.
    releaseSlot?.();
    const response = (await postSignIn(user.email, PASSWORD)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("better-auth.session_token="))).toBe(
      true,
    );
  });

  test("sign-in steps go through a lane of their own, one wider than hashing: when it is full, the next is told to wait", async () => {
    const user = await createClient(setup.db, { password: PASSWORD });
    expect(passwordCheckLane().concurrency).toBe(passwordHashLane().concurrency + 1);
    const releases: (() => void)[] = [];
    for (let slot = 0; slot < passwordCheckLane().concurrency; slot += 1)
      void passwordCheckLane().run(() => new Promise<void>((resolve) => releases.push(resolve)));
    try {
      const answer = (await postSignIn(user.email, PASSWORD)) as unknown as ActionAnswer;
      expect(answer.init?.status).toBe(503);
      expect(answer.data as SignInActionData).toMatchObject({ step: "password", error: "busy" });
      expect(await failedSignIns(user.email)).toEqual({ attempts: [], events: [] });
    } finally {
      for (const release of releases) release();
    }
    await expect.poll(() => passwordCheckLane().active).toBe(0);
    expect(((await postSignIn(user.email, PASSWORD)) as Response).status).toBe(302);
  });

  test("a wrong password is still a wrong password when the lane has room", async () => {
    const user = await createClient(setup.db, { password: PASSWORD });
    const answer = (await postSignIn(user.email, "Wrong-Horse-42")) as unknown as ActionAnswer;
    expect(answer.init?.status).toBe(401);
    expect(answer.data.error).toBe("invalid");
  });

  test("a registration answers 503 with Retry-After and its toast; no account is made", async () => {
    holdTheSlot();
    const email = `busy-${randomBytes(4).toString("hex")}@example.test`;
    const body = new FormData();
    for (const [name, value] of Object.entries({ ...SAMPLE_REGISTRATION, email })) body.set(name, value);
    const request = appRequest("/register", { method: "POST", body });
    const answer = (await settle(
      registerAction({ request, params: {}, context: undefined as never } as unknown as Parameters<
        typeof registerAction
      >[0]),
    )) as unknown as ActionAnswer;
    expect(answer.init?.status).toBe(503);
    expect(new Headers(answer.init?.headers).get("Retry-After")).toBe("5");
    expect(answer.data.toast).toEqual({
      title: "One moment, please",
      description: "Lots of people are signing up right now. Please try again in a moment.",
    });
    expect(await setup.db.select().from(userProfiles).where(eq(userProfiles.email, email))).toEqual([]);
  });

  test("a password reset answers busy and leaves the link usable", async () => {
    const user = await createClient(setup.db, { password: PASSWORD });
    const token = randomBytes(16).toString("hex");
    const context = await getAuth().$context;
    await context.internalAdapter.createVerificationValue({
      identifier: `reset-password:${token}`,
      value: user.id,
      expiresAt: new Date(Date.now() + 60 * 60_000),
    });
    const request = appRequest("/reset-password", { method: "POST" });
    holdTheSlot();
    expect(await resetPassword({ token, newPassword: "New-Horse-43", request })).toEqual({ status: "busy" });
    releaseSlot?.();
    expect(await resetPassword({ token, newPassword: "New-Horse-43", request })).toEqual({ status: "updated" });
  });
});
