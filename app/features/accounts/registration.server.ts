import { and, asc, count, eq, gte, sql } from "drizzle-orm";
import { isAPIError } from "better-auth/api";
import { getAuth, withAuthTransaction } from "~/platform/auth/auth.server";
import { clientAddress } from "~/platform/auth/client-address";
import { recordSecurityEvent } from "~/platform/auth/security-events.server";
import { db, type Tx } from "~/platform/db/client.server";
import { clientProfiles, signUpAttempts, userProfiles, userRoles } from "~/platform/db/schema";
import { localeOfRequest } from "~/i18n/locale";
import { isDemoEmail } from "~/utils/demo-accounts";
import { getEnv } from "~/utils/env.server";
import { withPasswordHashed } from "~/utils/password.server";
import type { Registration } from "./accounts.schema";
import { allowanceAfter, checkEmailAllowance, recordEmailSend } from "./email-limits.server";
import {
  REGISTRATION_LIMITS,
  REGISTRATION_TOASTS,
  registrationRefusalFor,
  SIGN_UP_ADDRESS_WINDOW_MS,
  VERIFY_EMAIL_TIMINGS,
  type ToastRef,
} from "./registration-rules";
import type { MessageRef } from "~/i18n/message-keys";

export type RegistrationOutcome =
  | { status: "registered"; userId: string; email: string }
  /** The yellow alert, then /verify-email with the cooldown until `retryAt`. */
  | { status: "rate-limited"; message: MessageRef; retryAt: Date }
  | { status: "refused"; toast: ToastRef };

type RegisterClientInput = { registration: Registration; request: Request; now?: Date };
/** What a kind of account stores beside the user: its profile row(s), in the registration's transaction. */
export type AccountProfileWriter = {
  role: "client" | "caregiver";
  write: (tx: Tx, userId: string) => Promise<void>;
};

/** Creates a client account (docs/product-rules.md, "Accounts and sign-in"); see registerAccount. */
export function registerClient(input: RegisterClientInput): Promise<RegistrationOutcome> {
  const { registration } = input;
  return registerAccount(input, {
    role: "client",
    write: async (tx, userId) => {
      await tx.insert(clientProfiles).values({
        userId,
        firstName: registration.firstName,
        lastName: registration.lastName,
        phoneNumber: registration.phoneNumber,
        streetAddress: registration.streetAddress,
        city: registration.city,
        state: registration.state,
        zipCode: registration.zipCode,
        marketingConsent: registration.marketingConsent,
      });
    },
  });
}

/**
 * Creates an account (docs/product-rules.md, "Accounts and sign-in"): the rate limits before anything
 * that depends on the address having an account (so that the limits answer
 * alike for everyone), then the refusals, then the user through better-auth (which emails the verification link), the
 * profile and role, and the audit event. Never signs in: the address must be
 * verified first.
 */
export async function registerAccount(
  { registration, request, now = new Date() }: RegisterClientInput,
  profile: AccountProfileWriter,
): Promise<RegistrationOutcome> {
  const email = registration.email.trim().toLowerCase();
  const address = clientAddress(request);

  // Every limit first, answered alike whether or not the address has an
  // account; only an attempt within them learns which it is.
  const limited = await claimSignUpAttempt({ email, address, now });
  if (limited) return limited;
  if (isDemoEmail(email)) return refused(REGISTRATION_TOASTS.demoAccount);
  if (await accountExists(email)) return refused(REGISTRATION_TOASTS.accountExists);

  // One transaction (docs/decisions/0021-registration-in-one-transaction.md):
  // the user and credentials better-auth writes, our profile and role, the
  // verification email's job and its count. A crash anywhere before the
  // commit leaves nothing, so the address can register again.
  let outcome: RegistrationOutcome;
  try {
    // Hashed before the transaction opens: a burst of registrations waits in
    // the hashing lane without holding pooled connections.
    outcome = await withPasswordHashed(registration.password, () =>
      db.transaction(async (tx) =>
        withAuthTransaction(tx, async () => {
          const result = await getAuth().api.signUpEmail({
            body: {
              name: `${registration.firstName} ${registration.lastName}`,
              email,
              password: registration.password,
              // The language the person registered in: the verification email and later ones use it.
              locale: localeOfRequest(request),
            },
            headers: request.headers,
          });
          if (!result?.user?.id) return refused(REGISTRATION_TOASTS.noUser);
          const userId = result.user.id;
          // With verification required, better-auth answers a duplicate sign-up (one
          // that raced past the check above) with a made-up user that is not stored.
          const [stored] = await tx
            .select({ id: userProfiles.id })
            .from(userProfiles)
            .where(eq(userProfiles.id, userId));
          if (!stored) return refused(REGISTRATION_TOASTS.accountExists);
          await profile.write(tx, userId);
          await tx.insert(userRoles).values({ userId, role: profile.role });
          // better-auth queues the verification email in this transaction (withAuthTransaction).
          await recordEmailSend(email, "verification", address, tx);
          return { status: "registered", userId, email } as const;
        }),
      ),
    );
  } catch (error) {
    if (!isAPIError(error)) {
      // The driver's own error, not the query text: that would carry the person's details into the log.
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      console.error(
        `Registration: could not store the ${profile.role} account:`,
        cause instanceof Error ? cause.message : cause,
      );
      return refused(REGISTRATION_TOASTS.noUser);
    }
    // A sign-up that raced another for the same address, and lost, finds it taken.
    if (await accountExists(email)) return refused(REGISTRATION_TOASTS.accountExists);
    const refusal = registrationRefusalFor(error.message);
    if (refusal.status === "refused" && refusal.toast === REGISTRATION_TOASTS.noUser) {
      console.error(`Registration: the ${profile.role} account was refused:`, error.message);
    }
    return refusal.status === "rate-limited" ? rateLimited(refusal.message, defaultRetryAt(now)) : refusal;
  }
  if (outcome.status !== "registered") return outcome;
  const { userId } = outcome;

  await recordSecurityEvent({
    type: "account_registered",
    userId,
    category: "account",
    request,
    metadata: { role: profile.role, marketingConsent: registration.marketingConsent },
  });
  return outcome;
}

