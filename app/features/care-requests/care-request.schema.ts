import { z } from "zod";
import { CARE_SKILLS, SERVICE_IDS } from "~/utils/services";
import { CARE_LANGUAGES } from "./care-labels";
import { messageKey } from "~/i18n/message-keys";
import { schemaErrorMap } from "~/utils/form-schema";

// The care request of the /request wizard (docs/product-rules.md, "Care requests"): the service request
// draft, less the card fields, which are never stored. One schema
// per step, so the wizard validates a step in the browser and the server
// re-parses the whole request on submit with CareRequestSchema.

export const CARE_REQUEST_STEPS = ["client-info", "health-needs", "schedule", "review-submit"] as const;
export type CareRequestStep = (typeof CARE_REQUEST_STEPS)[number];
/** The wizard has 4 steps. */
export const WIZARD_STEP_COUNT = CARE_REQUEST_STEPS.length;

/** Weekday 0 = Monday ... 6 = Sunday, as caregiver_availability stores it. */
export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

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

export const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
export const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Minutes since midnight of "HH:mm". */
export function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return hours * 60 + minutes;
}

const timeWindow = z
  .object({
    start: z.string().regex(TIME, messageKey("validation:request.startTimeRequired")),
    end: z.string().regex(TIME, messageKey("validation:request.endTimeRequired")),
  })
  .refine((window) => minutesOf(window.end) > minutesOf(window.start), {
    message: messageKey("validation:request.endTimeAfterStart"),
    path: ["end"],
  });
export type TimeWindow = z.infer<typeof timeWindow>;

export const ClientInfoSchema = z.object({
  /** The family's saved person the request is for ("Who is this care for?"), when one was chosen. */
  careRecipientId: z.uuid().optional(),
  careRecipient: z.enum(["self", "loved-one"], { error: messageKey("validation:request.careRecipientRequired") }),
  fullName: z
    .string({ error: messageKey("validation:request.fullNameRequired") })
    .trim()
    .min(2, messageKey("validation:request.fullNameRequired"))
    .max(100, messageKey("validation:request.fullNameTooLong")),
  age: z.coerce
    .number({ error: messageKey("validation:request.ageRequired") })
    .int(messageKey("validation:request.ageRequired"))
    .min(1, messageKey("validation:request.ageRequired"))
    .max(120, messageKey("validation:request.ageRequired")),
  gender: z.enum(RECIPIENT_GENDERS, { error: messageKey("validation:request.genderRequired") }),
  phoneNumber: z
    .string({ error: messageKey("validation:request.phoneInvalid") })
    .trim()
    .min(10, messageKey("validation:request.phoneInvalid"))
    .max(20, messageKey("validation:request.phoneTooLong")),
  /** Where care happens; shown to the caregiver only from acceptance on (before: the ZIP's area). */
  streetAddress: z
    .string({ error: messageKey("validation:request.streetRequired") })
    .trim()
    .min(5, messageKey("validation:request.streetRequired"))
    .max(255, messageKey("validation:request.streetTooLong")),
  zipCode: z
    .string({ error: messageKey("validation:request.zipInvalid") })
    .trim()
    .min(5, messageKey("validation:request.zipInvalid"))
    .max(10, messageKey("validation:request.zipTooLong"))
    .regex(/^\d+$/, messageKey("validation:request.zipDigits")),
});

export const HealthNeedsSchema = z.object({
  serviceTypes: z
    .array(z.enum(SERVICE_IDS), { error: messageKey("validation:request.serviceRequired") })
    .min(1, messageKey("validation:request.serviceRequired")),
  healthNeeds: z.array(z.enum(CARE_SKILLS)).default([]),
  careType: z.enum(CARE_TYPES).default("hourly"),
  preferredLanguage: z.enum(CARE_LANGUAGES).default("en"),
  caregiverGender: z.enum(CAREGIVER_GENDER_PREFERENCES).default("no-preference"),
  /** A culture id as caregiver_profiles.cultures stores it (e.g. "latino"), or empty. */
  culture: z.string().trim().max(50).default(""),
  // Each preference is preferred (it ranks) unless the family makes it required (it filters):
  // docs/product-rules.md, "Orders and offers". A required "no preference" asks for nothing.
  languageRequired: z.boolean().default(false),
  caregiverGenderRequired: z.boolean().default(false),
  cultureRequired: z.boolean().default(false),
  privateRoomAvailable: z.boolean().default(false),
  additionalDetails: z.string().trim().max(10_000, messageKey("validation:request.detailsTooLong")).default(""),
});

/** A saved care recipient as the family edits them: what the first two steps ask about the person. */
export const CareRecipientSchema = ClientInfoSchema.omit({ careRecipientId: true }).extend(HealthNeedsSchema.shape);
export type CareRecipientDetails = z.infer<typeof CareRecipientSchema>;

/** Far more than a whole request with its longest notes, as JSON: a longer draft is refused. */
export const MAX_DRAFT_CHARS = 40_000;

