import { randomUUID } from "node:crypto";
import { and, desc, eq, gt } from "drizzle-orm";
import { getAuth } from "~/platform/auth/auth.server";
import { clientAddress } from "~/platform/auth/client-address";
import { recordSecurityEvent } from "~/platform/auth/security-events.server";
import type { CurrentUser } from "~/platform/auth/session.server";
import { db } from "~/platform/db/client.server";
import { caregiverProfiles, clientProfiles, userProfiles, verifications } from "~/platform/db/schema";
import type { ProfileChanges } from "./accounts.schema";
import { checkEmailAllowance, recordEmailSend } from "./email-limits.server";

// Profile basics (docs/product-rules.md, "Accounts and sign-in"): first name, last name and email; the update
// carries only what changed, and an unchanged value is ignored here too.
// A new email address takes effect only once its owner follows the link sent
// to it (better-auth's change-email flow; the link opens /verify-email).

export type ProfileArea = "client" | "caregiver";

// better-auth's email verification links live one hour (emailVerification.expiresIn).
const EMAIL_CHANGE_LIFETIME_MS = 60 * 60 * 1000;
const pendingKey = (userId: string) => `tendly:pending-email-change:${userId}`;

export type EmailChangeResult =
  | { status: "unchanged" }
  | { status: "sent"; newEmail: string }
  | { status: "limited"; newEmail: string; retryAt: Date }
  /** `detail`: better-auth's own message, when it gave one (the route has the words otherwise). */
  | { status: "failed"; newEmail: string; detail: string | null };

export type ProfileUpdateResult = { updatedNames: ("firstName" | "lastName")[]; email: EmailChangeResult };

/** The address waiting for confirmation, if any (shown until it is confirmed or the link expires). */
export async function pendingEmailChange(user: Pick<CurrentUser, "id" | "email">): Promise<string | null> {
  const [row] = await db
    .select({ value: verifications.value })
    .from(verifications)
    .where(and(eq(verifications.identifier, pendingKey(user.id)), gt(verifications.expiresAt, new Date())))
    .orderBy(desc(verifications.createdAt))
    .limit(1);
  if (!row) return null;
  if (row.value === user.email.toLowerCase()) {
    await db.delete(verifications).where(eq(verifications.identifier, pendingKey(user.id)));
    return null;
  }
  return row.value;
}

async function savePendingEmailChange(userId: string, newEmail: string) {
  await db.transaction(async (tx) => {
    await tx.delete(verifications).where(eq(verifications.identifier, pendingKey(userId)));
    await tx.insert(verifications).values({
      id: randomUUID(),
      identifier: pendingKey(userId),
      value: newEmail,
      expiresAt: new Date(Date.now() + EMAIL_CHANGE_LIFETIME_MS),
    });
  });
}

async function updateNames(user: CurrentUser, area: ProfileArea, names: { firstName: string; lastName: string }) {
  await db.transaction(async (tx) => {
    // One person, one name: every profile the user has follows.
    if (area === "client") {
      await tx
        .insert(clientProfiles)
        .values({ userId: user.id, ...names })
        .onConflictDoUpdate({ target: clientProfiles.userId, set: names });
    } else {
      await tx.update(clientProfiles).set(names).where(eq(clientProfiles.userId, user.id));
    }
    await tx.update(caregiverProfiles).set(names).where(eq(caregiverProfiles.userId, user.id));
    await tx
      .update(userProfiles)
      .set({ name: `${names.firstName} ${names.lastName}` })
      .where(eq(userProfiles.id, user.id));
  });
}

/** Starts an email change: a link to `newEmail` that, once followed, makes it the account's address. */
export async function requestEmailChange({
  user,
  newEmail,
  request,
}: {
  user: CurrentUser;
  newEmail: string;
  request: Request;
}): Promise<EmailChangeResult> {
  const allowance = await checkEmailAllowance(newEmail, "email-change");
  if (!allowance.allowed) return { status: "limited", newEmail, retryAt: allowance.retryAt };
  try {
    // When the address already belongs to another account better-auth sends
    // nothing but answers the same, so that nobody learns who has an account.
    await getAuth().api.changeEmail({ body: { newEmail }, headers: request.headers });
  } catch (error) {
    return { status: "failed", newEmail, detail: error instanceof Error && error.message ? error.message : null };
  }
  await recordEmailSend(newEmail, "email-change", clientAddress(request));
  await savePendingEmailChange(user.id, newEmail);
  await recordSecurityEvent({
    type: "email_change_requested",
    userId: user.id,
    category: "account",
    request,
    metadata: { previousEmail: user.email, newEmail },
  });
  return { status: "sent", newEmail };
}

/** Applies the changed fields of `changes` to `user`'s profile; unchanged values are ignored. */
export async function updateProfile({
  user,
  area,
  changes,
  request,
}: {
  user: CurrentUser;
  area: ProfileArea;
  changes: ProfileChanges;
  request: Request;
}): Promise<ProfileUpdateResult> {
  const updatedNames = (["firstName", "lastName"] as const).filter(
    (field) => changes[field] !== undefined && changes[field] !== user[field],
  );
  if (updatedNames.length > 0) {
    await updateNames(user, area, {
      firstName: changes.firstName ?? user.firstName,
      lastName: changes.lastName ?? user.lastName,
    });
  }
  const newEmail = changes.email?.toLowerCase();
  const email: EmailChangeResult =
    newEmail && newEmail !== user.email.toLowerCase()
      ? await requestEmailChange({ user, newEmail, request })
      : { status: "unchanged" };
  return { updatedNames, email };
}
