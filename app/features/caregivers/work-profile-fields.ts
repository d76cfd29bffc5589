import { z } from "zod";
import { CARE_LANGUAGES } from "~/features/care-requests/public";
import { LOCALES } from "~/i18n/config";
import { messageKey, type MessageKey } from "~/i18n/message-keys";
import { CARE_SKILLS, SERVICE_IDS } from "~/utils/services";

// What a caregiver's work profile holds and how it is checked: the days and
// parts of the day they offer, their experience, services, skills, languages
// and bio (docs/product-rules.md, "Caregiver profile"). The application asks
// for them first (caregiver-onboarding), the work profile page keeps them
// current (work-profile.schema.ts); both parse with these schemas.

/**
 * Languages a caregiver can say they speak: the one language list (care-labels.ts CARE_LANGUAGES), the
 * same a family can ask for and the directory filters by; forms list them by name (languagesByName).
 */
export const CAREGIVER_LANGUAGES = CARE_LANGUAGES;
export type CaregiverLanguage = (typeof CAREGIVER_LANGUAGES)[number];

/** Parts of the day a caregiver can offer, as minutes from midnight. */
export const DAY_PARTS = [
  { id: "morning", label: "Morning (7 am - 12 pm)", startMinute: 7 * 60, endMinute: 12 * 60 },
  { id: "afternoon", label: "Afternoon (12 - 5 pm)", startMinute: 12 * 60, endMinute: 17 * 60 },
  { id: "evening", label: "Evening (5 - 10 pm)", startMinute: 17 * 60, endMinute: 22 * 60 },
] as const;
export type DayPartId = (typeof DAY_PARTS)[number]["id"];
/** Weekday 0 is Monday (caregiver_availability). */
export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

/** Values of checkbox groups arrive as one string or several. */
const list = <T extends z.ZodType>(item: T, requiredMessage?: MessageKey) =>
  z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    requiredMessage ? z.array(item).min(1, requiredMessage) : z.array(item),
  );

export const AvailabilityStepSchema = z.object({
  slots: list(
    z.string().regex(/^[0-6]-(morning|afternoon|evening)$/, messageKey("validation:onboarding.slotUnknown")),
    messageKey("validation:onboarding.slotsRequired"),
  ),
  travelRadiusMiles: z.coerce
    .number(messageKey("validation:onboarding.travelRadiusRequired"))
    .int(messageKey("validation:onboarding.travelRadiusWhole"))
    .min(1, messageKey("validation:onboarding.travelRadiusMin"))
    .max(100, messageKey("validation:onboarding.travelRadiusMax")),
});
export type AvailabilityStep = z.infer<typeof AvailabilityStepSchema>;

export const ExperienceStepSchema = z.object({
  yearsExperience: z.coerce
    .number(messageKey("validation:onboarding.yearsRequired"))
    .int(messageKey("validation:onboarding.yearsWhole"))
    .min(0, messageKey("validation:onboarding.yearsNegative"))
    .max(60, messageKey("validation:onboarding.yearsMax")),
  services: list(z.enum(SERVICE_IDS), messageKey("validation:onboarding.servicesRequired")),
  skills: list(z.enum(CARE_SKILLS)),
  languages: list(z.enum(CAREGIVER_LANGUAGES), messageKey("validation:onboarding.languagesRequired")),
  certifications: z
    .string()
    .max(1000, messageKey("validation:onboarding.certificationsTooLong"))
    .transform((value) =>
      value
        .split(/[\n,]/)
        .map((name) => name.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(100, messageKey("validation:onboarding.certificationNameTooLong"))).max(10)),
  bio: z
    .string()
    .trim()
    .min(20, messageKey("validation:onboarding.bioTooShort"))
    .max(1000, messageKey("validation:onboarding.bioTooLong")),
  /** The language the bio is written in (docs/product-rules.md, "Languages"). */
  bioLanguage: z.enum(LOCALES, messageKey("validation:onboarding.bioLanguageRequired")),
});
export type ExperienceStep = z.infer<typeof ExperienceStepSchema>;

/** Availability windows (weekday 0 = Monday) from the grid's slot values. */
export function availabilityWindows(slots: readonly string[]) {
  return slots.flatMap((slot) => {
    const [day, partId] = slot.split("-");
    const part = DAY_PARTS.find((entry) => entry.id === partId);
    const weekday = Number(day);
    return part && Number.isInteger(weekday) && weekday >= 0 && weekday <= 6
      ? [{ weekday, startMinute: part.startMinute, endMinute: part.endMinute }]
      : [];
  });
}

/**
 * The grid's slot values a caregiver's availability windows cover wholly (the
 * reverse of availabilityWindows), so the grid shows what matching reads; a
 * window that covers no whole part of a day shows no slot.
 */
export function slotsCovered(windows: readonly { weekday: number; startMinute: number; endMinute: number }[]) {
  return WEEKDAYS.flatMap((_, weekday) =>
    DAY_PARTS.filter((part) =>
      windows.some(
        (window) =>
          window.weekday === weekday && window.startMinute <= part.startMinute && window.endMinute >= part.endMinute,
      ),
    ).map((part) => `${weekday}-${part.id}`),
  );
}
