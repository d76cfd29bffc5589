import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { recordSecurityEvent } from "~/platform/auth/security-events.server";
import { db, type Tx } from "~/platform/db/client.server";
import { accounts, adminInvites, userProfiles, userRoles } from "~/platform/db/schema";
import { sendEmail } from "~/platform/email/mailer.server";
import { adminInviteEmail } from "~/platform/email/templates/admin-invite";
import { checkEmailAllowance, recordEmailSend } from "~/features/accounts/public.server";
import type { Locale } from "~/i18n/config";
import { localeOfRequest } from "~/i18n/locale";
import type { MessageKey } from "~/i18n/message-keys";
import { AppError, isAppError, type AppErrorCode } from "~/utils/app-error";
import { isDemoEmail } from "~/utils/demo-accounts";
import { getEnv } from "~/utils/env.server";
import { hashPassword, verifyPassword } from "~/utils/password.server";

// Administrators are invited, never self-registered (docs/product-rules.md, "Accounts and sign-in"). An invite is a
// single-use link carrying 32 random bytes; only their SHA-256 hash is kept,
// so a copy of the database cannot be used to accept an invite.

export const INVITE_LIFETIME_MS = 72 * 60 * 60 * 1000;

/** `email` tells a demo administrator apart: an administrator they invited would outlive the demo. */
export type Actor = { id: string; name: string; email?: string };

export function hashInviteToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function inviteUrl(token: string): string {
  return `${getEnv().appUrl}/admin/invite?token=${encodeURIComponent(token)}`;
}

const normalize = (email: string) => email.trim().toLowerCase();
const emailMatches = (email: string) => sql`lower(${userProfiles.email}) = ${normalize(email)}`;

async function findUserByEmail(email: string) {
  const [user] = await db
    .select({
      id: userProfiles.id,
      name: userProfiles.name,
      isAdmin: sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${userProfiles.id} and ${userRoles.role} = 'admin')`,
    })
    .from(userProfiles)
    .where(emailMatches(email))
    .limit(1);
  return user;
}

/** `url` is for the command line only: a page never shows the link to the inviter. */
export type InviteAdminResult = { ok: true; email: string; expiresAt: Date; url: string };

/**
 * Sends an administrator invitation to `email`. A pending invite to the same
 * address is replaced (its link stops working). Refused (an AppError whose
 * `reason` is "demo-inviter", "already-admin" or "rate-limited", with its
 * `retryAt`) to a demo administrator, for an address that already belongs to
 * an administrator, and limited per address like every email a person can
 * trigger.
 */
export async function inviteAdmin({
  email: rawEmail,
  actor,
  request,
  ipAddress = null,
  locale,
}: {
  email: string;
  /** null: the first administrator, invited from the command line (npm run admin:invite). */
  actor: Actor | null;
  request?: Request;
  ipAddress?: string | null;
  /** The inviting administrator's language, which the invitation is written in (English when none). */
  locale?: Locale;
}): Promise<InviteAdminResult> {
  if (actor?.email && isDemoEmail(actor.email)) {
    throw new AppError("forbidden", { key: "admin:refusals.demoInviter" }, { reason: "demo-inviter" });
  }
  const email = normalize(rawEmail);
  const existing = await findUserByEmail(email);
  if (existing?.isAdmin) {
    throw new AppError(
      "conflict",
      { key: "admin:refusals.alreadyAdminAddress" },
      { reason: "already-admin", field: "email" },
    );
  }
  const allowance = await checkEmailAllowance(email, "admin-invite");
  if (!allowance.allowed) {
    throw new AppError(
      "rate_limited",
      { key: "admin:refusals.inviteJustSent" },
      { reason: "rate-limited", retryAt: allowance.retryAt },
    );
  }

  const token = randomBytes(32).toString("base64url");
  const id = randomUUID();
  const expiresAt = new Date(Date.now() + INVITE_LIFETIME_MS);
  await db.transaction(async (tx) => {
    // Two admins inviting the same address at once still leave one pending invite.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`admin-invite:${email}`}))`);
    await tx
      .update(adminInvites)
      .set({ revokedAt: new Date() })
      .where(and(eq(adminInvites.email, email), isNull(adminInvites.acceptedAt), isNull(adminInvites.revokedAt)));
    await tx
      .insert(adminInvites)
      .values({ id, email, tokenHash: hashInviteToken(token), invitedBy: actor?.id ?? null, expiresAt });
    // Queued in the transaction: the invite and its email exist together or not at all.
    // Without an inviter (the command line), the email names the Tendly team.
    const inviterName = actor?.name ?? null;
    await sendEmail({ to: email, ...adminInviteEmail({ inviterName, url: inviteUrl(token), locale }) }, tx);
    await recordEmailSend(email, "admin-invite", ipAddress, tx);
  });
  await recordSecurityEvent({
    type: "admin_invited",
    userId: actor?.id ?? null,
    category: "admin",
    request,
    metadata: { inviteId: id, email, expiresAt: expiresAt.toISOString(), ...(actor ? {} : { via: "command line" }) },
  });
  return { ok: true, email, expiresAt, url: inviteUrl(token) };
}

