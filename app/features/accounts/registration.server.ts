import { and, count, eq, gte, sql } from "drizzle-orm";
import { getAuth } from "~/auth/auth.server";
import { clientAddress } from "~/auth/client-address";
import { recordSecurityEvent } from "~/auth/security-events.server";
import { db } from "~/db/client.server";
import { auditEvents, clientProfiles, userProfiles, userRoles } from "~/db/schema";
import { isDemoEmail, type Registration } from "./accounts.schema";
import { checkEmailAllowance, recordEmailSend } from "./email-limits.server";
import {
  REGISTRATION_TEXTS,
  REGISTRATION_TOASTS,
  registrationRefusalFor,
  SIGN_UPS_PER_ADDRESS,
  VERIFY_EMAIL_TIMINGS,
  type ToastText,
} from "./registration-rules";

export type RegistrationOutcome =
  | { status: "registered"; userId: string; email: string }
  /** The yellow alert of spec 8, then /verify-email with the cooldown until `retryAt`. */
  | { status: "rate-limited"; message: string; retryAt: Date }
  | { status: "refused"; toast: ToastText };

type RegisterClientInput = { registration: Registration; request: Request; now?: Date };
type Transaction = Parameters<Parameters<typeof db.transaction>[0]>[0];

/** What a kind of account stores beside the user: its profile row(s), in the registration's transaction. */
export type AccountProfileWriter = {
  role: "client" | "caregiver";
  write: (tx: Transaction, userId: string) => Promise<void>;
};

/** Creates a client account (spec 4, Registration); see registerAccount. */
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
 * Creates an account (spec 4, Registration): refusals in the order of spec 8,
 * then the user through better-auth (which emails the verification link), the
 * profile and role, and the audit event. Never signs in: the address must be
 * verified first.
 */
export async function registerAccount(
  { registration, request, now = new Date() }: RegisterClientInput,
  profile: AccountProfileWriter,
): Promise<RegistrationOutcome> {
  const email = registration.email.trim().toLowerCase();
  const address = clientAddress(request);

  const allowance = await checkEmailAllowance(email, "verification", now);
  if (!allowance.allowed) return rateLimited(REGISTRATION_TEXTS.cooldown, allowance.retryAt);
  if (isDemoEmail(email)) return refused(REGISTRATION_TOASTS.demoAccount);
  if (await accountExists(email)) return refused(REGISTRATION_TOASTS.accountExists);
  // Without an address (never the case behind our HTTP host) there is no bucket to count in.
  if (address && (await recentSignUpsFrom(address, now)) >= SIGN_UPS_PER_ADDRESS.max) {
    const retryAt = new Date(now.getTime() + VERIFY_EMAIL_TIMINGS.defaultCountdownSeconds * 1000);
    return rateLimited(REGISTRATION_TEXTS.tooManySignUps, retryAt);
  }

  let userId: string;
  try {
    const result = await getAuth().api.signUpEmail({
      body: { name: `${registration.firstName} ${registration.lastName}`, email, password: registration.password },
      headers: request.headers,
    });
    if (!result?.user?.id) return refused(REGISTRATION_TOASTS.noUser);
    userId = result.user.id;
  } catch (error) {
    const refusal = registrationRefusalFor(error instanceof Error ? error.message : undefined);
    return refusal.status === "rate-limited" ? rateLimited(refusal.message, defaultRetryAt(now)) : refusal;
  }

  // With verification required, better-auth answers a duplicate sign-up (one
  // that raced past the check above) with a made-up user that is not stored.
  const [stored] = await db.select({ id: userProfiles.id }).from(userProfiles).where(eq(userProfiles.id, userId));
  if (!stored) return refused(REGISTRATION_TOASTS.accountExists);

  try {
    await db.transaction(async (tx) => {
      await profile.write(tx, userId);
      await tx.insert(userRoles).values({ userId, role: profile.role });
    });
  } catch (error) {
    // Nothing half-made remains: the user, its credentials and sessions go (cascade).
    // The driver's own error, not the query text: that would carry the person's details into the log.
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    console.error(
      `Registration: could not store the ${profile.role} profile:`,
      cause instanceof Error ? cause.message : cause,
    );
    await db.delete(userProfiles).where(eq(userProfiles.id, userId));
    return refused(REGISTRATION_TOASTS.noUser);
  }

  // better-auth sent the verification email while signing up.
  await recordEmailSend(email, "verification", address);
  await recordSecurityEvent({
    type: "account_registered",
    userId,
    category: "account",
    request,
    metadata: { role: profile.role, marketingConsent: registration.marketingConsent },
  });
  return { status: "registered", userId, email };
}

function rateLimited(message: string, retryAt: Date) {
  return { status: "rate-limited", message, retryAt } as const;
}

function refused(toast: ToastText) {
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

/** Accounts registered from `address` within the window, counted from the audit log (shared by every process). */
async function recentSignUpsFrom(address: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - SIGN_UPS_PER_ADDRESS.windowMs);
  const [row] = await db
    .select({ value: count() })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.eventType, "account_registered"),
        eq(auditEvents.ipAddress, address),
        gte(auditEvents.createdAt, since),
      ),
    );
  return row?.value ?? 0;
}
