import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { CLIENT_IP_HEADER, getAuth } from "~/platform/auth/auth.server";
import {
  PENDING_VERIFICATION_COOKIE,
  pendingVerificationCookie,
  readPendingVerification,
  startVerificationCookie,
} from "~/platform/auth/pending-verification.server";
import { getCurrentUser } from "~/platform/auth/session.server";
import { auditEvents, clientProfiles, emailSends, signUpAttempts, userProfiles, userRoles } from "~/platform/db/schema";
import { createUser } from "~/platform/db/seed/factories.server";
import { DEMO_ACCOUNTS, seedDemoData } from "~/platform/db/seed/seed.server";
import { RegistrationSchema, type Registration } from "~/features/accounts/accounts.schema";
import { resendVerificationEmail, verifyEmailToken } from "~/features/accounts/email-verification.server";
import { registerClient } from "~/features/accounts/registration.server";
import { REGISTRATION_LIMITS, REGISTRATION_TOASTS } from "~/features/accounts/registration-rules";
import { toastText } from "~/i18n/i18n.server";
import { action as registerAction } from "~/routes/auth/register";
import { SAMPLE_REGISTRATION } from "../fixtures/registration";
import { appRequest, nextClientAddress as nextAddress, settle, signInCookie } from "./accounts-helpers";
import { useAuthTestSetup } from "./auth-env";
import { deliveredOutbox } from "./emails";

const setup = useAuthTestSetup();
beforeAll(() => seedDemoData(setup.db));

