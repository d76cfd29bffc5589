import { describe, expect, test } from "vitest";
import { DEFAULT_CARE_SETTINGS } from "./care-settings";
import {
  CheckEventSchema,
  checkInOpensAt,
  distanceMeters,
  FAMILY_CODE_LIMITS,
  isFamilyCodeClosed,
  isLateSync,
} from "./visit-rules";

const event = {
  kind: "check_in",
  clientEventId: "0b7c9a53-8f55-4d5e-9a53-4c1f4d2f7d11",
  occurredAt: "2026-12-07T14:58:00.000Z",
  verification: { method: "location", latitude: 41.92, longitude: -87.65, accuracyMeters: 15 },
};

describe("visit rules", () => {
  test("check-in opens the set number of minutes before the start", () => {
    const start = new Date("2026-12-07T15:00:00Z");
    expect(checkInOpensAt(start, DEFAULT_CARE_SETTINGS).toISOString()).toBe("2026-12-07T14:00:00.000Z");
    expect(checkInOpensAt(start, { checkInOpensMinutes: 15 }).toISOString()).toBe("2026-12-07T14:45:00.000Z");
  });

  test("a sync is late past the set minutes, not at them", () => {
    const at = new Date("2026-12-07T15:00:00Z");
    expect(isLateSync(at, new Date("2026-12-07T16:00:00Z"), { lateSyncMinutes: 60 })).toBe(false);
    expect(isLateSync(at, new Date("2026-12-07T16:00:01Z"), { lateSyncMinutes: 60 })).toBe(true);
  });

  test("distances are in metres along the earth", () => {
    expect(distanceMeters({ latitude: 41.92, longitude: -87.65 }, { latitude: 41.92, longitude: -87.65 })).toBe(0);
    // One degree of latitude is about 111 km.
    const degree = distanceMeters({ latitude: 41, longitude: -87.65 }, { latitude: 42, longitude: -87.65 });
    expect(degree).toBeGreaterThan(110_000);
    expect(degree).toBeLessThan(112_000);
  });

  test("the phone's event is checked by one schema: ids, times with offsets, and each way to verify", () => {
    expect(CheckEventSchema.safeParse(event).success).toBe(true);
    expect(CheckEventSchema.safeParse({ ...event, clientEventId: "1" }).success).toBe(false);
    expect(CheckEventSchema.safeParse({ ...event, occurredAt: "yesterday" }).success).toBe(false);
    expect(CheckEventSchema.safeParse({ ...event, kind: "teleport" }).success).toBe(false);
    const verify = (verification: unknown) => CheckEventSchema.safeParse({ ...event, verification });
    expect(verify({ method: "location", latitude: 91, longitude: 0 }).success).toBe(false);
    expect(verify({ method: "code", code: "12345" }).success).toBe(false);
    expect(verify({ method: "code", code: " 123456 " }).success).toBe(true);
    const blank = verify({ method: "reason", reason: "  " });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0]?.message).toBe("visits:refusal.reasonNeeded");
    expect(verify({ method: "reason", reason: "x".repeat(501) }).success).toBe(false);
    expect(verify({ method: "wifi" }).success).toBe(false);
  });
});

describe("the family's code limits", () => {
  test("the 5th wrong code on a visit or the 10th by a caregiver in a day closes it; fewer do not", () => {
    expect(FAMILY_CODE_LIMITS).toEqual({ perVisit: 5, perCaregiverPerDay: 10 });
    expect(isFamilyCodeClosed({ onVisit: 4, byCaregiver: 9 })).toBe(false);
    expect(isFamilyCodeClosed({ onVisit: 5, byCaregiver: 5 })).toBe(true);
    expect(isFamilyCodeClosed({ onVisit: 1, byCaregiver: 10 })).toBe(true);
    expect(isFamilyCodeClosed({ onVisit: 0, byCaregiver: 0 })).toBe(false);
  });
});
