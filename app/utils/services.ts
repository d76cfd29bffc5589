// The five services Tendly offers and the care skills a caregiver can have,
// each with the one name people read for it. Ids are also the anchors on
// /services. Kept here, on the ground floor, because the header's Services
// menu (chrome-rules.ts) names services too.

export const SERVICE_IDS = [
  "personal-care",
  "companionship",
  "housekeeping",
  "meal-preparation",
  "transportation",
] as const;
export type ServiceId = (typeof SERVICE_IDS)[number];

/** A service's name on every page, form, quote line and email. */
export const SERVICE_LABELS: Record<ServiceId, string> = {
  "personal-care": "Personal Care",
  companionship: "Companionship",
  housekeeping: "Housekeeping",
  "meal-preparation": "Meal Preparation",
  transportation: "Transportation",
};

/** The name of a service id; an id we do not know (an old row) reads as itself. */
export function serviceLabel(id: string): string {
  return Object.hasOwn(SERVICE_LABELS, id) ? SERVICE_LABELS[id as ServiceId] : id;
}

export const CARE_SKILLS = [
  "dementia",
  "mobility-transfers",
  "diabetes",
  "post-surgery",
  "hospice-support",
  "medication-reminders",
] as const;
export type CareSkill = (typeof CARE_SKILLS)[number];

/**
 * A caregiver's skill as the caregiver, administrators and visitors read it
 * (application, admin caregiver page, public profile). A family asks for the
 * same codes as health needs, in its own words: HEALTH_NEED_LABELS in
 * app/features/care-requests/care-labels.ts.
 */
export const CARE_SKILL_LABELS: Record<CareSkill, string> = {
  dementia: "Dementia care",
  "mobility-transfers": "Mobility and transfers",
  diabetes: "Diabetes care",
  "post-surgery": "Post-surgery recovery",
  "hospice-support": "Hospice support",
  "medication-reminders": "Medication reminders",
};

/** The name of a skill code; a code we do not know reads as itself. */
export function careSkillLabel(code: string): string {
  return Object.hasOwn(CARE_SKILL_LABELS, code) ? CARE_SKILL_LABELS[code as CareSkill] : code;
}
