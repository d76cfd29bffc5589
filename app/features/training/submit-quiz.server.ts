import { eq } from "drizzle-orm";
import type { Locale } from "~/i18n/config";
import { actorAs } from "~/platform/auth/actor";
import { db } from "~/platform/db/client.server";
import { trainingAttempts, trainingModules } from "~/platform/db/schema";
import { AppError } from "~/utils/app-error";
import type { CaregiverUser } from "./training-reads.server";
import { scoreQuiz, type QuizResult } from "./training-rules";

/**
 * A caregiver's answers to a module's quiz, scored here on the server against
 * the stored answers and recorded as an attempt (score, passed, when), passed
 * or not. Attempts are unlimited; the first pass is what counts.
 */
export async function submitQuiz({
  actor,
  slug,
  answers,
  locale,
  now = new Date(),
}: {
  actor: CaregiverUser;
  slug: string;
  answers: number[];
  locale: Locale;
  now?: Date;
}): Promise<QuizResult> {
  const caregiver = actorAs(actor, "caregiver");
  const [module] = await db.select().from(trainingModules).where(eq(trainingModules.slug, slug));
  if (!module) throw new AppError("not_found", { key: "training:refusals.moduleNotFound" });
  // The questions may have changed since the page was loaded: answers must match them one for one.
  if (
    answers.length !== module.questions.length ||
    answers.some((answer, index) => answer < 0 || answer >= module.questions[index]!.options.length)
  )
    throw new AppError("conflict", { key: "training:refusals.quizChanged" });
  const result = scoreQuiz(module.questions, answers, module.passMark);
  await db.insert(trainingAttempts).values({
    moduleId: module.id,
    caregiverId: caregiver.id,
    score: result.score,
    passed: result.passed,
    answers,
    wrong: result.wrong,
    locale,
    createdAt: now,
  });
  return result;
}
