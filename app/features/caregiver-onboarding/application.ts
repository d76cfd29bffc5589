import { z } from "zod";
import { isReservedCaregiverSlug } from "~/features/caregivers/public";
import { slugify } from "~/utils/slug";
import { DOCUMENT_KINDS } from "./document-paths";
import {
  CARE_SKILL_LABELS,
  CARE_SKILLS,
  SERVICE_IDS,
  SERVICE_LABELS,
  type CareSkill,
  type ServiceId,
} from "~/utils/services";
import { LANGUAGE_LABELS } from "~/features/care-requests/public";
import { RegistrationSchema } from "~/features/accounts/public";
import {
  CAREGIVER_LANGUAGES,
  type AvailabilityStep,
  type CaregiverLanguage,
  type ExperienceStep,
} from "~/features/caregivers/public";
import { INTL_LOCALES, type Translate } from "~/i18n/config";
import type { Labels } from "~/i18n/labels";
import { schemaErrorMap } from "~/utils/form-schema";
import { messageKey, type MessageKey, type MessageRef } from "~/i18n/message-keys";

// The caregiver application (docs/product-rules.md, "Caregiver application and vetting"): its steps, what each one asks
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

const registration = RegistrationSchema.shape;
/** Personal information once the account exists: everything but email and password. */
export const PersonalInfoUpdateSchema = z.object({
  firstName: registration.firstName,
  lastName: registration.lastName,
  phoneNumber: registration.phoneNumber,
  streetAddress: registration.streetAddress,
  city: registration.city,
  state: registration.state,
  zipCode: registration.zipCode,
});
export type PersonalInfoUpdate = z.infer<typeof PersonalInfoUpdateSchema>;

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

/**
 * Caregiver applications (accounts made at step 1) that one client address
 * may start in 24 hours (docs/product-rules.md, Upload and application limits).
 */
export const APPLICATIONS_PER_ADDRESS = { max: 5, windowMs: 24 * 60 * 60 * 1000 } as const;
export const TOO_MANY_APPLICATIONS = { key: "onboarding:errors.tooManyApplications" } as const satisfies MessageRef;

export const CONFIRMATION_PATH = "/register/caregiver/confirmation?message=registration-success";

const checked = (message: MessageKey) =>
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
  name: z
    .string()
    .trim()
    .min(2, messageKey("validation:onboarding.referenceNameRequired"))
    .max(100, messageKey("validation:onboarding.referenceNameTooLong")),
  relationship: z
    .string()
    .trim()
    .min(2, messageKey("validation:onboarding.relationshipRequired"))
    .max(100, messageKey("validation:onboarding.relationshipTooLong")),
  contact: z
    .string()
    .trim()
    .min(5, messageKey("validation:onboarding.contactRequired"))
    .max(255, messageKey("validation:onboarding.contactTooLong"))
    .refine(
      (value) => z.email().safeParse(value).success || value.replace(/\D/g, "").length >= 10,
      messageKey("validation:onboarding.contactInvalid"),
    ),
});

export const BackgroundStepSchema = z.object({
  backgroundCheckConsent: checked(messageKey("validation:onboarding.backgroundConsentRequired")),
  informationConfirmation: checked(messageKey("validation:onboarding.informationConfirmationRequired")),
  /** One reference is needed; a second is welcome. */
  references: z.array(ReferenceSchema).min(1, messageKey("validation:onboarding.referenceRequired")).max(2),
});
export type BackgroundStep = z.infer<typeof BackgroundStepSchema>;

/** The answers of the steps that keep them in the draft, keyed by step. */
export type DraftData = {
  "personal-info"?: { streetAddress: string };
  background?: BackgroundStep;
  availability?: AvailabilityStep;
  /** A draft saved before the bio's language was asked has none (the form then offers the page's). */
  experience?: Omit<ExperienceStep, "bioLanguage"> & Partial<Pick<ExperienceStep, "bioLanguage">>;
  documents?: { completedAt: string };
};

/**
 * Parses the background form: flat field names reference1Name... become the
 * references list. The second reference is optional: left wholly empty, it is
 * not part of the answers; begun, it must be complete.
 */
