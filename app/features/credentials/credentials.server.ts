import { and, asc, eq, inArray, isNull, lt, lte, sql, type SQL } from "drizzle-orm";
import type { Locale } from "~/i18n/config";
import { getTranslate } from "~/i18n/i18n.server";
import { actorAs } from "~/platform/auth/actor";
import { recordSecurityEvent } from "~/platform/auth/security-events.server";
import { db, type Executor } from "~/platform/db/client.server";
import { publishAdminAttention } from "~/platform/realtime/publish.server";
import { caregiverCredentials, caregiverProfiles, userProfiles } from "~/platform/db/schema";
import { AppError } from "~/utils/app-error";
import { localDateIn, formatCalendarDate } from "~/utils/datetime";
import type { Role } from "~/utils/roles";
import { queueNotification } from "~/features/notifications/public.server";
import { documentLink, saveApplicationDocument } from "~/features/caregiver-onboarding/public.server";
import {
  addDays,
  CREDENTIAL_KINDS,
  CREDENTIAL_REFUSAL,
  CREDENTIAL_TIME_ZONE,
  CREDENTIALS_PATH,
  credentialStanding,
  EXPIRING_SOON_DAYS,
  expiryDateProblem,
  isRequiredCredential,
  REQUIRED_CREDENTIAL_KINDS,
  reminderDue,
  type CredentialKind,
  type CredentialStanding,
} from "./credential-rules";

// Credentials that expire (docs/product-rules.md, "Credentials that expire";
// docs/decisions/0047-credentials-that-expire.md): the caregiver's upload or
// renewal, the gate the accepts ask, the notice on the offer screens, the
// reminders at 30 and 7 days, and the admin's count and list, which share one
// condition.

type Actor = { id: string; roles: readonly Role[] };

/** Today, as a calendar date in the platform's zone. */
export function credentialToday(now: Date = new Date()): string {
  return localDateIn(CREDENTIAL_TIME_ZONE, now);
}

export type CaregiverCredential = {
  kind: CredentialKind;
  isRequired: boolean;
  expiresOn: string | null;
  standing: CredentialStanding | null;
  isVerified: boolean;
  documentUrl: string | null;
};

/** Every kind, with the caregiver's current credential of it (or none on file). */
export async function listMyCredentials({
  actor,
  now = new Date(),
}: {
  actor: Actor;
  now?: Date;
}): Promise<CaregiverCredential[]> {
  const caregiver = actorAs(actor, "caregiver");
  return credentialsOf(caregiver.id, now);
}

/** The same list for an admin, on the caregiver's page (/admin/caregivers/:id). */
export async function listCredentialsForAdmin({
  actor,
  caregiverId,
  now = new Date(),
}: {
  actor: Actor;
  caregiverId: string;
  now?: Date;
}): Promise<CaregiverCredential[]> {
  actorAs(actor, "admin");
  return credentialsOf(caregiverId, now);
}

async function credentialsOf(caregiverId: string, now: Date): Promise<CaregiverCredential[]> {
  const today = credentialToday(now);
  const rows = await db.select().from(caregiverCredentials).where(eq(caregiverCredentials.caregiverId, caregiverId));
  return CREDENTIAL_KINDS.map((kind) => {
    const row = rows.find((candidate) => candidate.kind === kind);
    return {
      kind,
      isRequired: isRequiredCredential(kind),
      expiresOn: row?.expiresOn ?? null,
      standing: row ? credentialStanding(row.expiresOn, today) : null,
      isVerified: row?.verifiedAt != null,
      documentUrl: row?.documentId ? documentLink(row.documentId, caregiverId, now) : null,
    };
  });
}

/**
 * Uploads or renews one credential: the document is stored as a certificate (features/caregiver-onboarding),
 * and the kind's one row takes the new date, loses its verification and its reminder stamps. A date already
 * past is refused (docs/decisions/0047-credentials-that-expire.md). Audited.
 */
