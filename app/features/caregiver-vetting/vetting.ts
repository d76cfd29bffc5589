import labels from "~/i18n/locales/en/labels";
import { addDays } from "date-fns/addDays";
import { z } from "zod";
import { messageKey } from "~/i18n/message-keys";
import type { CaregiverStatus } from "~/platform/db/schema";
import type { MessageKey } from "~/i18n/message-keys";
import { AppError } from "~/utils/app-error";
import { listParamsSchema } from "~/utils/list-params";

// Vetting a caregiver (docs/product-rules.md, "Caregiver application and vetting"): the decisions an administrator can
// take and when, without I/O. Only approved caregivers with a clear
// background check may ever be matched or reach the caregiver area's work.

export const BACKGROUND_CHECK_STATUSES = ["not_started", "in_progress", "clear", "consider", "failed"] as const;
export type BackgroundCheckStatus = (typeof BACKGROUND_CHECK_STATUSES)[number];

export const BACKGROUND_CHECK_LABELS: Record<BackgroundCheckStatus, string> = labels.backgroundCheck;

/** The one wording of a caregiver's status, wherever a caregiver's status is shown. */
export const CAREGIVER_STATUS_LABELS: Record<CaregiverStatus, string> = labels.caregiverStatus;

/** The admin's review queues: one per status an admin works through. */
export const QUEUE_STATUSES = ["pending", "approved", "suspended", "rejected"] as const;
export type QueueStatus = (typeof QUEUE_STATUSES)[number];

/**
 * A queue's short name, for its tab and heading ("Pending", "Pending
 * caregivers"): the queue, not the status, which reads "Pending review".
 */
export const QUEUE_LABELS: Record<QueueStatus, string> = {
  pending: "Pending",
  approved: CAREGIVER_STATUS_LABELS.approved,
  suspended: CAREGIVER_STATUS_LABELS.suspended,
  rejected: CAREGIVER_STATUS_LABELS.rejected,
};

/**
 * Before a rejection based on the background check (FCRA adverse action): a
 * pre-adverse notice with the report and a summary of rights, a waiting period
 * for the person to respond, then the final notice (sent with the rejection).
 */
export const ADVERSE_ACTION_WAIT_DAYS = 5;

export const DECISIONS = ["approve", "reject", "suspend", "reinstate"] as const;
export type Decision = (typeof DECISIONS)[number];

export type VettingState = {
  status: CaregiverStatus;
  backgroundCheck: BackgroundCheckStatus;
  preAdverseNoticeAt: Date | null;
};

/**
 * A decision the caregiver's status does not allow: admin.refusals.wrongStatus holds one message
 * per decision and status it is refused from (every status but FROM's).
 */
export function wrongStatusKey(decision: Decision, status: CaregiverStatus): MessageKey {
  return `admin:refusals.wrongStatus.${decision}.${status}` as MessageKey;
}

const FROM: Record<Decision, readonly CaregiverStatus[]> = {
  approve: ["pending"],
  reject: ["pending"],
  suspend: ["approved"],
  reinstate: ["suspended"],
};

const TO: Record<Decision, CaregiverStatus> = {
  approve: "approved",
  reject: "rejected",
  suspend: "suspended",
  reinstate: "approved",
};

/** Whether the check's result is adverse, so a rejection based on it needs the adverse-action steps. */
export const isAdverseCheck = (check: BackgroundCheckStatus) => check === "consider" || check === "failed";

export type DecisionOutcome = { status: CaregiverStatus; sendsFinalAdverseNotice: boolean };

/** The status a decision leads to; throws an AppError saying why it is refused now. */
export function decide(decision: Decision, state: VettingState, reason: string, now: Date): DecisionOutcome {
  if (!FROM[decision].includes(state.status)) {
    throw new AppError("conflict", { key: wrongStatusKey(decision, state.status) });
  }
  if (decision === "approve" && state.backgroundCheck !== "clear") {
    throw new AppError("conflict", { key: "admin:refusals.approveNeedsClear" });
  }
  if (decision === "reinstate" && state.backgroundCheck !== "clear") {
    throw new AppError("conflict", { key: "admin:refusals.reinstateNeedsClear" });
  }
  if ((decision === "reject" || decision === "suspend") && reason.trim().length < 3) {
    throw new AppError("invalid", { key: "admin:refusals.decisionReasonRequired" }, { field: "reason" });
  }
  const adverse = decision === "reject" && isAdverseCheck(state.backgroundCheck);
  if (adverse) {
    if (!state.preAdverseNoticeAt) throw new AppError("conflict", { key: "admin:refusals.preAdverseFirst" });
    const until = addDays(state.preAdverseNoticeAt, ADVERSE_ACTION_WAIT_DAYS);
    if (now < until) {
      // The instant; the message words it as a date in the reader's language.
      throw new AppError("conflict", { key: "admin:refusals.adverseWaiting", values: { date: until.getTime() } });
    }
  }
  return { status: TO[decision], sendsFinalAdverseNotice: adverse };
}

/** Whether a pre-adverse notice can be sent now: an adverse check, pending, and none sent yet. */
export function canSendPreAdverseNotice(state: VettingState): boolean {
  return state.status === "pending" && isAdverseCheck(state.backgroundCheck) && !state.preAdverseNoticeAt;
}

/** Only approved caregivers with a clear background check may ever be matched to a request. */
export function isMatchable(profile: { status: CaregiverStatus; backgroundCheck: BackgroundCheckStatus }): boolean {
  return profile.status === "approved" && profile.backgroundCheck === "clear";
}

/** The review queue's sorts: newest application first unless asked otherwise. */
export const QUEUE_SORTS = ["applied", "name", "city"] as const;

/** The queue's URL (the list kit's parameters and the status tab; docs/decisions/0040-admin-lists-and-audit-log.md). */
export const QueueQuerySchema = listParamsSchema({
  sorts: QUEUE_SORTS,
  defaultSort: "applied",
  defaultDir: "desc",
  filters: { status: z.enum(QUEUE_STATUSES).catch("pending") },
});
export type QueueQuery = z.infer<typeof QueueQuerySchema>;

export const DecisionFormSchema = z.object({
  decision: z.enum(DECISIONS),
  reason: z.string().trim().max(1000, messageKey("validation:admin.reasonTooLong")).default(""),
});

/** The vetting forms of an admin's caregiver page, each with its intent (routes/admin/caregiver.tsx). */
export const VettingFormSchemas = [
  DecisionFormSchema.extend({ intent: z.literal("decision") }),
  z.object({ intent: z.literal("background-check"), status: z.enum(BACKGROUND_CHECK_STATUSES) }),
  z.object({ intent: z.literal("pre-adverse-notice") }),
  z.object({
    intent: z.literal("reference-notes"),
    referenceIndex: z.coerce.number().int().min(0).max(9),
    notes: z.string().max(5000, messageKey("validation:admin.notesTooLong")),
  }),
] as const;
