import type { CareSettings } from "~/features/visits/public";

// Visit notes (docs/product-rules.md, "Visit notes and the care timeline"): pure rules shared by the
// caregiver's form, the server and the family's timeline.

/** How the person seemed during the visit: a small closed set, named in both languages (notes.mood.*). */
export const MOODS = ["cheerful", "calm", "tired", "anxious", "upset"] as const;
export type Mood = (typeof MOODS)[number];

/** What became of each service of the order during the visit. */
export const TASK_STATUSES = ["done", "refused", "not_needed"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** One task of a note as stored in visit_notes.tasks: the service id, what became of it, and why when refused. */
export type NoteTask = { task: string; status: TaskStatus; reason?: string };

/** One task of a care plan the family shares with the order (features/care-documents), and whether it was done. */
export type CarePlanTaskDone = { documentId: string; task: string; done: boolean };

/** What a note says (visit_notes without its keys); a revision keeps this shape plus the photos it had. */
export type NoteContent = {
  tasks: NoteTask[];
  meals: string;
  mood: Mood | null;
  observations: string;
  /** The shared care plans' tasks, ticked or not (none when no care plan with tasks is shared). */
  carePlanTasks?: CarePlanTaskDone[];
};

export const TEXT_MAX = 2000;
export const REASON_MAX = 300;

/** Photos: the same checks as caregiver documents (size, type judged by content), fewer and smaller. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** Photos a note keeps at most (its corrections included). */
export const PHOTOS_PER_NOTE = 6;
/**
 * One save carries at most this much: under the host's 16 MB body limit
 * (server/body-limits.ts). More photos can be added by a correction.
 */
export const NOTE_FORM_MAX_BYTES = 15 * 1024 * 1024;
/** The photo types we keep: browsers show them all. HEIC is refused, since most browsers cannot show it. */
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

/** Why a caregiver may not write this visit's note yet, or null when they may. */
export function noteRefusal(
  visit: { caregiverId: string; status: string; checkedOutAt: Date | null },
  caregiverId: string,
): "not-found" | "not-checked-out" | null {
  if (visit.caregiverId !== caregiverId) return "not-found";
  if (visit.status !== "completed" || !visit.checkedOutAt) return "not-checked-out";
  return null;
}

/** The end of the note's correction window: note_correction_hours after it was first saved. */
export function correctionClosesAt(createdAt: Date, settings: Pick<CareSettings, "noteCorrectionHours">): Date {
  return new Date(createdAt.getTime() + settings.noteCorrectionHours * 60 * 60 * 1000);
}

export function canCorrect(createdAt: Date, now: Date, settings: Pick<CareSettings, "noteCorrectionHours">): boolean {
  return now.getTime() <= correctionClosesAt(createdAt, settings).getTime();
}

/** True when a correction changes nothing the note says (no revision is kept then, unless photos change). */
export function sameContent(a: NoteContent, b: NoteContent): boolean {
  const tasks = (content: NoteContent) =>
    content.tasks.map((task) => `${task.task}:${task.status}:${task.reason ?? ""}`).join("|");
  const plan = (content: NoteContent) =>
    (content.carePlanTasks ?? []).map((task) => `${task.documentId}:${task.task}:${task.done}`).join("|");
  return (
    tasks(a) === tasks(b) &&
    plan(a) === plan(b) &&
    a.meals === b.meals &&
    a.mood === b.mood &&
    a.observations === b.observations
  );
}

/** The form's value of one care plan task's checkbox: the document and the task's place in it. */
export const carePlanTaskKey = (documentId: string, index: number) => `${documentId}:${index}`;

/**
 * The shared care plans' tasks as the note keeps them, each done when its checkbox (carePlanTaskKey) was sent:
 * the plans as they are now, so a box for a task no longer shared counts for nothing.
 */
export function tickCarePlanTasks(
  plans: readonly { documentId: string; tasks: readonly string[] }[],
  doneKeys: readonly string[],
): CarePlanTaskDone[] {
  const done = new Set(doneKeys);
  return plans.flatMap((plan) =>
    plan.tasks.map((task, index) => ({
      documentId: plan.documentId,
      task,
      done: done.has(carePlanTaskKey(plan.documentId, index)),
    })),
  );
}

/** A stored care plan tasks array read back: unknown entries are dropped. */
export function readCarePlanTasks(value: unknown): CarePlanTaskDone[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: Record<string, unknown>) =>
    typeof entry?.documentId === "string" && typeof entry.task === "string" && typeof entry.done === "boolean"
      ? [{ documentId: entry.documentId, task: entry.task, done: entry.done }]
      : [],
  );
}

/** A stored tasks array read back (the jsonb column is typed loosely): unknown entries are dropped. */
export function readTasks(value: readonly Record<string, unknown>[]): NoteTask[] {
  return value.flatMap((entry) => {
    const { task, status, reason } = entry;
    if (typeof task !== "string" || !(TASK_STATUSES as readonly unknown[]).includes(status)) return [];
    return [{ task, status: status as TaskStatus, ...(typeof reason === "string" && reason ? { reason } : {}) }];
  });
}

export function isMood(value: unknown): value is Mood {
  return typeof value === "string" && (MOODS as readonly string[]).includes(value);
}
