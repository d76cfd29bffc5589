import { and, count, eq, ilike, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import type { CurrentUser } from "~/platform/auth/session.server";
import { recordSecurityEvent } from "~/platform/auth/security-events.server";
import { db } from "~/platform/db/client.server";
import { countRows, orderByList, pageOfRows, type ListPage } from "~/platform/db/list-page.server";
import {
  caregiverApplicationDrafts,
  caregiverAvailability,
  caregiverDocuments,
  caregiverProfiles,
  caregiverReferenceNotes,
  caregiverVetting,
  userProfiles,
} from "~/platform/db/schema";
import { sendEmail } from "~/platform/email/mailer.server";
import {
  accountReinstatedEmail,
  accountSuspendedEmail,
  applicationApprovedEmail,
  applicationRejectedEmail,
  finalAdverseNoticeEmail,
  preAdverseNoticeEmail,
} from "~/platform/email/templates/caregiver-emails";
import { accountLocale } from "~/platform/auth/account-locale.server";
import type { DraftData } from "~/features/caregiver-onboarding/public";
import { documentLink } from "~/features/caregiver-onboarding/public.server";
import { queueNotification } from "~/features/notifications/public.server";
import type { MessageKey, MessageRef } from "~/i18n/message-keys";
import { AppError } from "~/utils/app-error";
import { getEnv } from "~/utils/env.server";
import { likePattern } from "~/utils/list-params";
import {
  ADVERSE_ACTION_WAIT_DAYS,
  canSendPreAdverseNotice,
  decide,
  type BackgroundCheckStatus,
  type Decision,
  type QueueQuery,
  type QueueStatus,
} from "./vetting";

// The admin review of caregivers (docs/product-rules.md, "Caregiver application and vetting"): the queue, one caregiver's
// application with its documents and vetting, and the decisions. Every
// change is written to the audit log and every decision emailed.

type Admin = Pick<CurrentUser, "id" | "roles">;

function assertAdmin(actor: Admin) {
  if (!actor.roles.includes("admin")) throw new AppError("forbidden", { key: "admin:refusals.onlyAdminsReview" });
}

export type QueueRow = {
  id: string;
  name: string;
  email: string;
  city: string | null;
  state: string | null;
  backgroundCheck: BackgroundCheckStatus;
  submittedAt: Date | null;
};

/**
 * The queue's condition: caregivers in one status whose application was sent (or who came before the
 * online application), matching the search. The list and the admin home's count both use it.
 */
function queueCondition(status: QueueStatus, search: string) {
  const pattern = likePattern(search);
  return and(
    eq(caregiverProfiles.caregiverStatus, status),
    or(isNull(caregiverApplicationDrafts.userId), isNotNull(caregiverApplicationDrafts.submittedAt)),
    search
      ? or(
          ilike(sql`${caregiverProfiles.firstName} || ' ' || ${caregiverProfiles.lastName}`, pattern),
          ilike(userProfiles.email, pattern),
          ilike(caregiverProfiles.city, pattern),
          ilike(caregiverProfiles.zipCode, pattern),
        )
      : undefined,
  );
}

/** How many caregivers the queue holds in one status (all of them; the list shows them a page at a time). As a scalar subquery: the admin home reads it with its other counts in one statement. */
export function countCaregiverQueue({ actor, status }: { actor: Admin; status: QueueStatus }): SQL {
  assertAdmin(actor);
  return sql`(${db
    .select({ total: count() })
    .from(caregiverProfiles)
    .innerJoin(userProfiles, eq(userProfiles.id, caregiverProfiles.userId))
    .leftJoin(caregiverApplicationDrafts, eq(caregiverApplicationDrafts.userId, caregiverProfiles.userId))
    .where(queueCondition(status, ""))})`;
}

/**
 * One page of the caregivers in one status (unsubmitted applications are not in the queue), searched by name,
 * email, city or ZIP, sorted as asked (newest application first by default), with how many match.
 */
export async function listCaregiverQueue({
  actor,
  query,
}: {
  actor: Admin;
  query: Pick<QueueQuery, "status" | "q" | "sort" | "dir" | "page" | "perPage">;
}): Promise<ListPage<QueueRow>> {
  assertAdmin(actor);
  const queue = db
    .select({
      id: caregiverProfiles.userId,
      firstName: caregiverProfiles.firstName,
      lastName: caregiverProfiles.lastName,
      email: userProfiles.email,
      city: caregiverProfiles.city,
      state: caregiverProfiles.state,
      backgroundCheck: caregiverProfiles.backgroundCheckStatus,
      submittedAt: caregiverApplicationDrafts.submittedAt,
    })
    .from(caregiverProfiles)
    .innerJoin(userProfiles, eq(userProfiles.id, caregiverProfiles.userId))
    .leftJoin(caregiverApplicationDrafts, eq(caregiverApplicationDrafts.userId, caregiverProfiles.userId))
    .where(queueCondition(query.status, query.q));
  const sortColumn =
    query.sort === "name"
      ? sql`lower(${caregiverProfiles.lastName} || ' ' || ${caregiverProfiles.firstName})`
      : query.sort === "city"
        ? sql`lower(${caregiverProfiles.city})`
        : sql`coalesce(${caregiverApplicationDrafts.submittedAt}, ${caregiverProfiles.createdAt})`;
  return pageOfRows({
    page: query.page,
    perPage: query.perPage,
    count: () => countRows(queue),
    rows: async (limit, offset) => {
      const rows = await queue
        .orderBy(...orderByList(sortColumn, query.dir, caregiverProfiles.userId))
        .limit(limit)
        .offset(offset);
      return rows.map(({ firstName, lastName, ...row }) => ({ ...row, name: `${firstName} ${lastName}` }));
    },
  });
}

/**
 * One caregiver's application as an administrator reviews it, with signed
 * links to the documents for them; not_found for an unknown caregiver.
 */
export async function loadCaregiverForReview({ actor, caregiverId }: { actor: Admin; caregiverId: string }) {
  assertAdmin(actor);
  const [row] = await db
    .select({
      profile: caregiverProfiles,
      email: userProfiles.email,
      emailVerified: userProfiles.emailVerified,
      draft: caregiverApplicationDrafts,
    })
    .from(caregiverProfiles)
    .innerJoin(userProfiles, eq(userProfiles.id, caregiverProfiles.userId))
    .leftJoin(caregiverApplicationDrafts, eq(caregiverApplicationDrafts.userId, caregiverProfiles.userId))
    .where(eq(caregiverProfiles.userId, caregiverId))
    .limit(1);
  if (!row) throw new AppError("not_found", CAREGIVER_NOT_FOUND);
  const [documents, availability, [vetting], referenceNotes] = await Promise.all([
    db
      .select()
      .from(caregiverDocuments)
      .where(eq(caregiverDocuments.caregiverId, caregiverId))
      .orderBy(caregiverDocuments.createdAt),
    db.select().from(caregiverAvailability).where(eq(caregiverAvailability.caregiverId, caregiverId)),
    db
      .select({ vetting: caregiverVetting, setByName: userProfiles.name })
      .from(caregiverVetting)
      .leftJoin(userProfiles, eq(userProfiles.id, caregiverVetting.backgroundCheckSetBy))
      .where(eq(caregiverVetting.caregiverId, caregiverId))
      .limit(1),
    db
      .select({
        referenceIndex: caregiverReferenceNotes.referenceIndex,
        notes: caregiverReferenceNotes.notes,
        updatedAt: caregiverReferenceNotes.updatedAt,
        updatedByName: userProfiles.name,
      })
      .from(caregiverReferenceNotes)
      .leftJoin(userProfiles, eq(userProfiles.id, caregiverReferenceNotes.updatedBy))
      .where(eq(caregiverReferenceNotes.caregiverId, caregiverId)),
  ]);
  return {
    profile: row.profile,
    email: row.email,
    emailVerified: row.emailVerified,
    submittedAt: row.draft?.submittedAt ?? null,
    draft: (row.draft?.data ?? {}) as DraftData,
    availability,
    documents: documents.map((document) => ({
      id: document.id,
      kind: document.kind,
      originalName: document.originalName,
      contentType: document.contentType,
      byteSize: document.byteSize,
      url: documentLink(document.id, actor.id),
    })),
    vetting: vetting ? { ...vetting.vetting, setByName: vetting.setByName } : null,
    referenceNotes,
  };
}

async function vettingState(caregiverId: string) {
  const [row] = await db
    .select({
      status: caregiverProfiles.caregiverStatus,
      backgroundCheck: caregiverProfiles.backgroundCheckStatus,
      firstName: caregiverProfiles.firstName,
      email: userProfiles.email,
      preAdverseNoticeAt: caregiverVetting.preAdverseNoticeAt,
    })
    .from(caregiverProfiles)
    .innerJoin(userProfiles, eq(userProfiles.id, caregiverProfiles.userId))
    .leftJoin(caregiverVetting, eq(caregiverVetting.caregiverId, caregiverProfiles.userId))
    .where(eq(caregiverProfiles.userId, caregiverId))
    .limit(1);
  return row ?? null;
}

type Change = { actor: Admin; caregiverId: string; request: Request };
/** A change that was made, with what to tell the administrator; a refused one throws an AppError. */
export type ChangeResult = { ok: true; message: MessageRef };

const CAREGIVER_NOT_FOUND = { key: "admin:refusals.caregiverNotFound" } as const satisfies MessageRef;

/** The caregiver's vetting state, or not_found. */
async function existingVettingState(caregiverId: string) {
  const state = await vettingState(caregiverId);
  if (!state) throw new AppError("not_found", CAREGIVER_NOT_FOUND);
  return state;
}

export async function setBackgroundCheck({
  actor,
  caregiverId,
  request,
  status,
}: Change & { status: BackgroundCheckStatus }): Promise<ChangeResult> {
  assertAdmin(actor);
  const state = await existingVettingState(caregiverId);
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(caregiverProfiles)
      .set({ backgroundCheckStatus: status })
      .where(eq(caregiverProfiles.userId, caregiverId));
    await tx
      .insert(caregiverVetting)
      .values({ caregiverId, backgroundCheckSetBy: actor.id, backgroundCheckSetAt: now })
      .onConflictDoUpdate({
        target: caregiverVetting.caregiverId,
        set: { backgroundCheckSetBy: actor.id, backgroundCheckSetAt: now },
      });
  });
  await recordSecurityEvent({
    type: "caregiver_background_check_updated",
    userId: actor.id,
    category: "admin",
    request,
    metadata: { caregiverId, from: state.backgroundCheck, to: status },
  });
  return { ok: true, message: { key: "admin:refusals.checkSaved" } };
}

