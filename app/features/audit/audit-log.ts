import { z } from "zod";
import { dateFilter, listParamsSchema, optionalFilter } from "~/utils/list-params";

// The audit log viewer's rules (docs/product-rules.md, "Audit log"): what the list filters and sorts by, and
// how an event's details are shown without its secrets.

export const AUDIT_SORTS = ["when", "type", "severity"] as const;
export type AuditSort = (typeof AUDIT_SORTS)[number];
export const AUDIT_CATEGORIES = ["auth", "admin", "billing", "session", "account"] as const;
export const AUDIT_SEVERITIES = ["info", "low", "medium", "high", "critical"] as const;

/** At most this many rows go into one CSV export; the file then says it was cut. */
export const MAX_AUDIT_EXPORT_ROWS = 10_000;

/**
 * The viewer's URL: q is a person (the actor's name or email), `type` an event type of `types`, the category,
 * severity and a date range (UTC days, both ends included); newest first unless sorted otherwise.
 */
export function auditQuerySchema<const T extends readonly [string, ...string[]]>(types: T) {
  return listParamsSchema({
    sorts: AUDIT_SORTS,
    defaultSort: "when",
    defaultDir: "desc",
    perPage: 50,
    filters: {
      type: optionalFilter(types),
      category: optionalFilter(AUDIT_CATEGORIES),
      severity: optionalFilter(AUDIT_SEVERITIES),
      from: dateFilter,
      to: dateFilter,
      /** One person's events (the link from a user's row); q searches by name or email instead. */
      user: z.uuid().optional().catch(undefined),
    },
  });
}
export type AuditQuery = z.infer<ReturnType<typeof auditQuerySchema<readonly [string, ...string[]]>>>;

/** Metadata keys whose values are never shown or exported, whatever feature wrote them. */
const SECRET_KEY = /pass|secret|token|hash|otp|code_?verifier|totp|cookie|session_?id|authorization|api_?key/i;

/** One line of an event's details: a key and its value as text, secrets masked. */
export type AuditDetail = { key: string; value: string };

function detailText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

/** An event's metadata as readable lines, in the order written, secret-looking keys masked ("•••"). */
export function auditDetails(metadata: Record<string, unknown>): AuditDetail[] {
  return Object.entries(metadata).map(([key, value]) => ({
    key,
    value: SECRET_KEY.test(key) ? "•••" : detailText(value),
  }));
}
