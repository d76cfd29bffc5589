import { z } from "zod";
import { messageKey } from "~/i18n/message-keys";
import { MOODS, REASON_MAX, TASK_STATUSES, TEXT_MAX } from "./visit-note-rules";

// The visit note form (docs/product-rules.md, "Visit notes and the care timeline"): one schema, used
// by the caregiver's form before it is sent and by the action again. The
// messages are keys of the `notes` messages (errors.*), worded in the reader's
// language by the form and the action (docs/decisions/0025-messages-as-keys.md).

const taskStatus = z.enum(TASK_STATUSES, { message: messageKey("notes:errors.taskStatusRequired") });
const refusalReason = z.string().trim().max(REASON_MAX, messageKey("notes:errors.reasonTooLong")).optional();
const noteText = z.string().trim().max(TEXT_MAX, messageKey("notes:errors.textTooLong"));
const moodChoice = z.enum(MOODS, { message: messageKey("notes:errors.moodInvalid") });
const REFUSED_REASON_REQUIRED = messageKey("notes:errors.refusedReasonRequired");

export const VisitNoteSchema = z
  .object({
    tasks: z
      .array(
        z
          .object({
            task: z.string().min(1).max(60),
            status: taskStatus,
            reason: refusalReason,
          })
          .transform(({ task, status, reason }) =>
            // A reason belongs to a refusal only.
            status === "refused" && reason ? { task, status, reason } : { task, status },
          ),
      )
      .max(20),
    meals: noteText,
    mood: moodChoice.nullable(),
    observations: noteText,
  })
  .superRefine((note, context) => {
    note.tasks.forEach((task, index) => {
      if (task.status === "refused" && !("reason" in task && task.reason)) {
        context.addIssue({
          code: "custom",
          path: ["tasks", index, "reason"],
          message: REFUSED_REASON_REQUIRED,
        });
      }
    });
  });

export type VisitNoteInput = z.infer<typeof VisitNoteSchema>;

/** The form's field names: one radio group and one reason per service of the order. */
export const taskField = (service: string) => `task-${service}`;
export const reasonField = (service: string) => `reason-${service}`;

type FormLike = { get: (name: string) => FormDataEntryValue | null };

const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : "");

/** The form's values as the schema reads them: a task for each of the order's services. */
export function visitNoteInput(form: FormLike, services: readonly string[]) {
  const mood = text(form.get("mood"));
  return {
    tasks: services.map((service) => ({
      task: service,
      status: text(form.get(taskField(service))),
      reason: text(form.get(reasonField(service))),
    })),
    meals: text(form.get("meals")),
    mood: mood === "" ? null : mood,
    observations: text(form.get("observations")),
  };
}

/** What the form sends, before the schema reads it. */
export type VisitNoteFormValues = ReturnType<typeof visitNoteInput>;

/** The first message for each form field, by the form's field names. */
export function visitNoteFieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  services: readonly string[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const [first, index, part] = issue.path;
    let field = String(first ?? "");
    if (first === "tasks" && typeof index === "number") {
      const service = services[index] ?? "";
      field = part === "reason" ? reasonField(service) : taskField(service);
    }
    errors[field] ??= issue.message;
  }
  return errors;
}

/** A form field sent once, many times or not at all, as a list. */
const list = <Item extends z.ZodType>(item: Item) =>
  z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(item));

/**
 * The form as the page sends it, for the order's `services`: a status radio group and a reason
 * per service (taskField, reasonField), the texts, the mood ("" for none), the new photos and the
 * ids of the photos to remove. The page checks the form with it before it is sent and the action
 * parses with it; the same rules as VisitNoteSchema, with each message on its own field.
 */
export function visitNoteFormSchema(services: readonly string[]): z.ZodType<VisitNoteForm, Record<string, unknown>> {
  const tasks: Record<string, z.ZodType> = {};
  for (const service of services) {
    tasks[taskField(service)] = taskStatus;
    tasks[reasonField(service)] = refusalReason;
  }
  return z
    .object({
      ...tasks,
      // Missing from a hand-made post: empty, as the page would send them.
      meals: noteText.default(""),
      mood: z.preprocess((value) => (value === "" ? undefined : value), moodChoice.optional()),
      observations: noteText.default(""),
      // An empty file input still sends one nameless, empty file.
      photos: list(z.instanceof(File)).transform((files) => files.filter((file) => file.size > 0 || file.name !== "")),
      removePhoto: list(z.string()),
      // The shared care plans' tasks ticked as done (carePlanTaskKey); the server keeps only the current ones.
      carePlanDone: list(z.string().max(80)).pipe(z.array(z.string()).max(200)),
    })
    .superRefine((form: Record<string, unknown>, context) => {
      for (const service of services) {
        if (form[taskField(service)] === "refused" && !form[reasonField(service)]) {
          context.addIssue({ code: "custom", path: [reasonField(service)], message: REFUSED_REASON_REQUIRED });
        }
      }
    });
}

/** The form's values as visitNoteFormSchema gives them: its fixed fields, and a status and a reason per service. */
export type VisitNoteForm = Record<string, unknown> & {
  meals: string;
  mood?: (typeof MOODS)[number];
  observations: string;
  photos: File[];
  removePhoto: string[];
  carePlanDone: string[];
};

/** The note in the form's values, as saveVisitNote takes it. */
export function visitNoteFromForm(form: VisitNoteForm, services: readonly string[]): VisitNoteFormValues {
  return visitNoteInput({ get: (name) => (typeof form[name] === "string" ? form[name] : null) }, services);
}