export async function saveCredential({
  actor,
  kind,
  expiresOn,
  file,
  request,
  now = new Date(),
}: {
  actor: Actor;
  kind: CredentialKind;
  expiresOn: string;
  file: File | null;
  request?: Request;
  now?: Date;
}): Promise<{ kind: CredentialKind; expiresOn: string }> {
  const caregiver = actorAs(actor, "caregiver");
  const problem = expiryDateProblem(expiresOn, credentialToday(now));
  if (problem) throw new AppError("invalid", { key: problem }, { field: "expiresOn" });
  const { documentId } = await saveApplicationDocument({ ownerId: caregiver.id, kind: "certification", file });
  const renewed = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ expiresOn: caregiverCredentials.expiresOn })
      .from(caregiverCredentials)
      .where(and(eq(caregiverCredentials.caregiverId, caregiver.id), eq(caregiverCredentials.kind, kind)))
      .for("update");
    await tx
      .insert(caregiverCredentials)
      .values({ caregiverId: caregiver.id, kind, expiresOn, documentId })
      .onConflictDoUpdate({
        target: [caregiverCredentials.caregiverId, caregiverCredentials.kind],
        set: {
          expiresOn,
          documentId,
          verifiedAt: null,
          verifiedBy: null,
          reminded30At: null,
          reminded7At: null,
          updatedAt: now,
        },
      });
    // The admin home's count of credentials expiring may move (docs/decisions/0039-admin-home-and-analytics.md).
    await publishAdminAttention(tx, "credentials");
    return before ?? null;
  });
  await recordSecurityEvent({
    type: "caregiver_credential_saved",
    userId: caregiver.id,
    category: "account",
    request,
    metadata: { kind, expiresOn, previousExpiresOn: renewed?.expiresOn ?? null, documentId },
  });
  return { kind, expiresOn };
}

/**
 * For matching (docs/decisions/0047-credentials-that-expire.md): true when the caregiver in `caregiverColumn` has
 * no required credential past its date, so new offers skip those the gate would refuse. One probe of the
 * (caregiver_id, kind) unique index per caregiver.
 */
export function hasNoExpiredRequiredCredential(caregiverColumn: SQL, now: Date = new Date()): SQL {
  return sql`not exists (
    select 1 from ${caregiverCredentials} cc
    where cc.caregiver_id = ${caregiverColumn}
      and cc.kind in (${sql.join(
        REQUIRED_CREDENTIAL_KINDS.map((kind) => sql`${kind}`),
        sql`, `,
      )})
      and cc.expires_on < ${credentialToday(now)}::date
  )`;
}

/** The caregiver's required credentials past their date, soonest expired first. */
function expiredRequired(executor: Executor, caregiverId: string, today: string) {
  return executor
    .select({ kind: caregiverCredentials.kind, expiresOn: caregiverCredentials.expiresOn })
    .from(caregiverCredentials)
    .where(
      and(
        eq(caregiverCredentials.caregiverId, caregiverId),
        inArray(caregiverCredentials.kind, [...REQUIRED_CREDENTIAL_KINDS]),
        lt(caregiverCredentials.expiresOn, today),
      ),
    )
    .orderBy(asc(caregiverCredentials.expiresOn));
}

/**
 * The gate the accepts ask inside their transactions (respondToOffer, acceptBackupOffer), like the training
 * gate (docs/decisions/0037-training.md): a required credential past its date refuses new work with a
 * conflict naming it and the way to renew it. One indexed read per accept.
 */
export async function assertCredentialsAllowWork(executor: Executor, caregiverId: string, now: Date): Promise<void> {
  const [first] = await expiredRequired(executor, caregiverId, credentialToday(now));
  if (first)
    throw new AppError(
      "conflict",
      { key: `credentials:refusals.expired.${first.kind}` },
      { reason: CREDENTIAL_REFUSAL },
    );
}

export type CredentialNoticeData = {
  expired: { kind: CredentialKind; expiresOn: string }[];
  expiring: { kind: CredentialKind; expiresOn: string }[];
};

