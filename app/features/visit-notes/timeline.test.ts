import { describe, expect, test } from "vitest";
import { buildTimeline, timelineKindOf } from "./timeline";

const at = (iso: string) => new Date(iso);
const visit = (
  id: string,
  startsAt: string,
  status: "scheduled" | "checked_in" | "completed" | "missed" | "cancelled",
) => ({
  id,
  startsAt: at(startsAt),
  endsAt: new Date(at(startsAt).getTime() + 3 * 3600_000),
  status,
  caregiverName: "Ana L.",
});
const STARTED = ["checked_in", "completed", "missed", "cancelled"] as const;

describe("the family's care timeline", () => {
  test("visits that began, newest first, each with its family-facing events newest first", () => {
    const timeline = buildTimeline(
      [
        visit("a", "2026-11-23T15:00:00Z", "completed"),
        visit("b", "2026-11-25T15:00:00Z", "completed"),
        visit("c", "2026-11-30T15:00:00Z", "scheduled"),
      ],
      [
        { visitId: "a", kind: "check_in", at: at("2026-11-23T15:02:00Z"), method: "location", caregiverName: null },
        { visitId: "a", kind: "check_out", at: at("2026-11-23T18:01:00Z"), method: "code", caregiverName: null },
        { visitId: "b", kind: "backup_offered", at: at("2026-11-25T15:30:00Z"), method: null, caregiverName: null },
        { visitId: "b", kind: "backup_taken", at: at("2026-11-25T15:40:00Z"), method: null, caregiverName: "Sam P." },
        { visitId: "b", kind: "late_alert", at: at("2026-11-25T15:15:00Z"), method: "reason", caregiverName: "x" },
      ],
      STARTED,
    );
    expect(timeline.map((entry) => entry.visitId)).toEqual(["b", "a"]);
    expect(timeline[0]!.events).toEqual([
      {
        kind: "backup_taken",
        at: at("2026-11-25T15:40:00Z"),
        method: null,
        caregiverName: "Sam P.",
        isByCaregiver: false,
      },
      { kind: "late_alert", at: at("2026-11-25T15:15:00Z"), method: null, caregiverName: null, isByCaregiver: false },
    ]);
    expect(timeline[1]!.events.map((event) => [event.kind, event.method])).toEqual([
      ["check_out", "code"],
      ["check_in", "location"],
    ]);
  });

  test("a scheduled visit shows once something happened to it; nothing before any visit", () => {
    const late = buildTimeline(
      [visit("c", "2026-11-30T15:00:00Z", "scheduled")],
      [{ visitId: "c", kind: "late_alert", at: at("2026-11-30T15:15:00Z"), method: null, caregiverName: null }],
      STARTED,
    );
    expect(late.map((entry) => entry.visitId)).toEqual(["c"]);
    expect(buildTimeline([visit("c", "2026-11-30T15:00:00Z", "scheduled")], [], STARTED)).toEqual([]);
  });

  test("a caregiver's cancellation reads apart from a cancelled visit: the visit goes on with a backup", () => {
    const [entry] = buildTimeline(
      [visit("d", "2026-12-01T15:00:00Z", "scheduled")],
      [
        {
          visitId: "d",
          kind: "cancelled",
          at: at("2026-11-30T10:00:00Z"),
          method: null,
          caregiverName: null,
          isByCaregiver: true,
        },
        {
          visitId: "d",
          kind: "missed",
          at: at("2026-12-01T18:00:00Z"),
          method: null,
          caregiverName: null,
          isByCaregiver: true,
        },
      ],
      STARTED,
    );
    expect(entry!.events.map((event) => [event.kind, event.isByCaregiver])).toEqual([
      ["missed", false],
      ["cancelled", true],
    ]);
  });

  test("a backup offer that reached nobody is told to the family as no backup; one that reached caregivers is not", () => {
    expect(timelineKindOf("backup_offered", { caregiverIds: [] })).toBe("no_backup");
    expect(timelineKindOf("backup_offered", { caregiverIds: ["x"] })).toBe("backup_offered");
    expect(timelineKindOf("backup_offered", {})).toBe("backup_offered");
    expect(timelineKindOf("late_alert", { caregiverIds: [] })).toBe("late_alert");
    const timeline = buildTimeline(
      [visit("d", "2026-12-01T15:00:00Z", "scheduled")],
      [{ visitId: "d", kind: "no_backup", at: at("2026-12-01T15:30:00Z"), method: null, caregiverName: null }],
      STARTED,
    );
    expect(timeline[0]!.events.map((event) => event.kind)).toEqual(["no_backup"]);
  });
});