/**
 * Saves an administrator's notes on one reference of a submitted application
 * (emptying them removes them). Each save is written to the audit log, without
 * the notes themselves.
 */
export async function saveReferenceNotes({
  actor,
  caregiverId,
  request,
  referenceIndex,
  notes,
}: Change & { referenceIndex: number; notes: string }): Promise<ChangeResult> {
  assertAdmin(actor);
  const [draft] = await db
    .select({ data: caregiverApplicationDrafts.data })
    .from(caregiverApplicationDrafts)
    .where(eq(caregiverApplicationDrafts.userId, caregiverId))
    .limit(1);
  const reference = (draft?.data as DraftData | undefined)?.background?.references[referenceIndex];
  if (!reference) throw new AppError("not_found", { key: "admin:refusals.referenceMissing" });
  const text = notes.trim();
  if (text) {
    const now = new Date();
    await db
      .insert(caregiverReferenceNotes)
      .values({ caregiverId, referenceIndex, notes: text, updatedBy: actor.id, updatedAt: now })
      .onConflictDoUpdate({
        target: [caregiverReferenceNotes.caregiverId, caregiverReferenceNotes.referenceIndex],
        set: { notes: text, updatedBy: actor.id, updatedAt: now },
      });
  } else {
    await db
      .delete(caregiverReferenceNotes)
      .where(
        and(
          eq(caregiverReferenceNotes.caregiverId, caregiverId),
          eq(caregiverReferenceNotes.referenceIndex, referenceIndex),
        ),
      );
  }
  await recordSecurityEvent({
    type: "caregiver_reference_notes_saved",
    userId: actor.id,
    category: "admin",
    request,
    metadata: { caregiverId, referenceIndex, cleared: !text },
  });
  return { ok: true, message: { key: "admin:caregiver.notesSaved", values: { name: reference.name } } };
}

