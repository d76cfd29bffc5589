import { z } from "zod";
import { messageKey } from "~/i18n/message-keys";
import { PASS_MARK_MAX, PASS_MARK_MIN, parseQuestions } from "./training-rules";

// The training forms (docs/product-rules.md, "Caregiver training"): a
// caregiver's quiz answers, and the admin's module editor and "require of
// everyone by a date".

/** A quiz of `count` questions: one chosen option per question, q0 … q(count-1). */
export function quizSchema(count: number) {
  const answer = z.coerce
    .number({ error: messageKey("training:errors.answerEach") })
    .int(messageKey("training:errors.answerEach"))
    .min(0, messageKey("training:errors.answerEach"));
  return z.object(Object.fromEntries(Array.from({ length: count }, (_, index) => [`q${index}`, answer])));
}

/** The answers of a parsed quiz, in question order. */
export function quizAnswers(value: Record<string, number>, count: number): number[] {
  return Array.from({ length: count }, (_, index) => value[`q${index}`]!);
}

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, messageKey("training:errors.date"))
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), messageKey("training:errors.date"));

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" || value == null ? undefined : value), schema.optional());

/** A video or caption file served by the app itself (the page's media policy allows no other site). */
const mediaUrl = z
  .string()
  .trim()
  .max(500, messageKey("training:errors.url"))
  .regex(/^\/(?!\/)[\w\-./]+$/, messageKey("training:errors.url"));

const text = (max: number) =>
  z.string().trim().min(1, messageKey("training:errors.required")).max(max, messageKey("training:errors.tooLong"));

export const TRAINING_LIMITS = { title: 120, summary: 300, reading: 20000, questions: 20000 } as const;

export const ModuleFormSchema = z
  .object({
    titleEn: text(TRAINING_LIMITS.title),
    titleEs: text(TRAINING_LIMITS.title),
    summaryEn: text(TRAINING_LIMITS.summary),
    summaryEs: text(TRAINING_LIMITS.summary),
    readingEn: text(TRAINING_LIMITS.reading),
    readingEs: text(TRAINING_LIMITS.reading),
    questionsEn: text(TRAINING_LIMITS.questions),
    questionsEs: text(TRAINING_LIMITS.questions),
    passMark: z.coerce
      .number({ error: messageKey("training:errors.passMark") })
      .int(messageKey("training:errors.passMark"))
      .min(PASS_MARK_MIN, messageKey("training:errors.passMark"))
      .max(PASS_MARK_MAX, messageKey("training:errors.passMark")),
    // A ticked box posts "on"; an unticked one posts nothing. Optional inside the union, not around it: so the
    // form's constraints leave the box not required (around it, they marked it required).
    isRequired: z
      .boolean()
      .optional()
      .or(z.literal("on"))
      .transform((value) => value === true || value === "on"),
    requiredBy: optional(isoDate),
    videoUrl: optional(mediaUrl),
    captionsEn: optional(mediaUrl),
    captionsEs: optional(mediaUrl),
  })
  .superRefine((form, context) => {
    const parsed = parseQuestions({ en: form.questionsEn, es: form.questionsEs });
    if (typeof parsed === "string")
      context.addIssue({
        code: "custom",
        path: ["questionsEn"],
        message: messageKey(
          parsed === "mismatch" ? "training:errors.questionsMismatch" : "training:errors.questionsFormat",
        ),
      });
    if (form.videoUrl && !form.captionsEn && !form.captionsEs)
      context.addIssue({ code: "custom", path: ["captionsEn"], message: messageKey("training:errors.captionsNeeded") });
    if (form.requiredBy && !form.isRequired)
      context.addIssue({
        code: "custom",
        path: ["requiredBy"],
        message: messageKey("training:errors.dateNeedsRequired"),
      });
  });
export type ModuleForm = z.infer<typeof ModuleFormSchema>;

/** "Require of everyone by a date" on the admin's list. */
export const RequireByDateSchema = z.object({ intent: z.literal("require"), moduleId: z.uuid(), requiredBy: isoDate });
