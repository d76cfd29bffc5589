import { getZodConstraint } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import {
  csvSafe,
  daysInRange,
  evvFindings,
  exportFileName,
  isMissingCheckOut,
  isoInZone,
  judgeLocation,
  metersToMiles,
} from "./evv-rules";
import { EditVisitTimesSchema, ExportRangeSchema } from "./evv.schema";

const settings = { lateSyncMinutes: 60, locationToleranceMeters: 500 };
const endsAt = new Date("2026-11-20T19:00:00Z");
const checkedIn = { status: "checked_in", endsAt, checkedInAt: new Date("2026-11-20T15:02:00Z"), checkedOutAt: null };
const event = (overrides: Partial<Parameters<typeof evvFindings>[1][number]>) => ({
  kind: "check_in",
  occurredAt: new Date("2026-11-20T15:02:00Z"),
  recordedAt: new Date("2026-11-20T15:02:05Z"),
  distanceMeters: 40,
  isLateSync: false,
  ...overrides,
});

describe("the EVV exceptions of a visit", () => {
  test("a visit still checked in is missing its check-out only once the late-sync threshold after its end has passed", () => {
    expect(isMissingCheckOut(checkedIn, settings, new Date("2026-11-20T19:59:00Z"))).toBe(false);
    expect(isMissingCheckOut(checkedIn, settings, new Date("2026-11-20T20:01:00Z"))).toBe(true);
    const completed = { ...checkedIn, status: "completed", checkedOutAt: endsAt };
    expect(isMissingCheckOut(completed, settings, new Date("2026-11-22T00:00:00Z"))).toBe(false);
    expect(isMissingCheckOut({ ...checkedIn, status: "scheduled" }, settings, new Date("2026-11-22T00:00:00Z"))).toBe(
      false,
    );
  });

  test("a check-in or check-out beyond the tolerance is far from the address, with the farthest distance", () => {
    const findings = evvFindings(
      { ...checkedIn, status: "completed", checkedOutAt: endsAt },
      [event({ distanceMeters: 499 }), event({ kind: "check_out", distanceMeters: 1_240.6 })],
      settings,
      new Date("2026-11-21T00:00:00Z"),
    );
    expect(findings).toEqual({
      kinds: ["far_location"],
      farthestMeters: 1_240.6,
      farthestZipRadiusMeters: null,
      unverified: null,
      minutesLate: null,
      shortReason: null,
    });
    expect(evvFindings(checkedIn, [event({ distanceMeters: 500 })], settings, endsAt).kinds).toEqual([]);
  });

  test("times edited by an admin and late syncs are named, with the minutes late", () => {
    const findings = evvFindings(
      checkedIn,
      [
        event({ isLateSync: true, recordedAt: new Date("2026-11-20T17:32:40Z") }),
        event({ kind: "times_edited", distanceMeters: null }),
      ],
      settings,
      new Date("2026-11-20T21:00:00Z"),
    );
    expect(findings.kinds).toEqual(["no_check_out", "times_edited", "late_sync"]);
    expect(findings.minutesLate).toBe(150);
    expect(findings.farthestMeters).toBeNull();
  });

  test("a check-out with the caregiver's short-visit reason is a short visit, with the reason", () => {
    const findings = evvFindings(
      { ...checkedIn, status: "completed", checkedOutAt: new Date("2026-11-20T15:03:00Z") },
      [event({ kind: "check_in" }), event({ kind: "check_out", shortReason: "The family sent me home." })],
      settings,
      endsAt,
    );
    expect(findings.kinds).toEqual(["short_visit"]);
    expect(findings.shortReason).toBe("The family sent me home.");
    expect(evvFindings(checkedIn, [event({ kind: "check_out", shortReason: null })], settings, endsAt).kinds).toEqual(
      [],
    );
  });

  test("a far distance on an event other than a check (an alert) is not a location exception", () => {
    expect(
      evvFindings(checkedIn, [event({ kind: "late_alert", distanceMeters: 9_000 })], settings, endsAt).kinds,
    ).toEqual([]);
  });

  test("measured to the geocoded address, a check-in is judged by the tolerance alone", () => {
    const geocoded = { distanceFrom: "geocoded" as const, zipRadiusMeters: null };
    expect(judgeLocation({ ...geocoded, distanceMeters: 12 }, settings)).toEqual({
      verdict: "near",
      meters: 12,
      zipRadiusMeters: null,
    });
    expect(judgeLocation({ ...geocoded, distanceMeters: 501 }, settings)?.verdict).toBe("far");
    expect(judgeLocation({ ...geocoded, distanceMeters: null }, settings)).toBeNull();
  });

  test("measured to the ZIP code's centre, a check-in within the ZIP code's size is not verified, never far", () => {
    const fromZip = { distanceFrom: "zip_centroid" as const, zipRadiusMeters: 2_000 };
    // The street of the report: 940 m from the centre of a ZIP code 2 km across its radius.
    expect(judgeLocation({ ...fromZip, distanceMeters: 940 }, settings)).toEqual({
      verdict: "unverified",
      meters: 940,
      zipRadiusMeters: 2_000,
    });
    // Even at the centre itself: the address is not on the map, so nothing is verified.
    expect(judgeLocation({ ...fromZip, distanceMeters: 0 }, settings)?.verdict).toBe("unverified");
    // Beyond the ZIP code's radius and the tolerance: far.
    expect(judgeLocation({ ...fromZip, distanceMeters: 2_500 }, settings)?.verdict).toBe("unverified");
    expect(judgeLocation({ ...fromZip, distanceMeters: 2_501 }, settings)).toEqual({
      verdict: "far",
      meters: 2_501,
      zipRadiusMeters: 2_000,
    });
    // Recorded before radii were kept: the default radius.
    expect(
      judgeLocation({ distanceFrom: "zip_centroid", zipRadiusMeters: null, distanceMeters: 3_400 }, settings),
    ).toEqual({
      verdict: "unverified",
      meters: 3_400,
      zipRadiusMeters: 3_000,
    });
  });

  test("a visit checked in within its ZIP code but not yet placed is not verified, with the figures the queue words", () => {
    const fromZip = { distanceFrom: "zip_centroid" as const, zipRadiusMeters: 2_000 };
    const findings = evvFindings(
      { ...checkedIn, status: "completed", checkedOutAt: endsAt },
      [event({ ...fromZip, distanceMeters: 940 }), event({ ...fromZip, kind: "check_out", distanceMeters: 726 })],
      settings,
      new Date("2026-11-21T00:00:00Z"),
    );
    expect(findings.kinds).toEqual(["location_unverified"]);
    expect(findings.unverified).toEqual({ meters: 940, zipRadiusMeters: 2_000 });
    expect(findings.farthestMeters).toBeNull();

    const far = evvFindings(checkedIn, [event({ ...fromZip, distanceMeters: 9_000 })], settings, endsAt);
    expect(far.kinds).toEqual(["far_location"]);
    expect(far).toMatchObject({ farthestMeters: 9_000, farthestZipRadiusMeters: 2_000, unverified: null });
  });

  test("miles from metres", () => {
    expect(metersToMiles(1_609.344)).toBe(1);
    expect(metersToMiles(820)).toBe(0.5);
  });
});

