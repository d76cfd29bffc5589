import { db, type Executor } from "~/platform/db/client.server";
import { auditEvents } from "~/platform/db/schema";
import { CLIENT_IP_HEADER } from "./client-address";
import { requestLocation } from "./redirects";

// The security events (docs/product-rules.md, "Accounts and sign-in"): the event types, written by the
// server where they happen into the append-only audit_events table (a
// trigger refuses UPDATE and DELETE).
/**
 * The family circle's changes (docs/decisions/0050-family-circle.md): the holder's invitations and changes, a
 * member's acceptance and leaving. The holder reads them with the circle.
 */
export const FAMILY_CIRCLE_EVENT_TYPES = [
  "family_member_invited",
  "family_invitation_revoked",
  "family_invitation_accepted",
  "family_member_role_changed",
  "family_member_removed",
  "family_member_left",
] as const;

export const SECURITY_EVENT_TYPES = [
  "failed_login_attempt",
  "successful_login",
  "suspicious_activity",
  "password_reset_requested",
  "password_changed",
  "admin_login",
  "user_role_promoted",
  "user_deactivated",
  "admin_data_access",
  "concurrent_session_detected",
  "session_timeout",
  "abnormal_access_pattern",
  "admin_concurrent_sessions_exceeded",
  // The account lifecycle around them.
  "account_registered",
  "email_verified",
  "account_locked",
  "admin_invited",
  "admin_invite_accepted",
  "admin_invite_revoked",
  "two_factor_enabled",
  "two_factor_disabled",
  "email_change_requested",
  "logout",
  // Admin actions of the care loop.
  "pricing_updated",
  "promo_code_created",
  "promo_code_deactivated",
  "order_assigned",
  "order_cancelled_by_admin",
  "support_ticket_closed",
  // The caregiver application and its review.
  "caregiver_application_submitted",
  "caregiver_background_check_updated",
  "caregiver_adverse_action",
  "caregiver_approved",
  "caregiver_rejected",
  "caregiver_suspended",
  "caregiver_reinstated",
  "caregiver_reference_notes_saved",
  // Moderation of the families' reviews.
  "review_hidden",
  "review_unhidden",
  // Care documents (features/care-documents): a caregiver opened a family's document shared with an active order
  // (an administrator's opening is admin_data_access).
  "care_document_read",
  // Time off (docs/product-rules.md, "Time off"): a caregiver blocked days (handing over visits) or removed a block.
  "caregiver_time_off_added",
  "caregiver_time_off_removed",
  // Training: the admin's changes to training modules (docs/product-rules.md, "Caregiver training").
  "training_module_created",
  "training_module_updated",
  "training_module_required",
  // Credentials that expire (docs/product-rules.md, "Credentials that expire"): a caregiver's upload or renewal,
  // an administrator's verification.
  "caregiver_credential_saved",
  "caregiver_credential_verified",
  // Admin actions that wrote nothing before the audit log viewer (docs/decisions/0040-admin-lists-and-audit-log.md).
  "care_settings_updated",
  "visit_times_edited",
  // Text messages (docs/decisions/0049-text-messages.md): a phone verified or removed, a STOP or START.
  "sms_phone_verified",
  "sms_phone_removed",
  ...FAMILY_CIRCLE_EVENT_TYPES,
  "sms_opted_out",
  "sms_opted_in",
] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];
export type Severity = "info" | "low" | "medium" | "high" | "critical";

export type SecurityEvent = {
  type: SecurityEventType;
  userId?: string | null;
  severity?: Severity;
  category?: "auth" | "admin" | "session" | "account";
  /** The request it happened in: its client address and user agent are kept. */
  request?: Request;
  /** The same, taken from a request earlier (a job doing work a request asked for). */
  origin?: RequestOrigin;
  metadata?: Record<string, unknown>;
};

/** What an event keeps of the request it happened in. */
export type RequestOrigin = { ipAddress: string | null; userAgent: string | null; path: string };

export function requestOrigin(request: Request): RequestOrigin {
  return {
    ipAddress: request.headers.get(CLIENT_IP_HEADER),
    userAgent: request.headers.get("user-agent")?.slice(0, 500) ?? null,
    path: requestLocation(request).pathname,
  };
}

const DEFAULT_SEVERITY: Partial<Record<SecurityEventType, Severity>> = {
  failed_login_attempt: "low",
  account_locked: "medium",
  suspicious_activity: "high",
  abnormal_access_pattern: "high",
  admin_concurrent_sessions_exceeded: "high",
  concurrent_session_detected: "medium",
  user_role_promoted: "medium",
  user_deactivated: "medium",
};

function auditRow(event: SecurityEvent): typeof auditEvents.$inferInsert {
  const origin = event.request ? requestOrigin(event.request) : event.origin;
  return {
    userId: event.userId ?? null,
    eventType: event.type,
    severity: event.severity ?? DEFAULT_SEVERITY[event.type] ?? "info",
    category: event.category ?? (event.type.startsWith("admin") ? "admin" : "auth"),
    ipAddress: origin?.ipAddress ?? null,
    userAgent: origin?.userAgent ?? null,
    metadata: { ...(origin ? { url: origin.path } : {}), ...event.metadata },
  };
}

/**
 * Appends one event inside the caller's transaction: an admin action and its entry commit together or not at all
 * (it throws like any write of the transaction).
 */
export async function recordAuditEventIn(tx: Executor, event: SecurityEvent): Promise<void> {
  await tx.insert(auditEvents).values(auditRow(event));
}

/** Appends one security event. Never throws: losing an audit row must not break a sign-in. */
export async function recordSecurityEvent(event: SecurityEvent): Promise<void> {
  try {
    await db.insert(auditEvents).values(auditRow(event));
  } catch (error) {
    console.error(`Could not record security event ${event.type}:`, error instanceof Error ? error.message : error);
  }
}