export function backgroundFormValues(form: Record<string, unknown>) {
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

/**
 * The background form as posted: its own field names (reference1Name...), each error tied to
 * its field. The second reference is checked only once begun (backgroundFormValues); the
 * step's answers are BackgroundStepSchema.parse(backgroundFormValues(value)).
 */
export const BackgroundFormSchema = z
  .object({
    backgroundCheckConsent: BackgroundStepSchema.shape.backgroundCheckConsent,
    informationConfirmation: BackgroundStepSchema.shape.informationConfirmation,
    reference1Name: ReferenceSchema.shape.name,
    reference1Relationship: ReferenceSchema.shape.relationship,
    reference1Contact: ReferenceSchema.shape.contact,
    reference2Name: z.string().optional(),
    reference2Relationship: z.string().optional(),
    reference2Contact: z.string().optional(),
  })
  .superRefine((form, context) => {
    const parsed = BackgroundStepSchema.safeParse(backgroundFormValues(form), { error: schemaErrorMap });
    for (const issue of parsed.error?.issues ?? []) {
      const [first, index, field] = issue.path;
      if (first !== "references" || index !== 1 || typeof field !== "string") continue;
      const name = `reference2${field[0]!.toUpperCase()}${field.slice(1)}`;
      context.addIssue({ code: "custom", message: issue.message, path: [name] });
    }
  });

/** The review step's two buttons: send the confirmation email again, or submit the application. */
export const ResendVerificationSchema = z.object({ intent: z.literal("resend") });
/** The key is checked by the action (idempotencyKeyOf), which names a missing one. */
export const SubmitApplicationSchema = z.object({ intent: z.literal("submit"), idempotencyKey: z.string().optional() });
export const ReviewActionSchema = z.discriminatedUnion("intent", [ResendVerificationSchema, SubmitApplicationSchema]);

/**
 * The documents step's forms: remove a certificate, upload one file of a kind, or go on to the
 * review. The file itself is checked where it is stored (documents.server.ts).
 */
export const DeleteDocumentSchema = z.object({ intent: z.literal("delete"), documentId: z.string() });
export const ContinueFromDocumentsSchema = z.object({ intent: z.literal("continue") });
export const UploadDocumentSchema = z.object({
  intent: z.literal("upload"),
  kind: z.enum(DOCUMENT_KINDS),
  file: z.unknown().optional(),
  certificationName: z.string().optional(),
});
export const DocumentsActionSchema = z.discriminatedUnion("intent", [
  DeleteDocumentSchema,
  ContinueFromDocumentsSchema,
  UploadDocumentSchema,
]);

const englishList = new Intl.ListFormat("en", { type: "conjunction" });
const lower = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * The words of a drafted "About you" in one language: names of the answers as
 * they read inside a sentence, how a list is joined, and the sentences. English
 * here; the form passes the reader's language (routes/caregiver-onboarding/experience.tsx).
 */
export type BioWords = {
  service: (id: ServiceId) => string;
  skill: (skill: CareSkill) => string;
  language: (code: CaregiverLanguage) => string;
  list: (items: string[]) => string;
  caresAtHome: string;
  newToCaregiving: string;
  years: (years: number) => string;
  /** "<experience> and offer <services>." */
  offers: (experience: string, services: string) => string;
  /** "<experience>." */
  sentence: (experience: string) => string;
  experienceWith: (skills: string) => string;
  speaks: (languages: string) => string;
};

export const ENGLISH_BIO_WORDS: BioWords = {
  service: (id) => SERVICE_LABELS[id].toLowerCase(),
  skill: (skill) => lower(CARE_SKILL_LABELS[skill]),
  language: (code) => LANGUAGE_LABELS[code],
  list: (items) => englishList.format(items),
  caresAtHome: "I care for people in their own homes",
  newToCaregiving: "I am new to professional caregiving",
  years: (years) => `I have ${years} ${years === 1 ? "year" : "years"} of caregiving experience`,
  offers: (experience, services) => `${experience} and offer ${services}.`,
  sentence: (experience) => `${experience}.`,
  experienceWith: (skills) => `I have experience with ${skills}.`,
  speaks: (languages) => `I speak ${languages}.`,
};

/**
 * The same words in the reader's language: `t` of the `onboarding` namespace
 * and the labels of that language (i18n/labels.ts). English capitalises the
 * names of languages; other languages write them in lower case inside a sentence.
 */
export function bioWordsFrom(t: Translate, labels: Labels): BioWords {
  const listFormat = new Intl.ListFormat(INTL_LOCALES[labels.locale], { type: "conjunction" });
  const inSentence = (name: string) =>
    labels.locale === "en" ? name : name.toLocaleLowerCase(INTL_LOCALES[labels.locale]);
  return {
    service: (id) => labels.service(id).toLocaleLowerCase(INTL_LOCALES[labels.locale]),
    skill: (skill) => lower(labels.skill(skill)),
    language: (code) => inSentence(labels.language(code)),
    list: (items) => listFormat.format(items),
    caresAtHome: t("experience.bioDraft.caresAtHome"),
    newToCaregiving: t("experience.bioDraft.newToCaregiving"),
    years: (count) => t("experience.bioDraft.years", { count }),
    offers: (experience, services) => t("experience.bioDraft.offers", { experience, services }),
    sentence: (experience) => `${experience}.`,
    experienceWith: (skills) => t("experience.bioDraft.experienceWith", { skills }),
    speaks: (languages) => t("experience.bioDraft.speaks", { languages }),
  };
}

/**
 * A first draft of the "About you" text from the applicant's own answers, for
 * them to keep or rewrite; null when there is nothing to draft it from. It
 * states only what they answered, in `words`' language (English by default).
 */
export function draftBio(
  answers: {
    yearsExperience?: number;
    services: readonly string[];
    skills: readonly string[];
    languages: readonly string[];
  },
  words: BioWords = ENGLISH_BIO_WORDS,
): string | null {
  const services = SERVICE_IDS.filter((id) => answers.services.includes(id)).map(words.service);
  const skills = CARE_SKILLS.filter((skill) => answers.skills.includes(skill)).map(words.skill);
  const languages = CAREGIVER_LANGUAGES.filter((code) => answers.languages.includes(code)).map(words.language);
  const years = answers.yearsExperience;
  const hasYears = years !== undefined && Number.isInteger(years) && years >= 0;
  if (!hasYears && services.length === 0 && languages.length === 0) return null;

  const experience = !hasYears ? words.caresAtHome : years === 0 ? words.newToCaregiving : words.years(years);
  const sentences = [services.length > 0 ? words.offers(experience, words.list(services)) : words.sentence(experience)];
  if (skills.length > 0) sentences.push(words.experienceWith(words.list(skills)));
  if (languages.length > 0) sentences.push(words.speaks(words.list(languages)));
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