describe("the export's cells", () => {
  test("text a spreadsheet would run as a formula gets a leading apostrophe", () => {
    expect(csvSafe('=HYPERLINK("http://x")')).toBe('\'=HYPERLINK("http://x")');
    expect(csvSafe("+1 555")).toBe("'+1 555");
    expect(csvSafe("-2+3")).toBe("'-2+3");
    expect(csvSafe("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvSafe("\tcmd")).toBe("'\tcmd");
    expect(csvSafe("Rosa Diaz")).toBe("Rosa Diaz");
    expect(csvSafe("a=b")).toBe("a=b");
  });

  test("numbers stay numbers (a western longitude is negative) and empty facts are empty", () => {
    expect(csvSafe(-87.6536)).toBe(-87.6536);
    expect(csvSafe(null)).toBe("");
    expect(csvSafe(undefined)).toBe("");
  });

  test("times are ISO 8601 with the offset of the care's zone", () => {
    expect(isoInZone(new Date("2026-12-07T15:02:00Z"), "America/Chicago")).toBe("2026-12-07T09:02:00-06:00");
    expect(isoInZone(new Date("2026-07-07T14:02:00Z"), "America/Chicago")).toBe("2026-07-07T09:02:00-05:00");
    expect(isoInZone(null, "America/Chicago")).toBe("");
  });

  test("the file is named by its range", () => {
    expect(exportFileName("2026-11-01", "2026-11-30")).toBe("tendly-evv-2026-11-01-to-2026-11-30.csv");
  });
});

describe("the EVV forms", () => {
  test("a range runs forward and covers at most 366 days", () => {
    expect(daysInRange("2026-01-01", "2026-01-01")).toBe(1);
    expect(ExportRangeSchema.safeParse({ from: "2026-11-01", to: "2026-11-30" }).success).toBe(true);
    expect(ExportRangeSchema.safeParse({ from: "2026-11-30", to: "2026-11-01" }).error?.issues[0]?.message).toBe(
      "evv:messages.rangeOrder",
    );
    expect(ExportRangeSchema.safeParse({ from: "2025-01-01", to: "2026-01-01" }).success).toBe(true);
    expect(ExportRangeSchema.safeParse({ from: "2025-01-01", to: "2026-01-02" }).error?.issues[0]?.message).toBe(
      "evv:messages.rangeTooLong",
    );
    expect(ExportRangeSchema.safeParse({ from: "yesterday", to: "2026-01-02" }).error?.issues[0]?.message).toBe(
      "evv:messages.date",
    );
  });

  test("a correction needs a reason and a check-out after the check-in", () => {
    const base = {
      visitId: "5f0c6c1e-8d1a-4c36-9b8e-2f3a4b5c6d7e",
      checkedInAt: "2026-11-20T09:00",
      reason: "Phone died",
    };
    expect(EditVisitTimesSchema.parse({ ...base, checkedOutAt: "" }).checkedOutAt).toBeNull();
    expect(EditVisitTimesSchema.parse(base).checkedOutAt).toBeNull();
    expect(EditVisitTimesSchema.safeParse({ ...base, checkedOutAt: "2026-11-20T13:00" }).success).toBe(true);
    expect(
      EditVisitTimesSchema.safeParse({ ...base, checkedOutAt: "2026-11-20T08:59" }).error?.issues[0]?.message,
    ).toBe("evv:messages.editOrder");
    expect(EditVisitTimesSchema.safeParse({ ...base, reason: "  " }).error?.issues[0]?.message).toBe(
      "evv:messages.editReason",
    );
  });
});

test("the correction form requires the check-in and the reason, not the check-out (empty while there is none)", () => {
  const constraint = getZodConstraint(EditVisitTimesSchema);
  expect(constraint.checkedInAt?.required).toBe(true);
  expect(constraint.reason?.required).toBe(true);
  expect(constraint.checkedOutAt?.required).toBeFalsy();
});
