// What other features may import of this one (docs/architecture.md, "1. Layers"): the rules, types and
// reads they use. Its events reach the features that handle them through the event bus, not by import.
export { type CareSettings } from "./care-settings";
export { isUuid } from "./visit-rules";
export {
  AddTimeOffSchema,
  RemoveTimeOffSchema,
  TIME_OFF_MAX_SPAN_DAYS,
  TIME_OFF_REASON_MAX,
  TimeOffActionSchema,
  daysOfForm,
  type TimeOffDays,
} from "./time-off";