/** What the offer screens and the home show before Accept: required credentials expired, or expiring within 30 days. */
export async function credentialNotice({
  actor,
  now = new Date(),
}: {
  actor: Actor;
  now?: Date;
}): Promise<CredentialNoticeData> {
  const caregiver = actorAs(actor, "caregiver");
  const today = credentialToday(now);
  const rows = await db
    .select({ kind: caregiverCredentials.kind, expiresOn: caregiverCredentials.expiresOn })
    .from(caregiverCredentials)
    .where(
      and(
        eq(caregiverCredentials.caregiverId, caregiver.id),
        inArray(caregiverCredentials.kind, [...REQUIRED_CREDENTIAL_KINDS]),
        lte(caregiverCredentials.expiresOn, addDays(today, EXPIRING_SOON_DAYS)),
      ),
    )
    .orderBy(asc(caregiverCredentials.expiresOn));
  return {
    expired: rows.filter((row) => credentialStanding(row.expiresOn, today) === "expired"),
    expiring: rows.filter((row) => credentialStanding(row.expiresOn, today) === "expiring"),
  };
}

/**
 * The reminders 30 and 7 days before a credential's date, once each: the credentials within 30 days not yet
 * reminded for their window are stamped under their row lock and the caregiver told, as keys with values in
 * their own language (docs/decisions/0025-messages-as-keys.md), so a second sweep tells nobody again.
 */
export async function sweepCredentialReminders(now: Date = new Date()): Promise<{ notified: number }> {
  const today = credentialToday(now);
  const candidates = await db
    .select({ id: caregiverCredentials.id })
    .from(caregiverCredentials)
    .where(
      and(
        sql`${caregiverCredentials.expiresOn} >= ${today}`,
        lte(caregiverCredentials.expiresOn, addDays(today, 30)),
        sql`(${caregiverCredentials.reminded30At} is null or ${caregiverCredentials.reminded7At} is null)`,
      ),
    );
  let notified = 0;
  for (const { id } of candidates) {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          credential: caregiverCredentials,
          locale: userProfiles.locale,
        })
        .from(caregiverCredentials)
        .innerJoin(userProfiles, eq(userProfiles.id, caregiverCredentials.caregiverId))
        .where(eq(caregiverCredentials.id, id))
        .for("update", { of: caregiverCredentials });
      if (!row) return;
      const due = reminderDue(row.credential, today);
      if (due === null) return;
      // The 7-day reminder also closes the 30-day window: a late upload is reminded once.
      await tx
        .update(caregiverCredentials)
        .set(due === 7 ? { reminded7At: now, reminded30At: row.credential.reminded30At ?? now } : { reminded30At: now })
        .where(eq(caregiverCredentials.id, id));
      const locale: Locale = row.locale === "es" ? "es" : "en";
      const t = getTranslate(locale, "credentials");
      await queueNotification(tx, {
        userId: row.credential.caregiverId,
        type: "system",
        subtype: "credential_expiring",
        key: `credentials:notify.due${due}`,
        params: {
          credential: t(`kinds.${row.credential.kind}`),
          date: formatCalendarDate(row.credential.expiresOn, "longDate", locale),
        },
        priority: due === 7 ? "urgent" : "normal",
        actionUrl: CREDENTIALS_PATH,
        metadata: { credentialId: id, kind: row.credential.kind, days: due },
      });
      notified += 1;
    });
  }
  return { notified };
}

function assertAdmin(actor: Actor) {
  if (!actor.roles.includes("admin")) throw new AppError("forbidden", { key: "credentials:admin.onlyAdmins" });
}

/**
 * The one condition of the admin home's count and of /admin/credentials: a credential of an approved caregiver
 * expired or expiring within EXPIRING_SOON_DAYS (docs/decisions/0039-admin-home-and-analytics.md).
 */
