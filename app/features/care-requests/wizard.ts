import {
  CARE_REQUEST_STEPS,
  ClientInfoSchema,
  EMPTY_WEEK,
  HealthNeedsSchema,
  ReviewSubmitSchema,
  ScheduleSchema,
  WIZARD_STEP_COUNT,
  type CareRequestDraft,
  type CareRequestStep,
} from "./care-request.schema";
import { scheduleStartProblem, type ScheduleClock } from "./schedule";

// The rules of the /request wizard (docs/product-rules.md, "Care requests"): 4 steps, starting at 1, forward
// to at most 4, back to at least 1; completing a step marks it complete once;
// reset clears the draft. Pure, so the browser and the tests share them.

export const DRAFT_STORAGE_KEY = "tendly:care-request-draft";

export function emptyDraft(now: Date = new Date()): CareRequestDraft {
  return { data: {}, currentStep: 1, completedSteps: [], updatedAt: now.toISOString() };
}

/** Step numbers run from 1 to 4. */
export function clampStep(step: number): number {
  return Math.min(WIZARD_STEP_COUNT, Math.max(1, Math.trunc(step) || 1));
}

export function stepNumber(step: CareRequestStep): number {
  return CARE_REQUEST_STEPS.indexOf(step) + 1;
}

export function stepAt(step: number): CareRequestStep {
  return CARE_REQUEST_STEPS[clampStep(step) - 1]!;
}

/** The first step not yet complete: the furthest a person may go. */
export function furthestOpenStep(draft: Pick<CareRequestDraft, "completedSteps">): CareRequestStep {
  return CARE_REQUEST_STEPS.find((step) => !draft.completedSteps.includes(step)) ?? "review-submit";
}

/** A step can be opened when every step before it is complete. */
export function canOpenStep(draft: Pick<CareRequestDraft, "completedSteps">, step: CareRequestStep): boolean {
  return stepNumber(step) <= stepNumber(furthestOpenStep(draft));
}

/** Marks `step` complete (once) and moves on to the next step, at most the last. */
export function completeStep(draft: CareRequestDraft, step: CareRequestStep, now: Date = new Date()): CareRequestDraft {
  const completedSteps = draft.completedSteps.includes(step)
    ? draft.completedSteps
    : CARE_REQUEST_STEPS.filter((known) => known === step || draft.completedSteps.includes(known));
  return { ...draft, completedSteps, currentStep: clampStep(stepNumber(step) + 1), updatedAt: now.toISOString() };
}

export function goToStep(draft: CareRequestDraft, step: number, now: Date = new Date()): CareRequestDraft {
  return { ...draft, currentStep: clampStep(step), updatedAt: now.toISOString() };
}

export function updateDraftData(
  draft: CareRequestDraft,
  changes: Partial<CareRequestDraft["data"]>,
  now: Date = new Date(),
): CareRequestDraft {
  return { ...draft, data: { ...draft.data, ...changes }, updatedAt: now.toISOString() };
}

/** Of two copies of the draft (browser and server), the one changed last. */
export function newestDraft(
  a: CareRequestDraft | null | undefined,
  b: CareRequestDraft | null | undefined,
): CareRequestDraft | null {
  if (!a) return b ?? null;
  if (!b) return a;
  return Date.parse(b.updatedAt) > Date.parse(a.updatedAt) ? b : a;
}

/** A draft read from storage or the network, or null when it is not one. */
export function readDraft(value: unknown): CareRequestDraft | null {
  if (!value || typeof value !== "object") return null;
  const draft = value as Partial<CareRequestDraft>;
  if (typeof draft.updatedAt !== "string" || Number.isNaN(Date.parse(draft.updatedAt))) return null;
  if (!draft.data || typeof draft.data !== "object") return null;
  const completedSteps = Array.isArray(draft.completedSteps)
    ? CARE_REQUEST_STEPS.filter((step) => draft.completedSteps!.includes(step))
    : [];
  return {
    data: draft.data,
    currentStep: clampStep(Number(draft.currentStep)),
    completedSteps,
    updatedAt: draft.updatedAt,
    ...(draft.orderFinal ? { orderFinal: true } : {}),
  };
}

/** The schedule part of the draft in the shape ScheduleSchema parses. */
export function scheduleOf(data: CareRequestDraft["data"]) {
  return data.scheduleType === "recurring"
    ? {
        scheduleType: "recurring" as const,
        startDate: data.startDate ?? "",
        endDate: data.endDate ?? "",
        weeklySchedule: data.weeklySchedule ?? EMPTY_WEEK,
      }
    : {
        scheduleType: "one-time" as const,
        startDate: data.startDate ?? "",
        startTime: data.startTime ?? "",
        endTime: data.endTime ?? "",
      };
}

/**
 * The schedule step's schema; given the clock where care happens, a start
 * that has already passed there is refused too (the server checks the same
 * on submit, with the zone of the request's ZIP code).
 */
function scheduleSchemaAt(clock: ScheduleClock | null | undefined) {
  if (!clock) return ScheduleSchema;
  return ScheduleSchema.superRefine((schedule, context) => {
    const problem = scheduleStartProblem(schedule, clock);
    if (problem) context.addIssue({ code: "custom", path: [problem.field], message: problem.message });
  });
}

/** Validates one step of the draft with that step's schema (the schedule against `clock` when known). */
export function validateStep(step: CareRequestStep, data: CareRequestDraft["data"], clock?: ScheduleClock | null) {
  switch (step) {
    case "client-info":
      return ClientInfoSchema.safeParse(data);
    case "health-needs":
      return HealthNeedsSchema.safeParse(data);
    case "schedule":
      return scheduleSchemaAt(clock).safeParse(scheduleOf(data));
    case "review-submit":
      return ReviewSubmitSchema.safeParse(data);
  }
}

/** The whole request as the server parses it (CareRequestSchema), from the draft; unknown keys are stripped. */
export function requestOf(data: CareRequestDraft["data"]) {
  return { ...data, ...scheduleOf(data) };
}