export type PendingInvite = {
  id: string;
  email: string;
  invitedByName: string | null;
  expiresAt: Date;
  createdAt: Date;
};

export async function listPendingInvites(now = new Date()): Promise<PendingInvite[]> {
  return db
    .select({
      id: adminInvites.id,
      email: adminInvites.email,
      invitedByName: userProfiles.name,
      expiresAt: adminInvites.expiresAt,
      createdAt: adminInvites.createdAt,
    })
    .from(adminInvites)
    .leftJoin(userProfiles, eq(userProfiles.id, adminInvites.invitedBy))
    .where(and(isNull(adminInvites.acceptedAt), isNull(adminInvites.revokedAt), gt(adminInvites.expiresAt, now)))
    .orderBy(desc(adminInvites.createdAt))
    .limit(200);
}

/** Withdraws a pending invite; a conflict when it was already used, revoked or unknown. */
export async function revokeAdminInvite({
  inviteId,
  actor,
  request,
}: {
  inviteId: string;
  actor: Actor;
  request?: Request;
}): Promise<void> {
  const revoked = await db
    .update(adminInvites)
    .set({ revokedAt: new Date() })
    .where(and(eq(adminInvites.id, inviteId), isNull(adminInvites.acceptedAt), isNull(adminInvites.revokedAt)))
    .returning({ id: adminInvites.id, email: adminInvites.email });
  if (revoked.length === 0) throw new AppError("conflict", { key: "admin:refusals.inviteAlreadyClosed" });
  await recordSecurityEvent({
    type: "admin_invite_revoked",
    userId: actor.id,
    category: "admin",
    request,
    metadata: { inviteId, email: revoked[0]!.email },
  });
}

export const INVITE_PROBLEMS = ["invalid", "expired", "revoked", "used"] as const;
export type InviteProblem = (typeof INVITE_PROBLEMS)[number];

export const isInviteProblem = (reason: string | undefined): reason is InviteProblem =>
  (INVITE_PROBLEMS as readonly (string | undefined)[]).includes(reason);

export type InviteLookup =
  { status: "valid"; email: string; account: null | { isAdmin: boolean } } | { status: InviteProblem };

/** What the invite link in hand can do, for the /admin/invite page. */
export async function lookUpInvite(token: string, now = new Date()): Promise<InviteLookup> {
  const [invite] = await db
    .select()
    .from(adminInvites)
    .where(eq(adminInvites.tokenHash, hashInviteToken(token)))
    .limit(1);
  if (!invite) return { status: "invalid" };
  if (invite.acceptedAt) return { status: "used" };
  if (invite.revokedAt) return { status: "revoked" };
  if (invite.expiresAt <= now) return { status: "expired" };
  const user = await findUserByEmail(invite.email);
  return { status: "valid", email: invite.email, account: user ? { isAdmin: user.isAdmin } : null };
}

export type AcceptResult = { ok: true; userId: string; email: string };

/**
 * Why an invite cannot be accepted, as an AppError whose `reason` is the
 * InviteProblem or "account-exists", "no-account", "wrong-password" or
 * "already-admin".
 */
const ACCEPT_REFUSALS = {
  invalid: ["invalid", "admin:refusals.inviteInvalid"],
  expired: ["conflict", "admin:refusals.inviteExpired"],
  revoked: ["conflict", "admin:refusals.inviteRevoked"],
  used: ["conflict", "admin:refusals.inviteUsed"],
  "account-exists": ["conflict", "admin:refusals.accountExists"],
  "no-account": ["conflict", "admin:refusals.noAccount"],
  "wrong-password": ["invalid", "admin:refusals.wrongPassword"],
  "already-admin": ["conflict", "admin:refusals.alreadyAdminAccount"],
} as const satisfies Record<string, readonly [AppErrorCode, MessageKey]>;

function acceptRefusal(reason: keyof typeof ACCEPT_REFUSALS): AppError {
  const [code, key] = ACCEPT_REFUSALS[reason];
  return new AppError(code, { key }, { reason, ...(reason === "wrong-password" ? { field: "password" } : {}) });
}

/**
 * Marks the invite accepted, once: of two concurrent accepts only one finds
 * the row still open (the other waits on its row lock, then sees it taken).
 */
