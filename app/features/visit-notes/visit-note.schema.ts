import { z } from "zod";
import { messageKey } from "~/i18n/message-keys";
import { MOODS, REASON_MAX, TASK_STATUSES, TEXT_MAX } from "./visit-note-rules";

// The visit note form (docs/product-rules.md, "Visit notes and the care timeline"): one schema, used
// by the caregiver's form before it is sent and by the action again. The
// messages are keys of the `notes` messages (errors.*), worded in the reader's
// language by the form and the action (docs/decisions/0025-messages-as-keys.md).

export const VisitNoteSchema = z
  .object({
    tasks: z
      .array(
        z
          .object({
            task: z.string().min(1).max(60),
            status: z.enum(TASK_STATUSES, { message: messageKey("notes:errors.taskStatusRequired") }),
            reason: z.string().trim().max(REASON_MAX, messageKey("notes:errors.reasonTooLong")).optional(),
          })
          .transform(({ task, status, reason }) =>
            // A reason belongs to a refusal only.
            status === "refused" && reason ? { task, status, reason } : { task, status },
          ),
      )
      .max(20),
    meals: z.string().trim().max(TEXT_MAX, messageKey("notes:errors.textTooLong")),
    mood: z.enum(MOODS, { message: messageKey("notes:errors.moodInvalid") }).nullable(),
    observations: z.string().trim().max(TEXT_MAX, messageKey("notes:errors.textTooLong")),
  })
  .superRefine((note, context) => {
    note.tasks.forEach((task, index) => {
      if (task.status === "refused" && !("reason" in task && task.reason)) {
        context.addIssue({
          code: "custom",
          path: ["tasks", index, "reason"],
          message: messageKey("notes:errors.refusedReasonRequired"),
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
