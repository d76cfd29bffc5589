// The five services Tendly offers; ids are also the anchors on /services.
export const SERVICES = [
  { id: "personal-care", title: "Personal Care" },
  { id: "companionship", title: "Companionship" },
  { id: "housekeeping", title: "Housekeeping" },
  { id: "meal-preparation", title: "Meal Preparation" },
  { id: "transportation", title: "Transportation" },
] as const;

export type ServiceId = (typeof SERVICES)[number]["id"];
export const SERVICE_IDS = SERVICES.map((service) => service.id) as [ServiceId, ...ServiceId[]];

export const CARE_SKILLS = [
  "dementia",
  "mobility-transfers",
  "diabetes",
  "post-surgery",
  "hospice-support",
  "medication-reminders",
] as const;
export type CareSkill = (typeof CARE_SKILLS)[number];
