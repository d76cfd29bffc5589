import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { actorAs } from "~/platform/auth/actor";
import {
  FAMILY_CIRCLE_EVENT_TYPES,
  recordAuditEventIn,
  type SecurityEventType,
} from "~/platform/auth/security-events.server";
import { db, type Tx } from "~/platform/db/client.server";
import { auditEvents, careRecipients, familyInvitations, familyMembers, userProfiles } from "~/platform/db/schema";
import { sendEmail } from "~/platform/email/mailer.server";
import { familyInviteEmail } from "~/platform/email/templates/admin-invite";
import { checkEmailAllowance, recordEmailSend } from "~/features/accounts/public.server";
import type { Locale } from "~/i18n/config";
import type { MessageKey } from "~/i18n/message-keys";
import { AppError, type AppErrorCode } from "~/utils/app-error";
import { getEnv } from "~/utils/env.server";
import type { Role } from "~/utils/roles";
import { recipientAccess } from "./access.server";
import { INVITATION_LIFETIME_MS, type FamilyRole } from "./family";

// The family circle's changes (docs/product-rules.md, "Family circle"; docs/decisions/0050-family-circle.md): the
// holder invites by email with a role, revokes or resends a pending invitation, changes a member's role or removes
// them; the invited person accepts with the account of the invited address; a member leaves. Each change and its
// audit entry commit together; the holder reads the entries with the circle.

type Actor = { id: string; roles: readonly Role[] };

const memberProfiles = alias(userProfiles, "member_profiles");

/** Neither accepted nor withdrawn; and, when `until` is given, not expired by then. */
function invitationOpen(until?: Date | SQL) {
  return and(
    isNull(familyInvitations.acceptedAt),
    isNull(familyInvitations.revokedAt),
    until === undefined ? undefined : gt(familyInvitations.expiresAt, until),
  );
}

const REFUSALS = {
  notFound: ["not_found", "account:family.refusals.notFound"],
  ownEmail: ["invalid", "account:family.refusals.ownEmail"],
  alreadyMember: ["conflict", "account:family.refusals.alreadyMember"],
  inviteInvalid: ["not_found", "account:family.refusals.inviteInvalid"],
  inviteExpired: ["conflict", "account:family.refusals.inviteExpired"],
  inviteClosed: ["conflict", "account:family.refusals.inviteClosed"],
  wrongEmail: ["forbidden", "account:family.refusals.wrongEmail"],
  justSent: ["rate_limited", "account:family.refusals.justSent"],
} as const satisfies Record<string, readonly [AppErrorCode, MessageKey]>;

function refusal(reason: keyof typeof REFUSALS, extra: { field?: string; retryAt?: Date } = {}): AppError {
  const [code, key] = REFUSALS[reason];
  return new AppError(code, { key }, { reason, ...extra });
}

const normalize = (email: string) => email.trim().toLowerCase();
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export function familyInviteUrl(token: string): string {
  return `${getEnv().appUrl}/dashboard/family/join?token=${encodeURIComponent(token)}`;
}

/** The care recipient the actor holds, with their name; anyone else's is not found. */
async function heldRecipient(actor: Actor, careRecipientId: string) {
  const client = actorAs(actor, "client");
  if ((await recipientAccess(client.id, careRecipientId)) !== "holder") throw refusal("notFound");
  const [row] = await db
    .select({ id: careRecipients.id, fullName: careRecipients.fullName, holderEmail: userProfiles.email })
    .from(careRecipients)
    .innerJoin(userProfiles, eq(userProfiles.id, careRecipients.clientId))
    .where(eq(careRecipients.id, careRecipientId));
  return row!;
}

async function audit(
  tx: Tx,
  type: SecurityEventType,
  userId: string,
  careRecipientId: string,
  metadata: Record<string, unknown>,
  request?: Request,
) {
  await recordAuditEventIn(tx, {
    type,
    userId,
    category: "account",
    request,
    metadata: { careRecipientId, ...metadata },
  });
}

export type FamilyInviteResult = { email: string; expiresAt: Date; url: string };

/**
 * The holder invites `email` into the circle with `role`: a pending invitation to the same address for the same
 * person is replaced (its link stops working); refused for the holder's own address, a present member and, as
 * every email a person can trigger, more than the allowance per address.
 */
