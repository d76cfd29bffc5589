// Every admin action of the product and the audit log entry it writes (docs/product-rules.md, "Audit log"): one
// entry per "<admin route module>:<intent>". tests/lint/admin-actions.test.ts fails when an admin route gains an
// intent missing here; tests/integration/admin-audit-walk.test.ts performs each `walk` entry and finds its event
// in the audit log viewer's query. A new admin action is one line here and one step in the walk.

export type AdminActionEntry =
  /** Performed by the walk, which finds this event type in the audit log. */
  | { event: string }
  /** Audited, and walked by the named test (its flow needs what that file sets up). */
  | { event: string; walkedIn: string }
  /** Not an admin action on the product's data, and why. */
  | { exempt: string };

export const ADMIN_ACTIONS: Record<string, AdminActionEntry> = {
  "caregiver:decision": { event: "caregiver_approved" },
  "caregiver:background-check": { event: "caregiver_background_check_updated" },
  "caregiver:pre-adverse-notice": { event: "caregiver_adverse_action" },
  "caregiver:reference-notes": { event: "caregiver_reference_notes_saved" },
  "caregiver:hide-review": { event: "review_hidden" },
  "caregiver:show-review": { event: "review_unhidden" },
  "credentials:verify": { event: "caregiver_credential_verified" },
  "invoice:payment": { event: "billing_payment_recorded" },
  "invoice:refund": { event: "billing_refund_issued" },
  "invoice:credit": { event: "billing_credit_given" },
  "invoice:void": { event: "billing_invoice_voided" },
  "billing:payment-instructions": { event: "billing_payment_instructions_saved" },
  "order:cancel": { event: "order_cancelled_by_admin" },
  "order:assign": { event: "order_assigned" },
  "payouts:create-batch": { event: "payout_batch_created" },
  "payouts:mark-paid": { event: "payout_paid" },
  "payouts:mark-failed": { event: "payout_failed" },
  "payouts:mark-batch-paid": { event: "payout_paid" },
  "pricing:pricing": { event: "pricing_updated" },
  "pricing:create-promo": { event: "promo_code_created" },
  "pricing:deactivate-promo": { event: "promo_code_deactivated" },
  "settings:care-settings": { event: "care_settings_updated" },
  "settings:2fa-verify": { event: "two_factor_enabled", walkedIn: "tests/integration/two-factor.test.ts" },
  "settings:2fa-disable": { event: "two_factor_disabled", walkedIn: "tests/integration/two-factor.test.ts" },
  "settings:2fa-start": { exempt: "nothing changes until the code is verified (2fa-verify)" },
  "settings:delivery-preferences": { exempt: "the admin's own notification choices, as on every person's settings" },
  "settings:quiet-hours": { exempt: "the admin's own notification choices, as on every person's settings" },
  "settings:sms-send-code": { exempt: "the admin's own phone for texts; nothing changes until the code is verified" },
  "settings:sms-verify": { event: "sms_phone_verified", walkedIn: "tests/integration/sms.test.ts" },
  "settings:sms-remove": { event: "sms_phone_removed", walkedIn: "tests/integration/sms.test.ts" },
  "support:send": { exempt: "an answer in a support conversation, kept whole in the conversation itself" },
  "support:close": { event: "support_ticket_closed" },
  "users:invite": { event: "admin_invited" },
  "users:revoke": { event: "admin_invite_revoked" },
  "visits:edit-times": { event: "visit_times_edited" },
  "training-module:create": { event: "training_module_created" },
  "training-module:update": { event: "training_module_updated" },
  "training:require": { event: "training_module_required" },
};