/** The posted JSON, or null when it is none. */
function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * What the care recipient's page posts to save them: the answers as JSON (the wizard's own shape),
 * checked with CareRecipientSchema, each issue on the field it is about (a JSON that is no answers
 * at all, on the form). The parsed form's `recipient` is the JSON's value.
 */
export const CareRecipientSaveSchema = z
  .object({
    intent: z.literal("save"),
    recipient: z.string().transform(jsonOf),
  })
  .superRefine(({ recipient }, context) => {
    const parsed = CareRecipientSchema.safeParse(recipient, { error: schemaErrorMap });
    for (const issue of parsed.error?.issues ?? []) {
      context.addIssue({ code: "custom", message: issue.message, path: issue.path.slice(0, 1) });
    }
  });

/** The wizard's answers as posted, in one field as JSON (null when they are none). */
const postedAnswers = z.string().default("").transform(jsonOf);

/**
 * What the review step posts: a quote of the answers so far with the code typed, or the whole
 * request sent (with its idempotency key, read from the payload). The answers are checked by the
 * action with the quote's or the request's schema, and refused as a whole with one message.
 */
export const ReviewPostSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("quote"), request: postedAnswers, promoCode: z.string().trim().default("") }),
  z.object({ intent: z.literal("submit"), request: postedAnswers }),
]);

/** The care recipient's page: save the answers, or remove the person. */
export const CareRecipientPostSchema = z.discriminatedUnion("intent", [
  CareRecipientSaveSchema,
  z.object({ intent: z.literal("remove") }),
]);

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
    startDate: z
      .string({ error: messageKey("validation:request.dateRequired") })
      .regex(DATE, messageKey("validation:request.dateRequired")),
    startTime: z
      .string({ error: messageKey("validation:request.startTimeRequired") })
      .regex(TIME, messageKey("validation:request.startTimeRequired")),
    endTime: z
      .string({ error: messageKey("validation:request.endTimeRequired") })
      .regex(TIME, messageKey("validation:request.endTimeRequired")),
  }),
  z.object({
    scheduleType: z.literal("recurring"),
    startDate: z
      .string({ error: messageKey("validation:request.startDateRequired") })
      .regex(DATE, messageKey("validation:request.startDateRequired")),
    endDate: z
      .string({ error: messageKey("validation:request.endDateRequired") })
      .regex(DATE, messageKey("validation:request.endDateRequired")),
    weeklySchedule,
  }),
]);

export const ScheduleSchema = ScheduleShapes.superRefine((schedule, context) => {
  if (DATE.test(schedule.startDate) && schedule.startDate < earliestBookableDate()) {
    context.addIssue({ code: "custom", path: ["startDate"], message: messageKey("validation:request.dateInPast") });
  }
  if (schedule.scheduleType === "one-time") {
    if (TIME.test(schedule.startTime) && TIME.test(schedule.endTime)) {
      if (minutesOf(schedule.endTime) <= minutesOf(schedule.startTime)) {
        context.addIssue({
          code: "custom",
          path: ["endTime"],
          message: messageKey("validation:request.endTimeAfterStart"),
        });
      }
    }
    return;
  }
  if (DATE.test(schedule.startDate) && DATE.test(schedule.endDate)) {
    const days = daysBetween(schedule.startDate, schedule.endDate);
    if (days <= 0) {
      context.addIssue({
        code: "custom",
        path: ["endDate"],
        message: messageKey("validation:request.endDateAfterStart"),
      });
    } else if (days > MAX_SCHEDULE_DAYS) {
      context.addIssue({
        code: "custom",
        path: ["endDate"],
        message: messageKey("validation:request.endDateWithinYear"),
      });
    }
  }
  if (Object.values(schedule.weeklySchedule).every((windows) => windows.length === 0)) {
    context.addIssue({
      code: "custom",
      path: ["weeklySchedule"],
      message: messageKey("validation:request.weeklyWindowRequired"),
    });
  }
});
export type Schedule = z.infer<typeof ScheduleSchema>;

export const ReviewSubmitSchema = z.object({
  promoCode: z.string().trim().toUpperCase().max(40).default(""),
  termsAccepted: z.literal(true, { error: messageKey("validation:request.termsRequired") }),
  /** A caregiver the family asked for ("Request this caregiver" on a public profile): their slug. */
  preferredCaregiverSlug: z.string().trim().max(120).optional(),
});

/** The whole request, as the server re-parses it on submit. Date and window rules are checked in refine. */
export const CareRequestSchema = ClientInfoSchema.extend(HealthNeedsSchema.shape)
  .extend(ReviewSubmitSchema.shape)
  .and(ScheduleSchema);
export type CareRequest = z.infer<typeof CareRequestSchema>;

/**
 * What the wizard posts to keep a signed-in client's draft on the server: the draft as JSON, read
 * by the wizard's readDraft, or the order to clear it (Start over).
 */
export const DraftPostSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("save"), draft: z.string().max(MAX_DRAFT_CHARS) }),
  z.object({ intent: z.literal("clear") }),
]);

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
