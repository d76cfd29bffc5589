import { describe, expect, test } from "vitest";
import {
  VisitNoteSchema,
  visitNoteFieldErrors,
  visitNoteFormSchema,
  visitNoteFromForm,
  visitNoteInput,
} from "./visit-note.schema";

const services = ["personal-care", "meal-preparation"];

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

const parse = (values: Record<string, string>) => VisitNoteSchema.safeParse(visitNoteInput(form(values), services));

describe("VisitNoteSchema", () => {
  test("a complete note: one task per service, a refusal with its reason, the rest trimmed", () => {
    const result = parse({
      "task-personal-care": "refused",
      "reason-personal-care": "  Preferred to shower tomorrow ",
      "task-meal-preparation": "done",
      "reason-meal-preparation": "left over from before",
      meals: " Chicken soup, water ",
      mood: "cheerful",
      observations: "Walked to the park.",
    });
    expect(result.success && result.data).toEqual({
      tasks: [
        { task: "personal-care", status: "refused", reason: "Preferred to shower tomorrow" },
        // A reason belongs to a refusal only.
        { task: "meal-preparation", status: "done" },
      ],
      meals: "Chicken soup, water",
      mood: "cheerful",
      observations: "Walked to the park.",
    });
  });

  test("a refused task needs a reason, shown beside that task's reason field", () => {
    const result = parse({
      "task-personal-care": "done",
      "task-meal-preparation": "refused",
      "reason-meal-preparation": "   ",
      meals: "",
      mood: "",
      observations: "",
    });
    expect(result.success).toBe(false);
    expect(visitNoteFieldErrors(result.error!.issues, services)).toEqual({
      "reason-meal-preparation": "notes:errors.refusedReasonRequired",
    });
  });

  test("every service needs a choice; the mood comes from the closed list", () => {
    const result = parse({ "task-personal-care": "not_needed", mood: "ecstatic", meals: "", observations: "" });
    expect(result.success).toBe(false);
    expect(visitNoteFieldErrors(result.error!.issues, services)).toEqual({
      "task-meal-preparation": "notes:errors.taskStatusRequired",
      mood: "notes:errors.moodInvalid",
    });
  });

  test("no mood is allowed; long texts are refused", () => {
    expect(
      parse({ "task-personal-care": "done", "task-meal-preparation": "done", mood: "", meals: "", observations: "" })
        .success,
    ).toBe(true);
    const long = parse({
      "task-personal-care": "done",
      "task-meal-preparation": "done",
      observations: "x".repeat(2001),
    });
    expect(visitNoteFieldErrors(long.error!.issues, services)).toEqual({
      observations: "notes:errors.textTooLong",
    });
  });
});

describe("visitNoteFormSchema", () => {
  const schema = visitNoteFormSchema(services);

  test("the form's fields become the note, with the photos and the photos to remove as lists", () => {
    const photo = new File(["x"], "a.jpg", { type: "image/jpeg" });
    const result = schema.safeParse({
      "task-personal-care": "refused",
      "reason-personal-care": " Tired ",
      "task-meal-preparation": "done",
      meals: " Soup ",
      mood: "",
      observations: "",
      photos: [photo, new File([], "")],
      removePhoto: "photo-1",
    });
    expect(result.success).toBe(true);
    expect(result.data!.photos).toEqual([photo]);
    expect(result.data!.removePhoto).toEqual(["photo-1"]);
    expect(visitNoteFromForm(result.data!, services)).toEqual({
      tasks: [
        { task: "personal-care", status: "refused", reason: "Tired" },
        { task: "meal-preparation", status: "done", reason: "" },
      ],
      meals: "Soup",
      mood: null,
      observations: "",
    });
  });

  test("each message is on its own field", () => {
    const missing = schema.safeParse({ "task-personal-care": "done", mood: "ecstatic" });
    expect(missing.error!.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["task-meal-preparation", "notes:errors.taskStatusRequired"],
      ["mood", "notes:errors.moodInvalid"],
    ]);
    const refused = schema.safeParse({ "task-personal-care": "refused", "task-meal-preparation": "done" });
    expect(refused.error!.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["reason-personal-care", "notes:errors.refusedReasonRequired"],
    ]);
  });
});