/** The first adverse-action step: the pre-adverse notice, emailed and recorded. */
export async function sendPreAdverseNotice({ actor, caregiverId, request }: Change): Promise<ChangeResult> {
  assertAdmin(actor);
  const state = await existingVettingState(caregiverId);
  if (!canSendPreAdverseNotice(state)) {
    throw new AppError("conflict", { key: "admin:refusals.preAdverseOnce" });
  }
  const now = new Date();
  const locale = (await accountLocale(caregiverId)) ?? undefined;
  // The notice is queued with the record of it: both or neither.
  await db.transaction(async (tx) => {
    await tx
      .insert(caregiverVetting)
      .values({ caregiverId, preAdverseNoticeAt: now })
      .onConflictDoUpdate({ target: caregiverVetting.caregiverId, set: { preAdverseNoticeAt: now } });
    await sendEmail(
      {
        to: state.email,
        ...preAdverseNoticeEmail({ firstName: state.firstName, waitDays: ADVERSE_ACTION_WAIT_DAYS, locale }),
      },
      tx,
    );
  });
  await recordSecurityEvent({
    type: "caregiver_adverse_action",
    userId: actor.id,
    category: "admin",
    request,
    metadata: { caregiverId, step: "pre_adverse_notice" },
  });
  return { ok: true, message: { key: "admin:refusals.preAdverseSent" } };
}

