import { getZodConstraint } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import { parseQuestions, questionsText, scoreQuiz, trainingGate, type TrainingQuestion } from "./training-rules";
import { ModuleFormSchema } from "./training.schema";

const question = (answer: number): TrainingQuestion => ({
  prompt: { en: "Q", es: "P" },
  options: [
    { en: "a", es: "a" },
    { en: "b", es: "b" },
    { en: "c", es: "c" },
  ],
  answer,
});

describe("scoreQuiz", () => {
  const quiz = [question(0), question(1), question(2), question(0), question(1)];
  test("percent right, rounded down; passed at the pass mark", () => {
    expect(scoreQuiz(quiz, [0, 1, 2, 0, 1], 80)).toEqual({ score: 100, passed: true, wrong: [] });
    expect(scoreQuiz(quiz, [0, 1, 2, 0, 0], 80)).toEqual({ score: 80, passed: true, wrong: [4] });
    expect(scoreQuiz(quiz, [1, 1, 2, 0, 0], 80)).toEqual({ score: 60, passed: false, wrong: [0, 4] });
    expect(scoreQuiz([question(0), question(0), question(0)], [0, 0, 1], 67)).toEqual({
      score: 66,
      passed: false,
      wrong: [2],
    });
  });
  test("a missing answer is wrong, and an empty quiz is never passed", () => {
    expect(scoreQuiz(quiz, [0, 1], 40)).toMatchObject({ score: 40, passed: true, wrong: [2, 3, 4] });
    expect(scoreQuiz([], [], 50)).toEqual({ score: 0, passed: false, wrong: [] });
  });
});

describe("trainingGate", () => {
  const now = new Date("2026-12-05T12:00:00Z");
  const modules = [
    { id: "a", isRequired: true, requiredBy: null },
    { id: "b", isRequired: true, requiredBy: new Date("2026-12-10T00:00:00Z") },
    { id: "c", isRequired: true, requiredBy: new Date("2026-12-01T00:00:00Z") },
    { id: "d", isRequired: false, requiredBy: null },
  ];
  test("required with no date or past its date blocks; a date to come is upcoming; optional never counts", () => {
    const gate = trainingGate(modules, new Set(), now);
    expect(gate.blocking.map((module) => module.id)).toEqual(["a", "c"]);
    expect(gate.upcoming.map((module) => module.id)).toEqual(["b"]);
  });
  test("passed modules are out of both lists", () => {
    expect(trainingGate(modules, new Set(["a", "b", "c"]), now)).toEqual({ blocking: [], upcoming: [] });
  });
  test("the date itself is the moment it starts to block", () => {
    expect(trainingGate(modules, new Set(["a", "c"]), new Date("2026-12-10T00:00:00Z")).blocking).toHaveLength(1);
  });
});

describe("questions in the admin's text form", () => {
  const text = {
    en: "Which is safe?\n- Running\n* Walking\n\nWash for?\n* 20 seconds\n- 5 seconds\n- No time",
    es: "¿Qué es seguro?\n- Correr\n* Caminar\n\n¿Lavar cuánto?\n* 20 segundos\n- 5 segundos\n- Nada",
  };
  test("parses both languages into one list and writes it back the same", () => {
    const parsed = parseQuestions(text);
    expect(parsed).toEqual([
      {
        prompt: { en: "Which is safe?", es: "¿Qué es seguro?" },
        options: [
          { en: "Running", es: "Correr" },
          { en: "Walking", es: "Caminar" },
        ],
        answer: 1,
      },
      {
        prompt: { en: "Wash for?", es: "¿Lavar cuánto?" },
        options: [
          { en: "20 seconds", es: "20 segundos" },
          { en: "5 seconds", es: "5 segundos" },
          { en: "No time", es: "Nada" },
        ],
        answer: 0,
      },
    ]);
    if (typeof parsed === "string") throw new Error(parsed);
    expect(questionsText(parsed, "en")).toBe(text.en);
    expect(questionsText(parsed, "es")).toBe(text.es);
  });
  test("refuses a question with no right option, two right options, or languages that differ", () => {
    expect(parseQuestions({ en: "Q\n- a\n- b", es: "P\n- a\n- b" })).toBe("format");
    expect(parseQuestions({ en: "Q\n* a\n* b", es: "P\n* a\n* b" })).toBe("format");
    expect(parseQuestions({ en: "Q\n* a", es: "P\n* a" })).toBe("format");
    expect(parseQuestions({ en: "Q\n* a\n- b", es: "P\n- a\n* b" })).toBe("mismatch");
    expect(parseQuestions({ en: "Q\n* a\n- b", es: "P\n* a\n- b\n\nP2\n* a\n- b" })).toBe("mismatch");
    expect(parseQuestions({ en: "  ", es: "P\n* a\n- b" })).toBe("empty");
  });
});

describe("the module form's box for a module required of everyone", () => {
  test("is not a required field, and reads a ticked box as required, an unticked one as not", () => {
    expect(getZodConstraint(ModuleFormSchema).isRequired?.required).toBeFalsy();
    const isRequired = ModuleFormSchema.shape.isRequired;
    expect(isRequired.parse("on")).toBe(true);
    expect(isRequired.parse(undefined)).toBe(false);
    expect(isRequired.parse(true)).toBe(true);
    expect(isRequired.safeParse("yes").success).toBe(false);
  });
});
