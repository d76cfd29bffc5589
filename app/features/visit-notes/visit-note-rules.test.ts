import { describe, expect, test } from "vitest";
import {
  canCorrect,
  correctionClosesAt,
  noteRefusal,
  readTasks,
  sameContent,
  type NoteContent,
} from "./visit-note-rules";

const caregiverId = "caregiver-1";
const checkedOut = { caregiverId, status: "completed", checkedOutAt: new Date("2026-11-26T18:00:00Z") };

describe("who may write a visit note", () => {
  test("the visit's caregiver after check-out", () => {
    expect(noteRefusal(checkedOut, caregiverId)).toBeNull();
  });
  test("another caregiver: not found", () => {
    expect(noteRefusal(checkedOut, "someone-else")).toBe("not-found");
  });
  test("before check-out: not yet", () => {
    expect(noteRefusal({ ...checkedOut, status: "checked_in", checkedOutAt: null }, caregiverId)).toBe(
      "not-checked-out",
    );
    expect(noteRefusal({ ...checkedOut, checkedOutAt: null }, caregiverId)).toBe("not-checked-out");
    expect(noteRefusal({ ...checkedOut, status: "missed" }, caregiverId)).toBe("not-checked-out");
  });
});

describe("the correction window", () => {
  const createdAt = new Date("2026-11-26T18:00:00Z");
  const settings = { noteCorrectionHours: 24 };
  test("closes note_correction_hours after the note was first saved", () => {
    expect(correctionClosesAt(createdAt, settings).toISOString()).toBe("2026-11-27T18:00:00.000Z");
    expect(canCorrect(createdAt, new Date("2026-11-27T17:59:59Z"), settings)).toBe(true);
    expect(canCorrect(createdAt, new Date("2026-11-27T18:00:00Z"), settings)).toBe(true);
    expect(canCorrect(createdAt, new Date("2026-11-27T18:00:01Z"), settings)).toBe(false);
  });
  test("follows the setting", () => {
    expect(canCorrect(createdAt, new Date("2026-11-26T20:00:00Z"), { noteCorrectionHours: 1 })).toBe(false);
    expect(canCorrect(createdAt, new Date("2026-11-26T18:00:00Z"), { noteCorrectionHours: 0 })).toBe(true);
  });
});

describe("note content", () => {
  const note: NoteContent = {
    tasks: [
      { task: "personal-care", status: "refused", reason: "Wanted to rest" },
      { task: "companionship", status: "done" },
    ],
    meals: "Soup",
    mood: "calm",
    observations: "",
  };
  test("the same content is recognised, any change is not", () => {
    expect(sameContent(note, structuredClone(note))).toBe(true);
    expect(sameContent(note, { ...note, mood: "tired" })).toBe(false);
    expect(sameContent(note, { ...note, tasks: [note.tasks[1]!, note.tasks[0]!] })).toBe(false);
    expect(sameContent(note, { ...note, tasks: [{ ...note.tasks[0]!, reason: "Asleep" }, note.tasks[1]!] })).toBe(
      false,
    );
  });
  test("stored tasks are read back, odd entries dropped", () => {
    expect(
      readTasks([
        { task: "personal-care", status: "refused", reason: "Tired" },
        { task: "housekeeping", status: "done", reason: "" },
        { task: "x", status: "exploded" },
        { status: "done" },
      ]),
    ).toEqual([
      { task: "personal-care", status: "refused", reason: "Tired" },
      { task: "housekeeping", status: "done" },
    ]);
  });
});