let counter = 0;
function unique(prefix: string) {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}`;
}

/** A POST from a client address of its own, unless `address` is given (sign-ups are limited per address). */
function formRequest(address?: string, cookie?: string) {
  return appRequest("/register", { method: "POST", cookie, headers: address ? { [CLIENT_IP_HEADER]: address } : {} });
}

function registration(overrides: Partial<Record<keyof Registration, unknown>> = {}): Registration {
  return RegistrationSchema.parse({
    ...SAMPLE_REGISTRATION,
    email: `${unique("nia")}@example.test`,
    marketingConsent: "on",
    ...overrides,
  });
}

async function outboxFor(email: string) {
  return (await deliveredOutbox()).filter((entry) => entry.to === email);
}

function tokenFrom(text: string): string {
  const link = text.match(/https?:\/\/\S+\/verify-email\?token=\S+/)?.[0];
  expect(link, "verification link in the email").toBeDefined();
  expect(link!.startsWith(`${setup.env.appUrl}/verify-email?token=`)).toBe(true);
  return new URL(link!).searchParams.get("token")!;
}

async function userByEmail(email: string) {
  const [user] = await setup.db.select().from(userProfiles).where(eq(userProfiles.email, email));
  return user;
}

describe("registerClient", () => {
  test("creates the user, client profile and role, emails one verification link and signs nobody in", async () => {
    const input = registration({ email: `${unique("Mixed.Case")}@Example.test` });
    const request = formRequest("10.31.0.1");
    const outcome = await registerClient({ registration: input, request });
    expect(outcome).toMatchObject({ status: "registered", email: input.email });
    expect(input.email).toBe(input.email.toLowerCase());

    const user = await userByEmail(input.email);
    expect(user).toMatchObject({ name: "Nia Okafor", emailVerified: false, role: "client" });
    const [profile] = await setup.db.select().from(clientProfiles).where(eq(clientProfiles.userId, user!.id));
    expect(profile).toMatchObject({
      firstName: "Nia",
      lastName: "Okafor",
      phoneNumber: "(312) 555-0142",
      streetAddress: "200 Lake Shore Drive",
      city: "Chicago",
      state: "IL",
      zipCode: "60611",
      marketingConsent: true,
    });
    const roles = await setup.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, user!.id));
    expect(roles).toEqual([{ role: "client" }]);

    const emails = await outboxFor(input.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe("Confirm your email for Tendly");
    tokenFrom(emails[0]!.text);

    const sends = await setup.db.select().from(emailSends).where(eq(emailSends.email, input.email));
    expect(sends).toMatchObject([{ kind: "verification", ipAddress: "10.31.0.1" }]);
    const events = await setup.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.userId, user!.id), eq(auditEvents.eventType, "account_registered")));
    expect(events).toMatchObject([{ ipAddress: "10.31.0.1", metadata: { role: "client", marketingConsent: true } }]);
    expect(JSON.stringify(events)).not.toContain(input.password);
  });

  test("refuses while the address's verification email cooldown runs, before anything else", async () => {
    const input = registration();
    expect((await registerClient({ registration: input, request: formRequest() })).status).toBe("registered");
    const again = await registerClient({ registration: input, request: formRequest() });
    expect(again).toMatchObject({ status: "rate-limited", message: REGISTRATION_LIMITS.cooldown });
    const wait = (again as { retryAt: Date }).retryAt.getTime() - Date.now();
    expect(wait).toBeGreaterThan(50_000);
    expect(wait).toBeLessThanOrEqual(60_000);
    expect(await outboxFor(input.email)).toHaveLength(1);
  });

  test("refuses demo addresses", async () => {
    for (const account of DEMO_ACCOUNTS) {
      const outcome = await registerClient({
        registration: registration({ email: account.email }),
        request: formRequest(),
      });
      expect(outcome).toEqual({ status: "refused", toast: REGISTRATION_TOASTS.demoAccount });
    }
    const fresh = registration({ email: `${unique("someone")}@demo.tendly.test` });
    expect(await registerClient({ registration: fresh, request: formRequest() })).toMatchObject({
      toast: REGISTRATION_TOASTS.demoAccount,
    });
    expect(await userByEmail(fresh.email)).toBeUndefined();
  });

  test("refuses an address that already has an account, whatever its case", async () => {
    const existing = await createUser(setup.db, { email: `${unique("existing")}@example.test` });
    const outcome = await registerClient({
      registration: registration({ email: existing.email.toUpperCase() }),
      request: formRequest(),
    });
    expect(outcome).toEqual({ status: "refused", toast: REGISTRATION_TOASTS.accountExists });
    // Its words, in English and Spanish: app/i18n/messages.test.ts.
    expect(await outboxFor(existing.email)).toHaveLength(0);
  });

  test("allows SIGN_UPS_PER_ADDRESS_PER_HOUR sign-ups per client address an hour, then refuses with the rate-limit alert", async () => {
    const address = "10.32.0.7";
    // One sign-up for real (it records the attempt the limit counts), the rest earlier in the hour.
    expect((await registerClient({ registration: registration(), request: formRequest(address) })).status).toBe(
      "registered",
    );
    await seedAttempts({ ipAddress: address, minutesAgo: minutesWithinTheHour(perAddress() - 1) });
    const refusedInput = registration();
    const sixth = await registerClient({ registration: refusedInput, request: formRequest(address) });
    expect(sixth).toMatchObject({ status: "rate-limited", message: REGISTRATION_LIMITS.tooManySignUps });
    const wait = (sixth as { retryAt: Date }).retryAt.getTime() - Date.now();
    expect(Math.round(wait / 1000)).toBeGreaterThanOrEqual(299);
    expect(await userByEmail(refusedInput.email)).toBeUndefined();
    expect(await outboxFor(refusedInput.email)).toHaveLength(0);

    // Another address is not affected; an hour later this one is free again.
    expect((await registerClient({ registration: registration(), request: formRequest("10.32.0.8") })).status).toBe(
      "registered",
    );
    const later = new Date(Date.now() + 61 * 60 * 1000);
    expect(
      (await registerClient({ registration: registration(), request: formRequest(address), now: later })).status,
    ).toBe("registered");
  });

  test("removes the new user when the client profile cannot be stored", async () => {
    // Make the profile insert fail for this test's registrant only.
    await setup.db.$client.query(`
      create or replace function refuse_broken_profile() returns trigger language plpgsql as $$
      begin
        if new.first_name = 'Broken' then raise exception 'profile store failed'; end if;
        return new;
      end $$;
      create trigger refuse_broken_profile before insert on client_profiles
        for each row execute function refuse_broken_profile();
    `);
    const registered = () => setup.db.select().from(auditEvents).where(eq(auditEvents.eventType, "account_registered"));
    const eventsBefore = (await registered()).length;
    const input = registration({ firstName: "Broken" });
    const outcome = await registerClient({ registration: input, request: formRequest() });
    expect(outcome).toEqual({ status: "refused", toast: REGISTRATION_TOASTS.noUser });
    expect(toastText("en", REGISTRATION_TOASTS.noUser).description).toBe(
      "Registration failed. Please try again later.",
    );
    expect(await userByEmail(input.email)).toBeUndefined();
    const leftovers = await setup.db.$client.query(
      "select (select count(*) from client_profiles where first_name = 'Broken') as profiles, (select count(*) from accounts a left join user_profiles u on u.id = a.user_id where u.id is null) as orphans",
    );
    expect(leftovers.rows[0]).toEqual({ profiles: "0", orphans: "0" });
    // Nor a verification email for an account that does not exist.
    const emails = await setup.db.$client.query(
      "select 1 from jobs where name = 'email.send' and payload->>'to' = $1",
      [input.email],
    );
    expect(emails.rowCount).toBe(0);
    expect((await registered()).length).toBe(eventsBefore);
    // The next registrant is not affected.
    expect((await registerClient({ registration: registration(), request: formRequest() })).status).toBe("registered");
  });
});

/** Runs the /register page's action as a browser's POST from `address` would. */
async function registerThroughPage(email: string, address: string) {
  const body = new FormData();
  for (const [name, value] of Object.entries({ ...SAMPLE_REGISTRATION, email })) body.set(name, value);
  const request = appRequest("/register", { method: "POST", body, headers: { [CLIENT_IP_HEADER]: address } });
  const answer = (await settle(
    registerAction({ request, params: {}, context: undefined as never } as unknown as Parameters<
      typeof registerAction
    >[0]),
  )) as { data?: Record<string, unknown>; init?: ResponseInit } | Response;
  if (answer instanceof Response) return { status: answer.status, body: answer.headers.get("location") };
  const data = { ...answer.data };
  // The address and the countdown's end differ by nature; the rest must not.
  if (data.rateLimited) data.rateLimited = { ...(data.rateLimited as object), email: "-", cooldownEndsAt: "-" };
  return { status: answer.init?.status ?? 200, body: data };
}

/** The per-address allowance in force (SIGN_UPS_PER_ADDRESS_PER_HOUR). */
const perAddress = () => setup.env.SIGN_UPS_PER_ADDRESS_PER_HOUR;

/** `count` distinct moments within the last hour, in minutes ago (55 down to 1, then again). */
function minutesWithinTheHour(count: number): number[] {
  return Array.from({ length: count }, (_, index) => 55 - (index % 55));
}

async function seedAttempts(values: { email?: string; ipAddress?: string; minutesAgo: number[] }) {
  await setup.db.insert(signUpAttempts).values(
    values.minutesAgo.map((minutes) => ({
      email: values.email ?? `${unique("earlier")}@example.test`,
      ipAddress: values.ipAddress ?? null,
      createdAt: new Date(Date.now() - minutes * 60_000),
    })),
  );
}

describe("the limits come before the account check", () => {
  test("past the per-address limit, a new and an existing address get the same answer and status", async () => {
    const address = "10.33.0.9";
    const existing = await createUser(setup.db, { email: `${unique("known")}@example.test` });
    await seedAttempts({ ipAddress: address, minutesAgo: minutesWithinTheHour(perAddress()) });

    const forNew = await registerThroughPage(`${unique("fresh")}@example.test`, address);
    const forExisting = await registerThroughPage(existing.email, address);
    expect(forNew).toEqual({
      status: 429,
      body: {
        rateLimited: {
          message: "Too many signup attempts. Please wait a few minutes before trying again.",
          email: "-",
          cooldownEndsAt: "-",
        },
      },
    });
    expect(forExisting).toEqual(forNew);
  });

  test("past the per-email limit, a new and an existing address get the same answer and status", async () => {
    const existing = await createUser(setup.db, { email: `${unique("known")}@example.test` });
    const fresh = `${unique("fresh")}@example.test`;
    // The first attempt learns what it may (an account is created, or it already exists) ...
    expect((await registerThroughPage(fresh, nextAddress())).status).toBe(302);
    expect(await registerThroughPage(existing.email, nextAddress())).toMatchObject({
      status: 400,
      body: { toast: toastText("en", REGISTRATION_TOASTS.accountExists) },
    });
    // ... the next one within the minute, from anywhere, is limited alike.
    const forNew = await registerThroughPage(fresh, nextAddress());
    const forExisting = await registerThroughPage(existing.email, nextAddress());
    expect(forNew).toEqual({
      status: 429,
      body: {
        rateLimited: {
          message: "Email verification limit reached. Please wait before trying again.",
          email: "-",
          cooldownEndsAt: "-",
        },
      },
    });
    expect(forExisting).toEqual(forNew);

    // Five attempts an hour: after the minute, an address tried five times is still limited.
    const later = new Date(Date.now() + 2 * 60_000);
    await seedAttempts({ email: existing.email, minutesAgo: [40, 30, 20, 10] });
    expect(
      await registerClient({
        registration: registration({ email: existing.email }),
        request: formRequest(),
        now: later,
      }),
    ).toMatchObject({ status: "rate-limited", message: REGISTRATION_LIMITS.cooldown });
  });

  test("each 'Account already exists' answer counts against the address's limit, in the database", async () => {
    const address = "10.34.0.3";
    // All but the last two of the allowance used earlier in the hour; then two "already exists" answers.
    await seedAttempts({ ipAddress: address, minutesAgo: minutesWithinTheHour(perAddress() - 2) });
    for (let n = 0; n < 2; n++) {
      const existing = await createUser(setup.db, { email: `${unique("probe")}@example.test` });
      expect(
        await registerClient({ registration: registration({ email: existing.email }), request: formRequest(address) }),
      ).toEqual({
        status: "refused",
        toast: REGISTRATION_TOASTS.accountExists,
      });
    }
    const counted = await setup.db.select().from(signUpAttempts).where(eq(signUpAttempts.ipAddress, address));
    expect(counted).toHaveLength(perAddress());
    const probe = await createUser(setup.db, { email: `${unique("probe")}@example.test` });
    expect(
      await registerClient({ registration: registration({ email: probe.email }), request: formRequest(address) }),
    ).toMatchObject({ status: "rate-limited", message: REGISTRATION_LIMITS.tooManySignUps });
  });

  test("concurrent attempts from one address cannot pass the limit together", async () => {
    const address = "10.35.0.4";
    await seedAttempts({ ipAddress: address, minutesAgo: minutesWithinTheHour(perAddress() - 2) });
    const outcomes = await Promise.all(
      Array.from({ length: 4 }, () => registerClient({ registration: registration(), request: formRequest(address) })),
    );
    expect(outcomes.filter((outcome) => outcome.status === "registered")).toHaveLength(2);
    expect(outcomes.filter((outcome) => outcome.status === "rate-limited")).toHaveLength(2);
  });
});

describe("verifying the address", () => {
  test("the emailed token verifies the address, signs the client in and leads to /dashboard", async () => {
    const input = registration();
    await registerClient({ registration: input, request: formRequest() });
    const [email] = await outboxFor(input.email);
    const token = tokenFrom(email!.text);

    const outcome = await verifyEmailToken({ token, request: formRequest() });
    expect(outcome).toMatchObject({ status: "verified", homePath: "/dashboard" });
    const { setCookies } = outcome as { setCookies: string[] };
    const session = setCookies.find((cookie) => cookie.startsWith("better-auth.session_token="));
    expect(session).toMatch(/HttpOnly/i);
    const signedIn = await getCurrentUser(
      new Request(`${setup.env.appUrl}/dashboard`, { headers: { cookie: session!.split(";")[0]! } }),
    );
    expect(signedIn).toMatchObject({ email: input.email, roles: ["client"], firstName: "Nia", lastName: "Okafor" });

    const user = await userByEmail(input.email);
    expect(user?.emailVerified).toBe(true);
    expect(user?.emailVerifiedAt).toBeInstanceOf(Date);
    const events = await setup.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.userId, user!.id), eq(auditEvents.eventType, "email_verified")));
    expect(events).toHaveLength(1);

    // The link used again signs nobody in.
    expect(await verifyEmailToken({ token, request: formRequest() })).toEqual({
      status: "failed",
      message: { key: "auth:verification.alreadyVerified" },
    });
  });

  test("a damaged or forged token is refused", async () => {
    expect(await verifyEmailToken({ token: "not-a-token", request: formRequest() })).toEqual({
      status: "failed",
      message: { key: "auth:verification.invalidLink" },
    });
    const input = registration();
    await registerClient({ registration: input, request: formRequest() });
    const token = tokenFrom((await outboxFor(input.email))[0]!.text);
    const [header, payload, signature] = token.split(".");
    const forged = `${header}.${payload}.${signature!.slice(0, -2)}xx`;
    expect(await verifyEmailToken({ token: forged, request: formRequest() })).toMatchObject({ status: "failed" });
    expect((await userByEmail(input.email))?.emailVerified).toBe(false);
  });
});

/** A signed-in user asks to change address; the link emailed to the new one. */
async function changeEmailLink(password = "Sunny-Day-42") {
  const user = await createUser(setup.db, { email: `${unique("mover")}@example.test`, password });
  const cookie = await signInCookie(user.email, password);
  const newEmail = `${unique("moved")}@example.test`;
  await getAuth().api.changeEmail({ body: { newEmail }, headers: new Headers({ cookie }) });
  const [email] = await outboxFor(newEmail);
  return { user, cookie, newEmail, token: tokenFrom(email!.text) };
}

describe("an email change's link", () => {
  test("opened where its owner is signed in: the new address takes effect and the owner goes home", async () => {
    const { user, cookie, newEmail, token } = await changeEmailLink();
    const outcome = await verifyEmailToken({ token, request: formRequest(undefined, cookie) });
    expect(outcome).toMatchObject({ status: "verified", userId: user.id, homePath: "/dashboard" });
    expect((await userByEmail(newEmail))?.id).toBe(user.id);
  });

  test("opened elsewhere: the new address takes effect, and the page asks to sign in", async () => {
    const { user, newEmail, token } = await changeEmailLink();
    expect(await verifyEmailToken({ token, request: formRequest() })).toEqual({
      status: "confirmed",
      message: { key: "auth:verification.emailChanged" },
    });
    expect((await userByEmail(newEmail))?.id).toBe(user.id);
  });
});

describe("resending the verification email", () => {
  test("waits out the one-minute limit, then sends a new working link", async () => {
    const input = registration();
    await registerClient({ registration: input, request: formRequest() });

    const limited = await resendVerificationEmail({ email: input.email, request: formRequest() });
    expect(limited.status).toBe("limited");
    expect((limited as { retryAt: Date }).retryAt.getTime()).toBeGreaterThan(Date.now());
    expect(await outboxFor(input.email)).toHaveLength(1);

    const later = new Date(Date.now() + 61_000);
    expect(await resendVerificationEmail({ email: input.email, request: formRequest(), now: later })).toEqual({
      status: "sent",
    });
    const emails = await outboxFor(input.email);
    expect(emails).toHaveLength(2);
    const newest = emails[0]!;
    expect((await verifyEmailToken({ token: tokenFrom(newest.text), request: formRequest() })).status).toBe("verified");
  });

  test("stops after five emails an hour", async () => {
    const input = registration();
    await registerClient({ registration: input, request: formRequest() });
    // Four more sends earlier in the hour, the oldest 55 minutes ago.
    const now = Date.now();
    await setup.db.insert(emailSends).values(
      [55, 45, 35, 25].map((minutes) => ({
        email: input.email,
        kind: "verification" as const,
        createdAt: new Date(now - minutes * 60_000),
      })),
    );
    const outcome = await resendVerificationEmail({
      email: input.email,
      request: formRequest(),
      now: new Date(now + 2 * 60_000),
    });
    expect(outcome.status).toBe("limited");
    const retryAt = (outcome as { retryAt: Date }).retryAt.getTime();
    expect(Math.round((retryAt - now) / 60_000)).toBe(5);
    expect(await outboxFor(input.email)).toHaveLength(1);
  });
});

const withCookie = (value: string) => new Request(`${setup.env.appUrl}/verify-email`, { headers: { cookie: value } });

describe("the pending-verification cookie", () => {
  test("round-trips the address and role, and is signed", async () => {
    const setCookie = await startVerificationCookie("Pat@Example.test", "caregiver");
    expect(setCookie).toMatch(new RegExp(`^${PENDING_VERIFICATION_COOKIE}=`));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Max-Age=3600/i);
    const cookie = setCookie.split(";")[0]!;
    expect(await readPendingVerification(withCookie(cookie))).toEqual({
      email: "pat@example.test",
      role: "caregiver",
      justRegistered: false,
      cooldownEndsAt: null,
      rateLimited: false,
    });

    const forged = await pendingVerificationCookie({
      email: "pat@example.test",
      role: "client",
      justRegistered: true,
      cooldownEndsAt: null,
      rateLimited: false,
    });
    const [name, value] = forged.split(";")[0]!.split("=");
    const [payload, signature] = decodeURIComponent(value!).split(".");
    const otherPayload = Buffer.from(JSON.stringify({ email: "victim@example.test" })).toString("base64");
    expect(payload).toBeDefined();
    expect(
      await readPendingVerification(withCookie(`${name}=${encodeURIComponent(`${otherPayload}.${signature}`)}`)),
    ).toBeNull();
    expect(await readPendingVerification(withCookie(""))).toBeNull();
  });
});
