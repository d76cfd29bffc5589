import { z } from "zod";
import { CARE_SKILLS, SERVICE_IDS } from "~/utils/services";

// The care request of the /request wizard (spec 2.2 and the service request
// draft of spec 3, less the card fields, which are never stored). One schema
// per step, so the wizard validates a step in the browser and the server
// re-parses the whole request on submit with CareRequestSchema.

export const CARE_REQUEST_STEPS = ["client-info", "health-needs", "schedule", "review-submit"] as const;
export type CareRequestStep = (typeof CARE_REQUEST_STEPS)[number];
/** Spec 9: the wizard has 4 steps. */
export const WIZARD_STEP_COUNT = CARE_REQUEST_STEPS.length;

/** Weekday 0 = Monday ... 6 = Sunday, as caregiver_availability stores it. */
export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

/** Languages a family can ask for, as ISO 639-1 codes (caregiver_profiles.languages uses the same). */
export const CARE_LANGUAGES = [
  { code: "en", label: "English" },
  { code: "es", label: "Spanish" },
  { code: "zh", label: "Chinese" },
  { code: "vi", label: "Vietnamese" },
  { code: "tl", label: "Tagalog" },
  { code: "ko", label: "Korean" },
  { code: "ru", label: "Russian" },
  { code: "uk", label: "Ukrainian" },
  { code: "pl", label: "Polish" },
  { code: "ar", label: "Arabic" },
  { code: "fa", label: "Persian" },
  { code: "hi", label: "Hindi" },
  { code: "bn", label: "Bengali" },
  { code: "gu", label: "Gujarati" },
  { code: "fr", label: "French" },
  { code: "ht", label: "Haitian Creole" },
  { code: "pt", label: "Portuguese" },
  { code: "it", label: "Italian" },
  { code: "ja", label: "Japanese" },
  { code: "he", label: "Hebrew" },
  { code: "yo", label: "Yoruba" },
  { code: "sw", label: "Swahili" },
  { code: "so", label: "Somali" },
] as const;
export type CareLanguage = (typeof CARE_LANGUAGES)[number]["code"];
const LANGUAGE_CODES = CARE_LANGUAGES.map((language) => language.code) as [CareLanguage, ...CareLanguage[]];

/** Labels of the health needs a caregiver's skills cover (CARE_SKILLS ids). */
export const CARE_SKILL_LABELS: Record<(typeof CARE_SKILLS)[number], string> = {
  dementia: "Dementia or memory care",
  "mobility-transfers": "Mobility and transfers",
  diabetes: "Diabetes care",
  "post-surgery": "Recovery after surgery",
  "hospice-support": "Hospice support",
  "medication-reminders": "Medication reminders",
};

/** Cultures a family can ask a caregiver to share (ids as caregiver_profiles.cultures stores them). */
export const CARE_CULTURES = [
  { id: "african-american", label: "African American" },
  { id: "brazilian", label: "Brazilian" },
  { id: "chinese", label: "Chinese" },
  { id: "east-african", label: "East African" },
  { id: "eastern-european", label: "Eastern European" },
  { id: "filipino", label: "Filipino" },
  { id: "haitian", label: "Haitian" },
  { id: "japanese", label: "Japanese" },
  { id: "jewish", label: "Jewish" },
  { id: "korean", label: "Korean" },
  { id: "latino", label: "Latino" },
  { id: "middle-eastern", label: "Middle Eastern" },
  { id: "south-asian", label: "South Asian" },
  { id: "vietnamese", label: "Vietnamese" },
  { id: "west-african", label: "West African" },
] as const;

export const CARE_TYPES = ["hourly", "live-in"] as const;
export const CAREGIVER_GENDER_PREFERENCES = ["no-preference", "female", "male"] as const;
export const RECIPIENT_GENDERS = ["female", "male", "non-binary", "prefer-not-to-say"] as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Minutes since midnight of "HH:mm". */
export function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return hours * 60 + minutes;
}

const timeWindow = z
  .object({
    start: z.string().regex(TIME, "Choose a start time"),
    end: z.string().regex(TIME, "Choose an end time"),
  })
  .refine((window) => minutesOf(window.end) > minutesOf(window.start), {
    message: "End time must be after the start time",
    path: ["end"],
  });
export type TimeWindow = z.infer<typeof timeWindow>;

export const ClientInfoSchema = z.object({
  careRecipient: z.enum(["self", "loved-one"], { error: "Choose who needs care" }),
  fullName: z
    .string({ error: "Full name is required" })
    .trim()
    .min(2, "Full name is required")
    .max(100, "Full name too long"),
  age: z.coerce.number({ error: "Enter an age" }).int("Enter an age").min(1, "Enter an age").max(120, "Enter an age"),
  gender: z.enum(RECIPIENT_GENDERS, { error: "Choose a gender" }),
  phoneNumber: z
    .string({ error: "Please enter a valid phone number" })
    .trim()
    .min(10, "Please enter a valid phone number")
    .max(20, "Phone number too long"),
  /** Where care happens; shown to the caregiver only from acceptance on (before: the ZIP's area). */
  streetAddress: z
    .string({ error: "Street address is required" })
    .trim()
    .min(5, "Street address is required")
    .max(255, "Address too long"),
  zipCode: z
    .string({ error: "Please enter a valid ZIP code" })
    .trim()
    .min(5, "Please enter a valid ZIP code")
    .max(10, "ZIP code too long")
    .regex(/^\d+$/, "ZIP code must be 5-10 numbers"),
});