const DECISION_EVENTS = {
  approve: "caregiver_approved",
  reject: "caregiver_rejected",
  suspend: "caregiver_suspended",
  reinstate: "caregiver_reinstated",
} as const;

const DECISION_MESSAGES: Record<Decision, MessageKey> = {
  approve: "admin:refusals.approved",
  reject: "admin:refusals.rejected",
  suspend: "admin:refusals.suspended",
  reinstate: "admin:refusals.reinstated",
};

/** Approves, rejects, suspends or reinstates; emails the caregiver and writes the audit event. */
export async function applyDecision({
  actor,
  caregiverId,
  request,
  decision,
  reason,
  now = new Date(),
}: Change & { decision: Decision; reason: string; now?: Date }): Promise<ChangeResult> {
  assertAdmin(actor);
  const state = await existingVettingState(caregiverId);
  const result = decide(decision, state, reason, now);
  const dashboardUrl = `${getEnv().appUrl}/caregiver`;
  const firstName = state.firstName;
  // In the language stored on the caregiver's account (English when none).
  const locale = (await accountLocale(caregiverId)) ?? undefined;
  const email =
    decision === "approve"
      ? applicationApprovedEmail({ firstName, url: dashboardUrl, locale })
      : decision === "reinstate"
        ? accountReinstatedEmail({ firstName, url: dashboardUrl, locale })
        : decision === "suspend"
          ? accountSuspendedEmail({ firstName, reason, locale })
          : result.sendsFinalAdverseNotice
            ? finalAdverseNoticeEmail({ firstName, reason, locale })
            : applicationRejectedEmail({ firstName, reason, locale });
  // The decision, its record and its email in one transaction: the email is
  // queued if and only if the decision holds.
  await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(caregiverProfiles)
      .set({ caregiverStatus: result.status })
      .where(and(eq(caregiverProfiles.userId, caregiverId), eq(caregiverProfiles.caregiverStatus, state.status)))
      .returning({ userId: caregiverProfiles.userId });
    if (!changed) throw new AppError("conflict", { key: "admin:refusals.changedMeanwhile" });
    await tx
      .insert(caregiverVetting)
      .values({
        caregiverId,
        decisionReason: reason || null,
        finalAdverseNoticeAt: result.sendsFinalAdverseNotice ? now : null,
      })
      .onConflictDoUpdate({
        target: caregiverVetting.caregiverId,
        set: {
          decisionReason: reason || null,
          ...(result.sendsFinalAdverseNotice ? { finalAdverseNoticeAt: now } : {}),
        },
      });
    await sendEmail({ to: state.email, ...email }, tx);
    // The application's outcome shows in the app too (docs/product-rules.md, "Notifications").
    if (decision === "approve" || decision === "reject") {
      const isApproved = decision === "approve";
      await queueNotification(tx, {
        userId: caregiverId,
        type: "system",
        subtype: isApproved ? "application_approved" : "application_declined",
        key: isApproved ? "applicationApproved" : "applicationDeclined",
        actionUrl: isApproved ? "/caregiver" : undefined,
        emailedSeparately: true,
      });
    }
  });
  await recordSecurityEvent({
    type: DECISION_EVENTS[decision],
    userId: actor.id,
    category: "admin",
    severity: decision === "approve" || decision === "reinstate" ? "info" : "medium",
    request,
    metadata: {
      caregiverId,
      from: state.status,
      to: result.status,
      reason: reason || undefined,
      ...(result.sendsFinalAdverseNotice ? { adverseAction: "final_notice" } : {}),
    },
  });
  return { ok: true, message: { key: DECISION_MESSAGES[decision] } };
}
