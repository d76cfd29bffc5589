// What other features may import of this one (docs/architecture.md, "1. Layers"): the rules, types and
// reads they use. Its events reach the features that handle them through the event bus, not by import.
export { LANGUAGE_LABELS, LANGUAGE_CODES, languagesByName, CARE_LANGUAGES, HEALTH_NEED_LABELS } from "./care-labels";
export {
  EMPTY_WEEK,
  WEEKDAYS,
  type CareRequestDraft,
  type CareRequest,
  type Schedule,
  CareRequestSchema,
  ScheduleSchema,
  minutesOf,
} from "./care-request.schema";
export {
  type Occurrence,
  type WeeklyWindow,
  scheduleEndsBy,
  horizonOccurrences,
  scheduleFrom,
  weeklyWindows,
  describeSchedule,
  scheduleStartProblem,
  HORIZON_WEEKS,
} from "./schedule";
export { stepNumber } from "./wizard";