async function claimInvite(tx: Tx, token: string) {
  const [invite] = await tx
    .update(adminInvites)
    .set({ acceptedAt: sql`now()` })
    .where(
      and(
        eq(adminInvites.tokenHash, hashInviteToken(token)),
        isNull(adminInvites.acceptedAt),
        isNull(adminInvites.revokedAt),
        gt(adminInvites.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: adminInvites.id, email: adminInvites.email, invitedBy: adminInvites.invitedBy });
  return invite;
}

/** What to throw for a failed accept: a claim that found no open invite says why (used, revoked, expired). */
async function whyRefused(error: unknown, token: string): Promise<unknown> {
  if (!isAppError(error) || error.reason !== "invalid") return error;
  const lookup = await lookUpInvite(token);
  return acceptRefusal(lookup.status === "valid" ? "invalid" : lookup.status);
}

/**
 * Accepting an invite for an address without an account: creates the
 * administrator (email verified, since the link proved the address) with a
 * password sign-in, in the same transaction that uses up the invite.
 */
export async function acceptAdminInvite({
  token,
  firstName,
  lastName,
  password,
  request,
}: {
  token: string;
  firstName: string;
  lastName: string;
  password: string;
  request?: Request;
}): Promise<AcceptResult> {
  // scrypt takes a moment: hash before taking any row lock.
  const passwordHash = await hashPassword(password);
  const userId = randomUUID();
  let accepted: { inviteId: string; email: string; invitedBy: string | null };
  try {
    accepted = await db.transaction(async (tx) => {
      const invite = await claimInvite(tx, token);
      if (!invite) throw acceptRefusal("invalid");
      const [existing] = await tx
        .select({ id: userProfiles.id })
        .from(userProfiles)
        .where(emailMatches(invite.email))
        .limit(1);
      if (existing) throw acceptRefusal("account-exists");
      const now = new Date();
      await tx.insert(userProfiles).values({
        id: userId,
        email: invite.email,
        name: `${firstName} ${lastName}`,
        emailVerified: true,
        emailVerifiedAt: now,
        role: "admin",
        // The language the invitation was accepted in: later emails use it.
        ...(request ? { locale: localeOfRequest(request) } : {}),
      });
      await tx.insert(userRoles).values({ userId, role: "admin" });
      await tx.insert(accounts).values({
        id: randomUUID(),
        accountId: userId,
        providerId: "credential",
        userId,
        password: passwordHash,
      });
      await tx.update(adminInvites).set({ acceptedUserId: userId }).where(eq(adminInvites.id, invite.id));
      return { inviteId: invite.id, email: invite.email, invitedBy: invite.invitedBy };
    });
  } catch (error) {
    throw await whyRefused(error, token);
  }
  await recordSecurityEvent({
    type: "admin_invite_accepted",
    userId,
    category: "admin",
    request,
    metadata: { inviteId: accepted.inviteId, invitedBy: accepted.invitedBy, newAccount: true },
  });
  return { ok: true, userId, email: accepted.email };
}

/**
 * Accepting an invite sent to the address of an existing (non-admin)
 * account: the person proves they own it with its password, and the account
 * gains the admin role.
 */
export async function acceptAdminInviteWithAccount({
  token,
  password,
  request,
}: {
  token: string;
  password: string;
  request?: Request;
}): Promise<AcceptResult> {
  const lookup = await lookUpInvite(token);
  if (lookup.status !== "valid") throw acceptRefusal(lookup.status);
  if (!lookup.account) throw acceptRefusal("no-account");
  if (lookup.account.isAdmin) throw acceptRefusal("already-admin");
  const [credential] = await db
    .select({ userId: accounts.userId, hash: accounts.password })
    .from(accounts)
    .innerJoin(userProfiles, eq(userProfiles.id, accounts.userId))
    .where(and(emailMatches(lookup.email), eq(accounts.providerId, "credential")))
    .limit(1);
  if (!credential?.hash || !(await verifyPassword({ hash: credential.hash, password }))) {
    throw acceptRefusal("wrong-password");
  }
  const userId = credential.userId;
  let accepted: { inviteId: string; email: string; invitedBy: string | null };
  try {
    accepted = await db.transaction(async (tx) => {
      const invite = await claimInvite(tx, token);
      if (!invite) throw acceptRefusal("invalid");
      await tx.insert(userRoles).values({ userId, role: "admin" }).onConflictDoNothing();
      await tx
        .update(userProfiles)
        .set({
          role: "admin",
          emailVerified: true,
          emailVerifiedAt: sql`coalesce(${userProfiles.emailVerifiedAt}, now())`,
        })
        .where(eq(userProfiles.id, userId));
      await tx.update(adminInvites).set({ acceptedUserId: userId }).where(eq(adminInvites.id, invite.id));
      return { inviteId: invite.id, email: invite.email, invitedBy: invite.invitedBy };
    });
  } catch (error) {
    throw await whyRefused(error, token);
  }
  await recordSecurityEvent({
    type: "user_role_promoted",
    userId,
    category: "admin",
    request,
    metadata: { role: "admin", inviteId: accepted.inviteId, invitedBy: accepted.invitedBy },
  });
  await recordSecurityEvent({
    type: "admin_invite_accepted",
    userId,
    category: "admin",
    request,
    metadata: { inviteId: accepted.inviteId, invitedBy: accepted.invitedBy, newAccount: false },
  });
  return { ok: true, userId, email: accepted.email };
}
