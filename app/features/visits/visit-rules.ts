import { getDistance } from "geolib";
import { z } from "zod";
import type { CareSettings } from "./care-settings";

// The visit's rules (docs/product-rules.md, "Visits"), pure so that the
// browser (the schedule's buttons, the offline outbox) and the server agree.

export const VISIT_NOT_FOUND_MESSAGE = "We could not find this visit.";
export const CHECK_IN_TOO_EARLY_MESSAGE = "It is too early to check in to this visit.";
export const NOT_YOUR_VISIT_MESSAGE = "This visit is not yours.";
export const ALREADY_CHECKED_IN_MESSAGE = "This visit is already checked in.";
export const NOT_CHECKED_IN_MESSAGE = "Check in before you check out.";
export const VISIT_CLOSED_MESSAGE = "This visit can no longer be checked in or out.";
export const SYNC_TOO_LATE_MESSAGE =
  "This check-in or check-out reached us too late to be accepted. Please tell the family and support.";
export const WRONG_CODE_MESSAGE = "That code does not match the one on the family's screen.";
export const CODE_CLOSED_MESSAGE =
  "Too many wrong codes were entered, so the family's code cannot be used now. Share your location or give a reason instead.";

/**
 * Wrong family codes allowed before the code is closed as a way to verify: on one visit for good, and
 * on all of one caregiver's visits for a day (docs/product-rules.md, "Visits"). A 6-digit code is one
 * in a million; a handful of tries keeps a guess at about one in 200,000.
 */
export const FAMILY_CODE_LIMITS = { perVisit: 5, perCaregiverPerDay: 10 } as const;

/** Whether wrong codes so far (on the visit, by its caregiver in the last 24 hours) close the family's code. */
export function isFamilyCodeClosed(wrong: { onVisit: number; byCaregiver: number }): boolean {
  return wrong.onVisit >= FAMILY_CODE_LIMITS.perVisit || wrong.byCaregiver >= FAMILY_CODE_LIMITS.perCaregiverPerDay;
}
export const REASON_NEEDED_MESSAGE = "Say why the location could not be shared.";
export const FUTURE_TIME_MESSAGE = "The time of this check-in or check-out is in the future.";
export const CHECK_OUT_BEFORE_IN_MESSAGE = "Check-out must come after check-in.";
export const VISIT_ENDED_MESSAGE = "This visit has already ended.";
export const REASSIGNED_MESSAGE =
  "This visit was given to another caregiver before your check-in or check-out reached us. Please call support.";

export type CheckKind = "check_in" | "check_out";

/**
 * A check-in or check-out as the phone sends it (now, or later from its
 * outbox): the device's id and time for the event, and how it was verified.
 */
export const CheckEventSchema = z.object({
  kind: z.enum(["check_in", "check_out"]),
  clientEventId: z.uuid(),
  occurredAt: z.iso.datetime({ offset: true }),
  verification: z.discriminatedUnion("method", [
    z.object({
      method: z.literal("location"),
      latitude: z.number().min(-90).max(90),
      longitude: z.number().min(-180).max(180),
      accuracyMeters: z.number().nonnegative().max(1_000_000).optional(),
    }),
    z.object({
      method: z.literal("code"),
      code: z
        .string()
        .trim()
        .regex(/^\d{6}$/, "Enter the 6-digit code."),
    }),
    z.object({ method: z.literal("reason"), reason: z.string().trim().min(1, REASON_NEEDED_MESSAGE).max(500) }),
  ]),
});
export type CheckEvent = z.infer<typeof CheckEventSchema>;
export type Verification = CheckEvent["verification"];

export type Coordinates = { latitude: number; longitude: number };

/** Straight-line metres between two points (the EVV location check). */
export function distanceMeters(from: Coordinates, to: Coordinates): number {
  return getDistance(from, to, 1);
}

/** When the caregiver may first check in. */
export function checkInOpensAt(startsAt: Date, settings: Pick<CareSettings, "checkInOpensMinutes">): Date {
  return new Date(startsAt.getTime() - settings.checkInOpensMinutes * 60_000);
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/** A check event recorded this long after it happened is a late sync (an EVV exception). */
export function isLateSync(occurredAt: Date, recordedAt: Date, settings: Pick<CareSettings, "lateSyncMinutes">) {
  return recordedAt.getTime() - occurredAt.getTime() > settings.lateSyncMinutes * 60_000;
}