export const HealthNeedsSchema = z.object({
  serviceTypes: z
    .array(z.enum(SERVICE_IDS), { error: "Choose at least one service" })
    .min(1, "Choose at least one service"),
  healthNeeds: z.array(z.enum(CARE_SKILLS)).default([]),
  careType: z.enum(CARE_TYPES).default("hourly"),
  preferredLanguage: z.enum(LANGUAGE_CODES).default("en"),
  caregiverGender: z.enum(CAREGIVER_GENDER_PREFERENCES).default("no-preference"),
  /** A culture id as caregiver_profiles.cultures stores it (e.g. "latino"), or empty. */
  culture: z.string().trim().max(50).default(""),
  privateRoomAvailable: z.boolean().default(false),
  additionalDetails: z.string().trim().max(10_000, "Keep the details under 10,000 characters").default(""),
});

const weeklySchedule = z.object(
  Object.fromEntries(WEEKDAYS.map((_, weekday) => [String(weekday), z.array(timeWindow).max(3)])) as Record<
    "0" | "1" | "2" | "3" | "4" | "5" | "6",
    z.ZodArray<typeof timeWindow>
  >,
);
export type WeeklySchedule = z.infer<typeof weeklySchedule>;
export const EMPTY_WEEK: WeeklySchedule = { 0: [], 1: [], 2: [], 3: [], 4: [], 5: [], 6: [] };

/** A recurring request runs at most a year; longer care is renewed. */
export const MAX_SCHEDULE_DAYS = 366;

/**
 * Today's date as YYYY-MM-DD where the day starts last in the US (UTC-12 is
 * a safe lower bound), so that browser and server agree on "not in the past"
 * whatever their time zones.
 */
export function earliestBookableDate(now: Date = new Date()): string {
  return new Date(now.getTime() - 12 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000);
}

const ScheduleShapes = z.discriminatedUnion("scheduleType", [
  z.object({
    scheduleType: z.literal("one-time"),
    startDate: z.string({ error: "Choose a date" }).regex(DATE, "Choose a date"),
    startTime: z.string({ error: "Choose a start time" }).regex(TIME, "Choose a start time"),
    endTime: z.string({ error: "Choose an end time" }).regex(TIME, "Choose an end time"),
  }),
  z.object({
    scheduleType: z.literal("recurring"),
    startDate: z.string({ error: "Choose a start date" }).regex(DATE, "Choose a start date"),
    endDate: z.string({ error: "Choose an end date" }).regex(DATE, "Choose an end date"),
    weeklySchedule,
  }),
]);

export const ScheduleSchema = ScheduleShapes.superRefine((schedule, context) => {
  if (DATE.test(schedule.startDate) && schedule.startDate < earliestBookableDate()) {
    context.addIssue({ code: "custom", path: ["startDate"], message: "Choose a date that is not in the past" });
  }
  if (schedule.scheduleType === "one-time") {
    if (TIME.test(schedule.startTime) && TIME.test(schedule.endTime)) {
      if (minutesOf(schedule.endTime) <= minutesOf(schedule.startTime)) {
        context.addIssue({ code: "custom", path: ["endTime"], message: "End time must be after the start time" });
      }
    }
    return;
  }
  if (DATE.test(schedule.startDate) && DATE.test(schedule.endDate)) {
    const days = daysBetween(schedule.startDate, schedule.endDate);
    if (days <= 0) {
      context.addIssue({ code: "custom", path: ["endDate"], message: "End date must be after the start date" });
    } else if (days > MAX_SCHEDULE_DAYS) {
      context.addIssue({ code: "custom", path: ["endDate"], message: "Choose an end date within a year" });
    }
  }
  if (Object.values(schedule.weeklySchedule).every((windows) => windows.length === 0)) {
    context.addIssue({
      code: "custom",
      path: ["weeklySchedule"],
      message: "Add at least one weekly time window",
    });
  }
});
export type Schedule = z.infer<typeof ScheduleSchema>;

export const ReviewSubmitSchema = z.object({
  promoCode: z.string().trim().toUpperCase().max(40).default(""),
  termsAccepted: z.literal(true, { error: "Please accept the terms to continue" }),
  /** A caregiver the family asked for ("Request this caregiver" on a public profile): their slug. */
  preferredCaregiverSlug: z.string().trim().max(120).optional(),
});

/** The whole request, as the server re-parses it on submit. Date and window rules are checked in refine. */
export const CareRequestSchema = ClientInfoSchema.extend(HealthNeedsSchema.shape)
  .extend(ReviewSubmitSchema.shape)
  .and(ScheduleSchema);
export type CareRequest = z.infer<typeof CareRequestSchema>;

/** The draft the wizard keeps (browser storage, and the server once signed in): every field optional. */
export type CareRequestDraft = {
  data: Partial<z.input<typeof ClientInfoSchema>> &
    Partial<z.input<typeof HealthNeedsSchema>> &
    Partial<{
      scheduleType: "one-time" | "recurring";
      startDate: string;
      endDate: string;
      startTime: string;
      endTime: string;
      weeklySchedule: WeeklySchedule;
    }> &
    Partial<{ promoCode: string; termsAccepted: boolean; preferredCaregiverSlug: string }>;
  /** Orders are placed once: set after a successful submit so that the wizard does not submit twice. */
  orderFinal?: boolean;
  currentStep: number;
  completedSteps: CareRequestStep[];
  updatedAt: string;
};
