import { CREDENTIAL_KINDS, type CredentialKind } from "~/platform/db/schema/onboarding";

// Credentials that expire (docs/product-rules.md, "Credentials that expire";
// docs/decisions/0047-credentials-that-expire.md): the kinds, which are required,
// when one is expired or expiring, and when its reminders are due. Pure rules,
// shared by the server, the pages and the tests.

export { CREDENTIAL_KINDS, type CredentialKind };

/** The kinds whose expiry stops new offers. A licence and a background re-check are kept and reminded only. */
export const REQUIRED_CREDENTIAL_KINDS: readonly CredentialKind[] = ["cpr", "tb_test"];

/** The days before the expiry date on which the caregiver is reminded, once each. */
export const CREDENTIAL_REMINDER_DAYS = [30, 7] as const;
export type ReminderDays = (typeof CREDENTIAL_REMINDER_DAYS)[number];

/** The admin home's window: credentials expiring within this many days. */
export const EXPIRING_SOON_DAYS = 30;

/** Calendar dates are read in the platform's zone, as training dates are. */
export const CREDENTIAL_TIME_ZONE = "America/Chicago";

/** The refusal reason of the credential gate (an AppError conflict's reason). */
export const CREDENTIAL_REFUSAL = "credential_expired";

/** Where a caregiver renews a credential. */
export const CREDENTIALS_PATH = "/caregiver/credentials";

export function isCredentialKind(value: unknown): value is CredentialKind {
  return typeof value === "string" && (CREDENTIAL_KINDS as readonly string[]).includes(value);
}

export function isRequiredCredential(kind: CredentialKind): boolean {
  return REQUIRED_CREDENTIAL_KINDS.includes(kind);
}

/** A real calendar date written YYYY-MM-DD (no 31 February). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** The date `days` after a calendar date (YYYY-MM-DD). */
export function addDays(isoDate: string, days: number): string {
  const parsed = new Date(`${isoDate}T00:00:00Z`);
  parsed.setUTCDate(parsed.getUTCDate() + days);
  return parsed.toISOString().slice(0, 10);
}

/** Whole days from `today` to `expiresOn` (0 on the last valid day, negative once expired). */
export function daysLeft(expiresOn: string, today: string): number {
  return Math.round((Date.parse(`${expiresOn}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

export type CredentialStanding = "expired" | "expiring" | "valid";

/** Expired from the day after its expiry date; expiring within EXPIRING_SOON_DAYS. */
export function credentialStanding(expiresOn: string, today: string): CredentialStanding {
  const left = daysLeft(expiresOn, today);
  if (left < 0) return "expired";
  return left <= EXPIRING_SOON_DAYS ? "expiring" : "valid";
}

/**
 * The reminder due today for a credential, if any: the nearest window (7, then 30 days) the date has
 * entered and whose reminder was not queued yet. A credential renewed to a far date has none; one
 * uploaded 5 days before expiry gets the 7-day reminder only (the 30-day one would say the same late).
 */
export function reminderDue(
  credential: { expiresOn: string; reminded30At: Date | null; reminded7At: Date | null },
  today: string,
): ReminderDays | null {
  const left = daysLeft(credential.expiresOn, today);
  if (left < 0) return null;
  if (left <= 7) return credential.reminded7At ? null : 7;
  if (left <= 30) return credential.reminded30At ? null : 30;
  return null;
}

/**
 * A new expiry date typed by the caregiver: a real date, not already past (an expired card is not a
 * renewal; docs/decisions/0047-credentials-that-expire.md). Returns the validation key or null.
 */
export function expiryDateProblem(
  value: string,
  today: string,
): "credentials:errors.date" | "credentials:errors.past" | null {
  if (!isCalendarDate(value)) return "credentials:errors.date";
  if (daysLeft(value, today) < 0) return "credentials:errors.past";
  return null;
}
