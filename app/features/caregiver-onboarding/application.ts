import { z } from "zod";
import { isReservedCaregiverSlug } from "~/features/caregivers/public-profile";
import { slugify } from "~/utils/slug";
import { CARE_SKILLS, SERVICE_IDS, SERVICES } from "~/utils/services";

// The caregiver application (spec 2.3, 3): its steps, what each one asks
// and the rules that need no I/O. The pages validate with these schemas and
// the server parses with them.

export const APPLICATION_STEPS = [
  { id: "personal-info", title: "Personal information" },
  { id: "background", title: "Background check" },
  { id: "availability", title: "Availability" },
  { id: "experience", title: "Experience" },
  { id: "documents", title: "Documents" },
  { id: "review", title: "Review" },
] as const;
export type StepId = (typeof APPLICATION_STEPS)[number]["id"];

export const stepPath = (step: StepId) => `/register/caregiver/${step}`;
export const stepNumber = (step: StepId) => APPLICATION_STEPS.findIndex((entry) => entry.id === step) + 1;
export function stepAt(number: number): StepId {
  const index = Math.min(Math.max(Math.trunc(number), 1), APPLICATION_STEPS.length) - 1;
  return APPLICATION_STEPS[index]!.id;
}
export function nextStep(step: StepId): StepId {
  return stepAt(stepNumber(step) + 1);
}
export function previousStep(step: StepId): StepId {
  return stepAt(stepNumber(step) - 1);
}

export const CONFIRMATION_PATH = "/register/caregiver/confirmation?message=registration-success";

/** Languages a caregiver can speak, as ISO 639-1 codes with their English names. */
export const CAREGIVER_LANGUAGES = [
  { code: "en", name: "English" },
  { code: "es", name: "Spanish" },
  { code: "zh", name: "Chinese" },
  { code: "tl", name: "Tagalog" },
  { code: "vi", name: "Vietnamese" },
  { code: "ar", name: "Arabic" },
  { code: "fr", name: "French" },
  { code: "ko", name: "Korean" },
  { code: "ru", name: "Russian" },
  { code: "pt", name: "Portuguese" },
  { code: "ht", name: "Haitian Creole" },
  { code: "hi", name: "Hindi" },
  { code: "pl", name: "Polish" },
  { code: "ja", name: "Japanese" },
] as const;
export type LanguageCode = (typeof CAREGIVER_LANGUAGES)[number]["code"];
const LANGUAGE_CODES = CAREGIVER_LANGUAGES.map((language) => language.code) as [LanguageCode, ...LanguageCode[]];

export const SKILL_LABELS: Record<(typeof CARE_SKILLS)[number], string> = {
  dementia: "Dementia care",
  "mobility-transfers": "Mobility and transfers",
  diabetes: "Diabetes care",
  "post-surgery": "Post-surgery recovery",
  "hospice-support": "Hospice support",
  "medication-reminders": "Medication reminders",
};

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
const list = <T extends z.ZodType>(item: T, requiredMessage?: string) =>
  z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    requiredMessage ? z.array(item).min(1, requiredMessage) : z.array(item),
  );

const checked = (message: string) =>
  z.preprocess((value) => value === "on" || value === "true" || value === true, z.literal(true, message));

/** How an applicant knows a reference: the choices of the form (answers kept before them stay valid). */
export const REFERENCE_RELATIONSHIPS = [
  "Former employer",
  "Family I cared for",
  "Colleague or supervisor",
  "Teacher or trainer",
  "Other",
] as const;

const ReferenceSchema = z.object({
  name: z.string().trim().min(2, "Please enter the reference's full name").max(100, "Name too long"),
  relationship: z.string().trim().min(2, "Please choose how you know this person").max(100, "Relationship too long"),
  contact: z
    .string()
    .trim()
    .min(5, "Please enter a phone number or email address")
    .max(255, "Contact too long")
    .refine(
      (value) => z.email().safeParse(value).success || value.replace(/\D/g, "").length >= 10,
      "Please enter a valid phone number or email address",
    ),
});

export const BackgroundStepSchema = z.object({
  backgroundCheckConsent: checked("Please authorise the background check to continue"),
  informationConfirmation: checked("Please confirm that your answers are true and complete"),
  /** One reference is needed; a second is welcome. */
  references: z.array(ReferenceSchema).min(1, "Please give a reference").max(2),
});
export type BackgroundStep = z.infer<typeof BackgroundStepSchema>;

export const AvailabilityStepSchema = z.object({
  slots: list(
    z.string().regex(/^[0-6]-(morning|afternoon|evening)$/, "Unknown time slot"),
    "Please choose at least one time you can work",
  ),
  travelRadiusMiles: z.coerce
    .number("Please enter how far you can travel, in miles")
    .int("Please enter a whole number of miles")
    .min(1, "Travel radius must be at least 1 mile")
    .max(100, "Travel radius can be at most 100 miles"),
});
export type AvailabilityStep = z.infer<typeof AvailabilityStepSchema>;

