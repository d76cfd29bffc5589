import { getDistance } from "geolib";
import { z } from "zod";
import type { CareSettings } from "./care-settings";
import { messageKey } from "~/i18n/message-keys";

// The visit's rules (docs/product-rules.md, "Visits"), pure so that the
// browser (the schedule's buttons, the offline outbox) and the server agree.

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
        .regex(/^\d{6}$/, messageKey("visits:refusal.codeFormat")),
    }),
    z.object({ method: z.literal("reason"), reason: z.string().trim().min(1, "visits:refusal.reasonNeeded").max(500) }),
  ]),
  /**
   * Why the caregiver checks out before the visit's start or far short of its booked time
   * (features/billing/visit-charge.ts); the server refuses such a check-out without it.
   */
  shortReason: z.string().trim().max(500).optional(),
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
