// What other features may import of this one (docs/architecture.md, "1. Layers"): the rules, types and
// reads they use. Its events reach the features that handle them through the event bus, not by import.
export {
  type AvailabilityStep,
  type ExperienceStep,
  availabilityWindows,
  AvailabilityStepSchema,
  ExperienceStepSchema,
  slotsCovered,
  CAREGIVER_LANGUAGES,
  type CaregiverLanguage,
} from "./work-profile-fields";
export { isReservedCaregiverSlug } from "./public-profile";