function rateLimited(message: MessageRef, retryAt: Date) {
  return { status: "rate-limited", message, retryAt } as const;
}

function refused(toast: ToastRef) {
  return { status: "refused", toast } as const;
}

function defaultRetryAt(now: Date): Date {
  return new Date(now.getTime() + VERIFY_EMAIL_TIMINGS.defaultCountdownSeconds * 1000);
}

async function accountExists(email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: userProfiles.id })
    .from(userProfiles)
    .where(eq(sql`lower(${userProfiles.email})`, email))
    .limit(1);
  return row !== undefined;
}

/**
 * The sign-up limits, kept in the database so that they hold across server
 * processes: per email, the verification email's allowance and the same
 * allowance over sign-up attempts (an existing account's "Account already
 * exists" counts as one); per client address, SIGN_UPS_PER_ADDRESS_PER_HOUR attempts
 * an hour. Within them, the attempt is recorded and null returned.
 */
async function claimSignUpAttempt({
  email,
  address,
  now,
}: {
  email: string;
  address: string | null;
  now: Date;
}): Promise<RegistrationOutcome | null> {
  return db.transaction(async (tx) => {
    // Concurrent attempts for one email or one client address wait here for
    // each other, so that each sees the others' rows (in every process).
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACE.email}::int, hashtext(${email}))`);
    if (address) await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACE.address}::int, hashtext(${address}))`);

    const hourAgo = new Date(now.getTime() - HOUR_MS);
    const attempts = await tx
      .select({ createdAt: signUpAttempts.createdAt })
      .from(signUpAttempts)
      // No upper bound: an attempt that took the lock just before this one may
      // carry a clock a moment later than ours, and must still count.
      .where(and(eq(signUpAttempts.email, email), gte(signUpAttempts.createdAt, hourAgo)))
      .orderBy(asc(signUpAttempts.createdAt));
    const byAttempts = allowanceAfter(
      attempts.map((attempt) => attempt.createdAt),
      now,
    );
    const byEmails = await checkEmailAllowance(email, "verification", now, tx);
    const retryAt = Math.max(
      byAttempts.allowed ? 0 : byAttempts.retryAt.getTime(),
      byEmails.allowed ? 0 : byEmails.retryAt.getTime(),
    );
    if (retryAt > 0) return rateLimited(REGISTRATION_LIMITS.cooldown, new Date(retryAt));

    // Without an address (never the case behind our HTTP host) there is no bucket to count in.
    if (address) {
      const since = new Date(now.getTime() - SIGN_UP_ADDRESS_WINDOW_MS);
      const [row] = await tx
        .select({ value: count() })
        .from(signUpAttempts)
        .where(and(eq(signUpAttempts.ipAddress, address), gte(signUpAttempts.createdAt, since)));
      if ((row?.value ?? 0) >= getEnv().SIGN_UPS_PER_ADDRESS_PER_HOUR) {
        return rateLimited(REGISTRATION_LIMITS.tooManySignUps, defaultRetryAt(now));
      }
    }

    await tx.insert(signUpAttempts).values({ email, ipAddress: address, createdAt: now });
    return null;
  });
}

const HOUR_MS = 60 * 60 * 1000;
/** First keys of the advisory locks taken above (any constant pair unused elsewhere). */
const LOCK_SPACE = { email: 7301, address: 7302 } as const;