function expiringSoonCondition(today: string): SQL {
  return and(
    eq(caregiverProfiles.caregiverStatus, "approved"),
    lte(caregiverCredentials.expiresOn, addDays(today, EXPIRING_SOON_DAYS)),
  )!;
}

/** The admin home's count, as a subquery read with the other counts in one statement. */
export function countCredentialsExpiring({ actor, now = new Date() }: { actor: Actor; now?: Date }): SQL {
  assertAdmin(actor);
  return sql`(${db
    .select({ total: sql<number>`count(*)` })
    .from(caregiverCredentials)
    .innerJoin(caregiverProfiles, eq(caregiverProfiles.userId, caregiverCredentials.caregiverId))
    .where(expiringSoonCondition(credentialToday(now)))})`;
}

export type ExpiringCredentialRow = {
  id: string;
  caregiverId: string;
  name: string;
  kind: CredentialKind;
  expiresOn: string;
  standing: CredentialStanding;
  isVerified: boolean;
  documentUrl: string | null;
};

/** The list the count opens: caregiver, credential, date, soonest first (at most 500). */
export async function listCredentialsExpiring({
  actor,
  now = new Date(),
}: {
  actor: Actor;
  now?: Date;
}): Promise<ExpiringCredentialRow[]> {
  assertAdmin(actor);
  const today = credentialToday(now);
  const rows = await db
    .select({
      id: caregiverCredentials.id,
      caregiverId: caregiverCredentials.caregiverId,
      firstName: caregiverProfiles.firstName,
      lastName: caregiverProfiles.lastName,
      kind: caregiverCredentials.kind,
      expiresOn: caregiverCredentials.expiresOn,
      verifiedAt: caregiverCredentials.verifiedAt,
      documentId: caregiverCredentials.documentId,
    })
    .from(caregiverCredentials)
    .innerJoin(caregiverProfiles, eq(caregiverProfiles.userId, caregiverCredentials.caregiverId))
    .where(expiringSoonCondition(today))
    .orderBy(asc(caregiverCredentials.expiresOn), asc(caregiverProfiles.lastName))
    .limit(500);
  return rows.map((row) => ({
    id: row.id,
    caregiverId: row.caregiverId,
    name: `${row.firstName} ${row.lastName}`.trim(),
    kind: row.kind,
    expiresOn: row.expiresOn,
    standing: credentialStanding(row.expiresOn, today),
    isVerified: row.verifiedAt !== null,
    documentUrl: row.documentId ? documentLink(row.documentId, actor.id, now) : null,
  }));
}

/** An administrator checked the document against its date. Audited. */
export async function verifyCredential({
  actor,
  credentialId,
  request,
  now = new Date(),
}: {
  actor: Actor;
  credentialId: string;
  request?: Request;
  now?: Date;
}): Promise<void> {
  assertAdmin(actor);
  const [row] = /^[0-9a-f-]{36}$/i.test(credentialId)
    ? await db
        .update(caregiverCredentials)
        .set({ verifiedAt: now, verifiedBy: actor.id, updatedAt: now })
        .where(and(eq(caregiverCredentials.id, credentialId), isNull(caregiverCredentials.verifiedAt)))
        .returning({
          caregiverId: caregiverCredentials.caregiverId,
          kind: caregiverCredentials.kind,
          expiresOn: caregiverCredentials.expiresOn,
        })
    : [];
  if (!row) {
    const [exists] = /^[0-9a-f-]{36}$/i.test(credentialId)
      ? await db
          .select({ id: caregiverCredentials.id })
          .from(caregiverCredentials)
          .where(eq(caregiverCredentials.id, credentialId))
      : [];
    if (!exists) throw new AppError("not_found", { key: "credentials:refusals.notFound" });
    return;
  }
  await recordSecurityEvent({
    type: "caregiver_credential_verified",
    userId: actor.id,
    category: "admin",
    request,
    metadata: { credentialId, caregiverId: row.caregiverId, kind: row.kind, expiresOn: row.expiresOn },
  });
}