export async function inviteFamilyMember({
  actor,
  careRecipientId,
  email: rawEmail,
  role,
  inviterName,
  locale,
  request,
}: {
  actor: Actor;
  careRecipientId: string;
  email: string;
  role: FamilyRole;
  inviterName: string;
  /** The holder's language: the invitation is written in it. */
  locale: Locale;
  request?: Request;
}): Promise<FamilyInviteResult> {
  const recipient = await heldRecipient(actor, careRecipientId);
  const email = normalize(rawEmail);
  if (email === normalize(recipient.holderEmail)) throw refusal("ownEmail", { field: "email" });
  const [member] = await db
    .select({ id: familyMembers.id })
    .from(familyMembers)
    .innerJoin(userProfiles, eq(userProfiles.id, familyMembers.userId))
    .where(and(eq(familyMembers.careRecipientId, careRecipientId), sql`lower(${userProfiles.email}) = ${email}`));
  if (member) throw refusal("alreadyMember", { field: "email" });
  const allowance = await checkEmailAllowance(email, "family-invite");
  if (!allowance.allowed) throw refusal("justSent", { retryAt: allowance.retryAt });

  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + INVITATION_LIFETIME_MS);
  const url = familyInviteUrl(token);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`family-invite:${careRecipientId}:${email}`}))`);
    await tx
      .update(familyInvitations)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(familyInvitations.careRecipientId, careRecipientId),
          eq(familyInvitations.email, email),
          invitationOpen(),
        ),
      );
    const [invitation] = await tx
      .insert(familyInvitations)
      .values({ careRecipientId, email, role, tokenHash: hashToken(token), invitedBy: actor.id, expiresAt })
      .returning({ id: familyInvitations.id });
    await sendEmail(
      { to: email, ...familyInviteEmail({ inviterName, recipientName: recipient.fullName, role, url, locale }) },
      tx,
    );
    await recordEmailSend(email, "family-invite", null, tx);
    await audit(
      tx,
      "family_member_invited",
      actor.id,
      careRecipientId,
      { invitationId: invitation!.id, email, role },
      request,
    );
  });
  return { email, expiresAt, url };
}

/** The holder withdraws a pending invitation of theirs; its link stops working. */
export async function revokeFamilyInvitation({
  actor,
  invitationId,
  request,
}: {
  actor: Actor;
  invitationId: string;
  request?: Request;
}): Promise<void> {
  const invitation = await openInvitationOf(actor, invitationId);
  await db.transaction(async (tx) => {
    const revoked = await tx
      .update(familyInvitations)
      .set({ revokedAt: new Date() })
      .where(and(eq(familyInvitations.id, invitation.id), invitationOpen()))
      .returning({ id: familyInvitations.id });
    if (revoked.length === 0) throw refusal("inviteClosed");
    await audit(
      tx,
      "family_invitation_revoked",
      actor.id,
      invitation.careRecipientId,
      { invitationId, email: invitation.email },
      request,
    );
  });
}

/** The holder sends a pending invitation again: a new link (the old one stops working) and 7 more days. */
export async function resendFamilyInvitation(input: {
  actor: Actor;
  invitationId: string;
  inviterName: string;
  locale: Locale;
  request?: Request;
}): Promise<FamilyInviteResult> {
  const invitation = await openInvitationOf(input.actor, input.invitationId);
  return inviteFamilyMember({
    ...input,
    careRecipientId: invitation.careRecipientId,
    email: invitation.email,
    role: invitation.role,
  });
}

async function openInvitationOf(actor: Actor, invitationId: string) {
  const client = actorAs(actor, "client");
  const [invitation] = await db
    .select()
    .from(familyInvitations)
    .innerJoin(careRecipients, eq(careRecipients.id, familyInvitations.careRecipientId))
    .where(and(sql`${familyInvitations.id}::text = ${invitationId}`, eq(careRecipients.clientId, client.id)));
  if (!invitation) throw refusal("notFound");
  const row = invitation.family_invitations;
  if (row.acceptedAt || row.revokedAt) throw refusal("inviteClosed");
  return row;
}

export type InvitationLookup =
  | { status: "valid"; email: string; role: FamilyRole; recipientName: string }
  | { status: "invalid" | "expired" | "closed" };

/** What an invitation link in hand is, for the page that accepts it. */
export async function lookUpFamilyInvitation(token: string, now = new Date()): Promise<InvitationLookup> {
  const [row] = await db
    .select({ invitation: familyInvitations, recipientName: careRecipients.fullName })
    .from(familyInvitations)
    .innerJoin(careRecipients, eq(careRecipients.id, familyInvitations.careRecipientId))
    .where(eq(familyInvitations.tokenHash, hashToken(token)));
  if (!row) return { status: "invalid" };
  if (row.invitation.acceptedAt || row.invitation.revokedAt) return { status: "closed" };
  if (row.invitation.expiresAt <= now) return { status: "expired" };
  return { status: "valid", email: row.invitation.email, role: row.invitation.role, recipientName: row.recipientName };
}

/**
 * The signed-in person accepts an invitation sent to their own address: they join the circle with its role (a
 * present member takes the new role). Used once: of two accepts only one finds it open.
 */
/**
 * The signed-in invited person joins: with the link's token, or from their own list of invitations by its id (an
 * account registered from the link comes back there, docs/product-rules.md "Family circle"). Either way the
 * account's address must be the invited one.
 */
export async function acceptFamilyInvitation({
  actor,
  email,
  request,
  ...which
}: {
  actor: Actor;
  /** The signed-in account's address, which must be the invited one. */
  email: string;
  request?: Request;
} & ({ token: string } | { invitationId: string })): Promise<{ careRecipientId: string; role: FamilyRole }> {
  const client = actorAs(actor, "client");
  if ("token" in which) {
    const lookup = await lookUpFamilyInvitation(which.token);
    if (lookup.status !== "valid") {
      throw refusal(
        ({ invalid: "inviteInvalid", expired: "inviteExpired", closed: "inviteClosed" } as const)[lookup.status],
      );
    }
    if (normalize(email) !== lookup.email) throw refusal("wrongEmail");
  }
  const chosen =
    "token" in which
      ? eq(familyInvitations.tokenHash, hashToken(which.token))
      : and(sql`${familyInvitations.id}::text = ${which.invitationId}`, eq(familyInvitations.email, normalize(email)));
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .update(familyInvitations)
      .set({ acceptedAt: sql`now()`, acceptedUserId: client.id })
      .where(and(chosen, invitationOpen(sql`now()`)))
      .returning();
    if (!invitation) throw refusal("token" in which ? "inviteClosed" : "notFound");
    if ((await recipientAccess(client.id, invitation.careRecipientId, tx)) === "holder") throw refusal("ownEmail");
    await tx
      .insert(familyMembers)
      .values({
        careRecipientId: invitation.careRecipientId,
        userId: client.id,
        role: invitation.role,
        addedBy: invitation.invitedBy,
      })
      .onConflictDoUpdate({
        target: [familyMembers.careRecipientId, familyMembers.userId],
        set: { role: invitation.role, updatedAt: new Date() },
      });
    await audit(
      tx,
      "family_invitation_accepted",
      client.id,
      invitation.careRecipientId,
      { invitationId: invitation.id, role: invitation.role },
      request,
    );
    return { careRecipientId: invitation.careRecipientId, role: invitation.role };
  });
}

export type InvitationForMe = {
  id: string;
  recipientName: string;
  holderName: string;
  role: FamilyRole;
  expiresAt: Date;
};

/** The open invitations addressed to the signed-in account's email, newest first: joined from /dashboard/family. */
export async function listInvitationsForMe({
  actor,
  email,
  now = new Date(),
}: {
  actor: Actor;
  email: string;
  now?: Date;
}): Promise<InvitationForMe[]> {
  actorAs(actor, "client");
  return db
    .select({
      id: familyInvitations.id,
      recipientName: careRecipients.fullName,
      holderName: userProfiles.name,
      role: familyInvitations.role,
      expiresAt: familyInvitations.expiresAt,
    })
    .from(familyInvitations)
    .innerJoin(careRecipients, eq(careRecipients.id, familyInvitations.careRecipientId))
    .innerJoin(userProfiles, eq(userProfiles.id, careRecipients.clientId))
    .where(and(eq(familyInvitations.email, normalize(email)), invitationOpen(now)))
    .orderBy(desc(familyInvitations.createdAt));
}

/** A member of a circle the actor holds; anything else is not found. */
async function memberOf(actor: Actor, memberId: string, tx: Tx) {
  const client = actorAs(actor, "client");
  const [row] = await tx
    .select({ member: familyMembers })
    .from(familyMembers)
    .innerJoin(careRecipients, eq(careRecipients.id, familyMembers.careRecipientId))
    .where(and(sql`${familyMembers.id}::text = ${memberId}`, eq(careRecipients.clientId, client.id)))
    .for("update", { of: familyMembers });
  if (!row) throw refusal("notFound");
  return row.member;
}

/** The holder gives a member another role; it applies to their next page or action. */
export async function changeFamilyMemberRole({
  actor,
  memberId,
  role,
  request,
}: {
  actor: Actor;
  memberId: string;
  role: FamilyRole;
  request?: Request;
}): Promise<void> {
  await db.transaction(async (tx) => {
    const member = await memberOf(actor, memberId, tx);
    if (member.role === role) return;
    await tx.update(familyMembers).set({ role, updatedAt: new Date() }).where(eq(familyMembers.id, member.id));
    await audit(
      tx,
      "family_member_role_changed",
      actor.id,
      member.careRecipientId,
      { memberUserId: member.userId, from: member.role, to: role },
      request,
    );
  });
}

/** The holder removes a member: their access ends at once. */
export async function removeFamilyMember({
  actor,
  memberId,
  request,
}: {
  actor: Actor;
  memberId: string;
  request?: Request;
}): Promise<void> {
  await db.transaction(async (tx) => {
    const member = await memberOf(actor, memberId, tx);
    await tx.delete(familyMembers).where(eq(familyMembers.id, member.id));
    await audit(
      tx,
      "family_member_removed",
      actor.id,
      member.careRecipientId,
      { memberUserId: member.userId, role: member.role },
      request,
    );
  });
}

/** A member leaves a circle they belong to. */
export async function leaveFamilyCircle({
  actor,
  careRecipientId,
  request,
}: {
  actor: Actor;
  careRecipientId: string;
  request?: Request;
}): Promise<void> {
  const client = actorAs(actor, "client");
  await db.transaction(async (tx) => {
    const [left] = await tx
      .delete(familyMembers)
      .where(and(sql`${familyMembers.careRecipientId}::text = ${careRecipientId}`, eq(familyMembers.userId, client.id)))
      .returning();
    if (!left) throw refusal("notFound");
    await audit(tx, "family_member_left", client.id, left.careRecipientId, { role: left.role }, request);
  });
}

export type FamilyCircle = {
  recipientName: string;
  members: { id: string; userId: string; name: string; email: string; role: FamilyRole; since: Date }[];
  invitations: { id: string; email: string; role: FamilyRole; expiresAt: Date; createdAt: Date }[];
  /** The circle's changes, newest first: who did what, when. */
  changes: {
    at: Date;
    type: string;
    byName: string | null;
    /** The member a role change or removal was about. */
    memberName: string | null;
    metadata: Record<string, unknown>;
  }[];
};

/** The holder's view of one person's circle: members, pending invitations and the changes. */
export async function getFamilyCircle({
  actor,
  careRecipientId,
  now = new Date(),
}: {
  actor: Actor;
  careRecipientId: string;
  now?: Date;
}): Promise<FamilyCircle> {
  const recipient = await heldRecipient(actor, careRecipientId);
  const members = await db
    .select({
      id: familyMembers.id,
      userId: familyMembers.userId,
      name: userProfiles.name,
      email: userProfiles.email,
      role: familyMembers.role,
      since: familyMembers.createdAt,
    })
    .from(familyMembers)
    .innerJoin(userProfiles, eq(userProfiles.id, familyMembers.userId))
    .where(eq(familyMembers.careRecipientId, careRecipientId))
    .orderBy(familyMembers.createdAt);
  const invitations = await db
    .select({
      id: familyInvitations.id,
      email: familyInvitations.email,
      role: familyInvitations.role,
      expiresAt: familyInvitations.expiresAt,
      createdAt: familyInvitations.createdAt,
    })
    .from(familyInvitations)
    .where(and(eq(familyInvitations.careRecipientId, careRecipientId), invitationOpen(now)))
    .orderBy(desc(familyInvitations.createdAt));
  const changes = await db
    .select({
      at: auditEvents.createdAt,
      type: auditEvents.eventType,
      byName: userProfiles.name,
      memberName: memberProfiles.name,
      metadata: auditEvents.metadata,
    })
    .from(auditEvents)
    .leftJoin(userProfiles, eq(userProfiles.id, auditEvents.userId))
    .leftJoin(memberProfiles, sql`${memberProfiles.id} = ${auditEvents.metadata}->>'memberUserId'`)
    .where(
      and(
        inArray(auditEvents.eventType, [...FAMILY_CIRCLE_EVENT_TYPES]),
        sql`${auditEvents.metadata}->>'careRecipientId' = ${careRecipientId}`,
      ),
    )
    .orderBy(desc(auditEvents.createdAt))
    .limit(100);
  return {
    recipientName: recipient.fullName,
    members,
    invitations,
    changes: changes.map((change) => ({ ...change, metadata: (change.metadata ?? {}) as Record<string, unknown> })),
  };
}

export type MyFamilyCircle = { careRecipientId: string; recipientName: string; holderName: string; role: FamilyRole };

/** The circles the person belongs to as a member: whose care, and their role in it. */
export async function listMyFamilyCircles({ actor }: { actor: Actor }): Promise<MyFamilyCircle[]> {
  const client = actorAs(actor, "client");
  return db
    .select({
      careRecipientId: familyMembers.careRecipientId,
      recipientName: careRecipients.fullName,
      holderName: userProfiles.name,
      role: familyMembers.role,
    })
    .from(familyMembers)
    .innerJoin(careRecipients, eq(careRecipients.id, familyMembers.careRecipientId))
    .innerJoin(userProfiles, eq(userProfiles.id, careRecipients.clientId))
    .where(eq(familyMembers.userId, client.id))
    .orderBy(familyMembers.createdAt);
}
