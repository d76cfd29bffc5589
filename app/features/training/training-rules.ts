import type { Locale } from "~/i18n/config";
import type { BilingualText, TrainingQuestion } from "~/platform/db/schema";

// The pure rules of caregiver training (docs/product-rules.md, "Caregiver
// training"): how a quiz is scored, which modules stand between a caregiver
// and an offer, and the text form admins edit questions in.

export type { BilingualText, TrainingQuestion };

/** The lowest and highest pass marks an admin may set, in percent. */
export const PASS_MARK_MIN = 50;
export const PASS_MARK_MAX = 100;
export const DEFAULT_PASS_MARK = 80;
/** How long before a module's required-by date the second reminder goes out. */
export const DUE_REMINDER_DAYS = 3;

export type QuizResult = { score: number; passed: boolean; wrong: number[] };

/** Scores answers against the questions: percent right (rounded down), passed at or above the pass mark. */
export function scoreQuiz(
  questions: readonly TrainingQuestion[],
  answers: readonly number[],
  passMark: number,
): QuizResult {
  const wrong = questions.flatMap((question, index) => (answers[index] === question.answer ? [] : [index]));
  const right = questions.length - wrong.length;
  const score = questions.length === 0 ? 0 : Math.floor((right * 100) / questions.length);
  return { score, passed: questions.length > 0 && score >= passMark, wrong };
}

export type GateModule = { id: string; isRequired: boolean; requiredBy: Date | null };

/**
 * Which required modules a caregiver has not passed: `blocking` ones stop new
 * offers and backups now (required with no date, or past their date);
 * `upcoming` ones are required by a date still to come (a reminder, not a refusal).
 */
export function trainingGate<M extends GateModule>(
  modules: readonly M[],
  passedIds: ReadonlySet<string>,
  now: Date,
): { blocking: M[]; upcoming: M[] } {
  const open = modules.filter((module) => module.isRequired && !passedIds.has(module.id));
  return {
    blocking: open.filter((module) => module.requiredBy === null || module.requiredBy <= now),
    upcoming: open.filter((module) => module.requiredBy !== null && module.requiredBy > now),
  };
}

/** A bilingual text in one language, falling back to English when the translation is empty. */
export function inLocale(text: Partial<BilingualText>, locale: Locale): string {
  return (text[locale] ?? "").trim() || (text.en ?? "");
}

/** A reading's paragraphs: blocks separated by blank lines. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);
}

// Questions in the admin's text form, one block per question separated by a
// blank line: the first line is the prompt, each further line an option,
// the correct one starting with "*" and the others with "-". The English and
// Spanish texts hold the same questions in the same order; the correct
// option is marked in both.

export type QuestionsProblem = "empty" | "format" | "mismatch";

type ParsedQuestion = { prompt: string; options: string[]; answer: number };

function parseOneLanguage(text: string): ParsedQuestion[] | "empty" | "format" {
  const blocks = paragraphs(text.replace(/\r\n?/g, "\n"));
  if (blocks.length === 0) return "empty";
  const parsed: ParsedQuestion[] = [];
  for (const block of blocks) {
    const [prompt, ...lines] = block.split("\n").map((line) => line.trim());
    if (!prompt || /^[*-]/.test(prompt) || lines.length < 2) return "format";
    const options: string[] = [];
    let answer = -1;
    for (const line of lines) {
      const match = /^([*-])\s*(.+)$/.exec(line);
      if (!match) return "format";
      if (match[1] === "*") {
        if (answer !== -1) return "format";
        answer = options.length;
      }
      options.push(match[2]!.trim());
    }
    if (answer === -1) return "format";
    parsed.push({ prompt, options, answer });
  }
  return parsed;
}

/** The questions from their English and Spanish text forms, or what is wrong with them. */
export function parseQuestions(text: BilingualText): TrainingQuestion[] | QuestionsProblem {
  const en = parseOneLanguage(text.en);
  const es = parseOneLanguage(text.es);
  if (en === "empty" || es === "empty") return "empty";
  if (en === "format" || es === "format") return "format";
  if (
    en.length !== es.length ||
    en.some((question, index) => {
      const other = es[index]!;
      return question.options.length !== other.options.length || question.answer !== other.answer;
    })
  )
    return "mismatch";
  return en.map((question, index) => {
    const other = es[index]!;
    return {
      prompt: { en: question.prompt, es: other.prompt },
      options: question.options.map((option, i) => ({ en: option, es: other.options[i]! })),
      answer: question.answer,
    };
  });
}

/** The questions in the text form the admin edits, for one language. */
export function questionsText(questions: readonly TrainingQuestion[], locale: Locale): string {
  return questions
    .map((question) =>
      [
        question.prompt[locale],
        ...question.options.map((option, index) => `${index === question.answer ? "*" : "-"} ${option[locale]}`),
      ].join("\n"),
    )
    .join("\n\n");
}

/** The clock training dates are read on: a module required "by" a date is required from the end of that day here. */
export const TRAINING_TIME_ZONE = "America/Chicago";

/** The AppError reason of the gate's refusal: the screens add the way to the training under it. */
export const TRAINING_REFUSAL = "training_required";