export const ExperienceStepSchema = z.object({
  yearsExperience: z.coerce
    .number("Please enter your years of experience")
    .int("Please enter a whole number of years")
    .min(0, "Years of experience cannot be negative")
    .max(60, "Please enter at most 60 years"),
  services: list(z.enum(SERVICE_IDS), "Please choose at least one service"),
  skills: list(z.enum(CARE_SKILLS)),
  languages: list(z.enum(LANGUAGE_CODES), "Please choose at least one language"),
  certifications: z
    .string()
    .max(1000, "Certifications too long")
    .transform((value) =>
      value
        .split(/[\n,]/)
        .map((name) => name.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(100, "Each certification name can be at most 100 characters")).max(10)),
  bio: z
    .string()
    .trim()
    .min(20, "Please write at least 20 characters about yourself")
    .max(1000, "About you can be at most 1000 characters"),
});
export type ExperienceStep = z.infer<typeof ExperienceStepSchema>;

/** The answers of the steps that keep them in the draft, keyed by step. */
export type DraftData = {
  "personal-info"?: { streetAddress: string };
  background?: BackgroundStep;
  availability?: AvailabilityStep;
  experience?: ExperienceStep;
  documents?: { completedAt: string };
};

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
 * Parses the background form: flat field names reference1Name... become the
 * references list. The second reference is optional: left wholly empty, it is
 * not part of the answers; begun, it must be complete.
 */
export function backgroundFormValues(form: Record<string, FormDataEntryValue | FormDataEntryValue[]>) {
  const reference = (index: 1 | 2) => ({
    name: form[`reference${index}Name`],
    relationship: form[`reference${index}Relationship`],
    contact: form[`reference${index}Contact`],
  });
  const second = reference(2);
  const secondBegun = Object.values(second).some((value) => typeof value === "string" && value.trim() !== "");
  return {
    backgroundCheckConsent: form.backgroundCheckConsent,
    informationConfirmation: form.informationConfirmation,
    references: secondBegun ? [reference(1), second] : [reference(1)],
  };
}

const englishList = new Intl.ListFormat("en", { type: "conjunction" });
const joined = (items: string[]) => englishList.format(items);
const lower = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * A first draft of the "About you" text from the applicant's own answers, for
 * them to keep or rewrite; null when there is nothing to draft it from. It
 * states only what they answered.
 */
export function draftBio(answers: {
  yearsExperience?: number;
  services: readonly string[];
  skills: readonly string[];
  languages: readonly string[];
}): string | null {
  const services = SERVICES.filter((service) => answers.services.includes(service.id)).map((service) =>
    service.title.toLowerCase(),
  );
  const skills = CARE_SKILLS.filter((skill) => answers.skills.includes(skill)).map((skill) =>
    lower(SKILL_LABELS[skill]),
  );
  const languages = CAREGIVER_LANGUAGES.filter((language) => answers.languages.includes(language.code)).map(
    (language) => language.name,
  );
  const years = answers.yearsExperience;
  const hasYears = years !== undefined && Number.isInteger(years) && years >= 0;
  if (!hasYears && services.length === 0 && languages.length === 0) return null;

  const experience = !hasYears
    ? "I care for people in their own homes"
    : years === 0
      ? "I am new to professional caregiving"
      : `I have ${years} ${years === 1 ? "year" : "years"} of caregiving experience`;
  const sentences = [services.length > 0 ? `${experience} and offer ${joined(services)}.` : `${experience}.`];
  if (skills.length > 0) sentences.push(`I have experience with ${joined(skills)}.`);
  if (languages.length > 0) sentences.push(`I speak ${joined(languages)}.`);
  return sentences.join(" ");
}

/** Which steps must be complete before the application can be submitted, and whether they are. */
export function missingSteps(draft: DraftData, documentKinds: readonly string[]): StepId[] {
  const missing: StepId[] = [];
  if (!BackgroundStepSchema.safeParse(draft.background).success) missing.push("background");
  if (!draft.availability) missing.push("availability");
  if (!draft.experience) missing.push("experience");
  if (!draft.documents || !documentKinds.includes("government_id") || !documentKinds.includes("profile_photo"))
    missing.push("documents");
  return missing;
}

/** The slug base of a caregiver: first name and last initial, lower case ASCII ("maria-g"). */
export function slugBase(firstName: string, lastName: string): string {
  const parts = [slugify(firstName), slugify(lastName).slice(0, 1)].filter(Boolean);
  return parts.join("-") || "caregiver";
}

/** The n-th slug to try for a base (1: the base itself), never one of the reserved words. */
export function slugCandidate(base: string, attempt: number): string {
  const candidate = attempt <= 1 ? base : `${base}-${attempt}`;
  return isReservedCaregiverSlug(candidate) ? `${candidate}-caregiver` : candidate;
}
