import { describe, expect, it } from "vitest";
import { EMPTY_WEEK, ScheduleSchema, earliestBookableDate } from "./care-request.schema";
import {
  canOpenStep,
  clampStep,
  completeStep,
  emptyDraft,
  furthestOpenStep,
  goToStep,
  newestDraft,
  readDraft,
  requestOf,
  validateStep,
} from "./wizard";

const NOW = new Date("2026-11-23T10:00:00Z");

describe("wizard steps", () => {
  it("starts at step 1 with nothing complete", () => {
    const draft = emptyDraft(NOW);
    expect(draft.currentStep).toBe(1);
    expect(draft.completedSteps).toEqual([]);
    expect(furthestOpenStep(draft)).toBe("client-info");
  });

  it("goes forward to at most 4 and back to at least 1", () => {
    expect(clampStep(7)).toBe(4);
    expect(clampStep(0)).toBe(1);
    expect(clampStep(-3)).toBe(1);
    expect(goToStep(emptyDraft(NOW), 9).currentStep).toBe(4);
    const done = ["client-info", "health-needs", "schedule", "review-submit"] as const;
    let draft = emptyDraft(NOW);
    for (const step of done) draft = completeStep(draft, step, NOW);
    expect(draft.currentStep).toBe(4);
  });

  it("marks a step complete once, in step order", () => {
    let draft = completeStep(emptyDraft(NOW), "health-needs", NOW);
    draft = completeStep(draft, "client-info", NOW);
    draft = completeStep(draft, "client-info", NOW);
    expect(draft.completedSteps).toEqual(["client-info", "health-needs"]);
  });

  it("opens a step only when every step before it is complete", () => {
    const draft = completeStep(emptyDraft(NOW), "client-info", NOW);
    expect(canOpenStep(draft, "health-needs")).toBe(true);
    expect(canOpenStep(draft, "schedule")).toBe(false);
    expect(canOpenStep(draft, "client-info")).toBe(true);
  });

  it("keeps the newest of two copies", () => {
    const older = emptyDraft(new Date("2026-11-23T09:00:00Z"));
    const newer = { ...emptyDraft(NOW), data: { fullName: "Ana" } };
    expect(newestDraft(older, newer)).toBe(newer);
    expect(newestDraft(newer, older)).toBe(newer);
    expect(newestDraft(null, older)).toBe(older);
    expect(newestDraft(undefined, null)).toBeNull();
  });

  it("reads only drafts, and only known steps", () => {
    expect(readDraft(null)).toBeNull();
    expect(readDraft({ data: {}, updatedAt: "not a date" })).toBeNull();
    const read = readDraft({
      data: { fullName: "Ana" },
      updatedAt: NOW.toISOString(),
      currentStep: 12,
      completedSteps: ["schedule", "elsewhere", "client-info"],
    });
    expect(read).toEqual({
      data: { fullName: "Ana" },
      updatedAt: NOW.toISOString(),
      currentStep: 4,
      completedSteps: ["client-info", "schedule"],
    });
  });
});

describe("step validation", () => {
  it("asks for the client's details with the expected messages", () => {
    const result = validateStep("client-info", { zipCode: "12" });
    expect(result.success).toBe(false);
    const messages = result.success ? [] : result.error.issues.map((issue) => issue.message);
    expect(messages).toContain("validation:request.zipInvalid");
    expect(messages).toContain("validation:request.fullNameRequired");
  });

  it("needs at least one service", () => {
    const result = validateStep("health-needs", { serviceTypes: [] });
    expect(result.success ? [] : result.error.issues.map((issue) => issue.message)).toContain(
      "validation:request.serviceRequired",
    );
  });

  it("refuses a start that has passed on the clock where care happens, once that clock is known", () => {
    const today = earliestBookableDate();
    const draft = { scheduleType: "one-time" as const, startDate: today, startTime: "09:00", endTime: "11:00" };
    const clock = { timeZone: "America/Chicago", now: new Date(`${today}T23:00:00Z`) }; // 17:00 or 18:00 there
    expect(validateStep("schedule", draft).success).toBe(true);
    const result = validateStep("schedule", draft, clock);
    expect(result.success ? [] : result.error.issues).toEqual([
      expect.objectContaining({ path: ["startTime"], message: "validation:request.startTimeInPast" }),
    ]);
    expect(validateStep("schedule", { ...draft, startTime: "19:00", endTime: "21:00" }, clock).success).toBe(true);
  });
});

describe("schedule rules", () => {
  const today = earliestBookableDate();
  const later = (days: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const monday = { ...EMPTY_WEEK, 0: [{ start: "09:00", end: "12:00" }] };

  it("accepts a recurring schedule with a weekly window", () => {
    const parsed = ScheduleSchema.safeParse({
      scheduleType: "recurring",
      startDate: later(1),
      endDate: later(60),
      weeklySchedule: monday,
    });
    expect(parsed.success).toBe(true);
  });

  it("refuses a start in the past, an end before the start and an empty week", () => {
    const parsed = ScheduleSchema.safeParse({
      scheduleType: "recurring",
      startDate: later(-3),
      endDate: later(-4),
      weeklySchedule: EMPTY_WEEK,
    });
    const messages = parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        "validation:request.dateInPast",
        "validation:request.endDateAfterStart",
        "validation:request.weeklyWindowRequired",
      ]),
    );
  });

  it("refuses a one-time visit that ends before it starts", () => {
    const parsed = ScheduleSchema.safeParse({
      scheduleType: "one-time",
      startDate: later(2),
      startTime: "14:00",
      endTime: "10:00",
    });
    expect(parsed.success ? [] : parsed.error.issues.map((issue) => issue.message)).toContain(
      "validation:request.endTimeAfterStart",
    );
  });

  it("turns the draft's one-time fields into the request the server parses", () => {
    const request = requestOf({ scheduleType: "one-time", startDate: later(2), startTime: "09:00", endTime: "11:00" });
    expect(request).toMatchObject({ scheduleType: "one-time", startDate: later(2), startTime: "09:00" });
  });
});
