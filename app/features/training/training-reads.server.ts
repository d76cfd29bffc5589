import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Locale } from "~/i18n/config";
import { actorAs } from "~/platform/auth/actor";
import { db, type Executor } from "~/platform/db/client.server";
import { caregiverProfiles, trainingAttempts, trainingModules } from "~/platform/db/schema";
import { AppError } from "~/utils/app-error";
import type { Role } from "~/utils/roles";
import { inLocale, paragraphs, TRAINING_REFUSAL, trainingGate } from "./training-rules";

// What a caregiver reads of their training (docs/product-rules.md, "Caregiver
// training"): the modules in their language with where they stand, one module
// with its quiz (never the correct answers), and the gate offers ask.

export type CaregiverUser = { id: string; roles: readonly Role[] };

export type ModuleStanding = {
  slug: string;
  title: string;
  summary: string;
  isRequired: boolean;
  requiredBy: Date | null;
  passedAt: Date | null;
  bestScore: number | null;
  questionCount: number;
  passMark: number;
  hasVideo: boolean;
};

/** The modules and, for this caregiver, the best attempt and when each was first passed. */
export async function listCaregiverTraining({
  actor,
  locale,
}: {
  actor: CaregiverUser;
  locale: Locale;
}): Promise<ModuleStanding[]> {
  const caregiver = actorAs(actor, "caregiver");
  const [modules, attempts] = await Promise.all([
    db.select().from(trainingModules).orderBy(asc(trainingModules.position), asc(trainingModules.createdAt)),
    attemptsOf(db, caregiver.id),
  ]);
  return modules.map((module) => {
    const mine = attempts.filter((attempt) => attempt.moduleId === module.id);
    const firstPass = mine.filter((attempt) => attempt.passed).at(-1);
    return {
      slug: module.slug,
      title: inLocale(module.title, locale),
      summary: inLocale(module.summary, locale),
      isRequired: module.isRequired,
      requiredBy: module.requiredBy,
      passedAt: firstPass?.createdAt ?? null,
      bestScore: mine.length > 0 ? Math.max(...mine.map((attempt) => attempt.score)) : null,
      questionCount: module.questions.length,
      passMark: module.passMark,
      hasVideo: module.videoUrl !== null,
    };
  });
}

function attemptsOf(executor: Executor, caregiverId: string) {
  return executor
    .select({
      moduleId: trainingAttempts.moduleId,
      score: trainingAttempts.score,
      passed: trainingAttempts.passed,
      wrong: trainingAttempts.wrong,
      createdAt: trainingAttempts.createdAt,
    })
    .from(trainingAttempts)
    .where(eq(trainingAttempts.caregiverId, caregiverId))
    .orderBy(desc(trainingAttempts.createdAt));
}

type Caption = { locale: Locale; url: string };

export type CaregiverModule = {
  slug: string;
  title: string;
  summary: string;
  paragraphs: string[];
  isRequired: boolean;
  requiredBy: Date | null;
  passMark: number;
  /** Shown only with captions: at least one track. */
  video: { url: string; captions: [Caption, ...Caption[]] } | null;
  /** The quiz without its answers. */
  questions: { prompt: string; options: string[] }[];
  passedAt: Date | null;
  lastAttempt: { score: number; passed: boolean; wrong: number[]; at: Date } | null;
};

/** One module in the caregiver's language, with the quiz's questions but never which option is right. */
export async function getCaregiverModule({
  actor,
  slug,
  locale,
}: {
  actor: CaregiverUser;
  slug: string;
  locale: Locale;
}): Promise<CaregiverModule> {
  const caregiver = actorAs(actor, "caregiver");
  const [module] = await db.select().from(trainingModules).where(eq(trainingModules.slug, slug));
  if (!module) throw new AppError("not_found", { key: "training:refusals.moduleNotFound" });
  const attempts = (await attemptsOf(db, caregiver.id)).filter((attempt) => attempt.moduleId === module.id);
  const last = attempts[0];
  const captions = (["en", "es"] as const).flatMap((language): Caption[] => {
    const url = module.captions[language];
    return url ? [{ locale: language, url }] : [];
  });
  const [firstCaption, ...moreCaptions] = captions;
  return {
    slug: module.slug,
    title: inLocale(module.title, locale),
    summary: inLocale(module.summary, locale),
    paragraphs: paragraphs(inLocale(module.reading, locale)),
    isRequired: module.isRequired,
    requiredBy: module.requiredBy,
    passMark: module.passMark,
    video: module.videoUrl && firstCaption ? { url: module.videoUrl, captions: [firstCaption, ...moreCaptions] } : null,
    questions: module.questions.map((question) => ({
      prompt: inLocale(question.prompt, locale),
      options: question.options.map((option) => inLocale(option, locale)),
    })),
    passedAt: attempts.filter((attempt) => attempt.passed).at(-1)?.createdAt ?? null,
    lastAttempt: last ? { score: last.score, passed: last.passed, wrong: last.wrong, at: last.createdAt } : null,
  };
}

export type TrainingGateModule = { slug: string; title: BilingualTitle; requiredBy: Date | null };
type BilingualTitle = { en: string; es: string };

/** The ids of the modules a caregiver has passed. */
async function passedModuleIds(executor: Executor, caregiverId: string, moduleIds: string[]): Promise<Set<string>> {
  if (moduleIds.length === 0) return new Set();
  const rows = await executor
    .select({ moduleId: trainingAttempts.moduleId })
    .from(trainingAttempts)
    .where(
      and(
        eq(trainingAttempts.caregiverId, caregiverId),
        eq(trainingAttempts.passed, true),
        inArray(trainingAttempts.moduleId, moduleIds),
      ),
    );
  return new Set(rows.map((row) => row.moduleId));
}

/**
 * Where a caregiver stands against the required modules at `now`: those that
 * stop offers now, and those required by a date still to come.
 */
export async function trainingStanding(
  executor: Executor,
  caregiverId: string,
  now: Date = new Date(),
): Promise<{ blocking: TrainingGateModule[]; upcoming: TrainingGateModule[] }> {
  const required = await executor
    .select({
      id: trainingModules.id,
      slug: trainingModules.slug,
      title: trainingModules.title,
      isRequired: trainingModules.isRequired,
      requiredBy: trainingModules.requiredBy,
    })
    .from(trainingModules)
    .where(eq(trainingModules.isRequired, true))
    .orderBy(asc(trainingModules.position), asc(trainingModules.createdAt));
  const passed = await passedModuleIds(
    executor,
    caregiverId,
    required.map((module) => module.id),
  );
  const { blocking, upcoming } = trainingGate(required, passed, now);
  const view = (module: (typeof required)[number]): TrainingGateModule => ({
    slug: module.slug,
    title: module.title,
    requiredBy: module.requiredBy,
  });
  return { blocking: blocking.map(view), upcoming: upcoming.map(view) };
}

/**
 * The gate on new work (docs/product-rules.md, "Caregiver training"): refuses an
 * offer's or a backup's accept while a required module stands between the
 * caregiver and new work. Called inside the accept's transaction.
 */
export async function assertTrainingAllowsWork(executor: Executor, caregiverId: string, now: Date): Promise<void> {
  const { blocking } = await trainingStanding(executor, caregiverId, now);
  if (blocking.length > 0)
    throw new AppError("conflict", { key: "training:refusals.required" }, { reason: TRAINING_REFUSAL });
}

/** What a caregiver's offer screens show before Accept: the modules to pass, in the reader's language. */
export async function trainingNotice({
  actor,
  locale,
  now = new Date(),
}: {
  actor: CaregiverUser;
  locale: Locale;
  now?: Date;
}): Promise<{
  blocking: { slug: string; title: string }[];
  upcoming: { slug: string; title: string; requiredBy: Date }[];
}> {
  const caregiver = actorAs(actor, "caregiver");
  const { blocking, upcoming } = await trainingStanding(db, caregiver.id, now);
  return {
    blocking: blocking.map((module) => ({ slug: module.slug, title: inLocale(module.title, locale) })),
    upcoming: upcoming.map((module) => ({
      slug: module.slug,
      title: inLocale(module.title, locale),
      requiredBy: module.requiredBy!,
    })),
  };
}

/**
 * The public profile's badge: when the caregiver had passed every required
 * module (the latest of their first passes), or null while one is missing or
 * none is required.
 */
export async function getCertifiedTraining({ slug }: { slug: string }): Promise<{ completedAt: Date } | null> {
  const [profile] = await db
    .select({ userId: caregiverProfiles.userId })
    .from(caregiverProfiles)
    .where(eq(caregiverProfiles.slug, slug));
  if (!profile) return null;
  const required = await db
    .select({ id: trainingModules.id })
    .from(trainingModules)
    .where(eq(trainingModules.isRequired, true));
  if (required.length === 0) return null;
  const passes = await db
    .select({ moduleId: trainingAttempts.moduleId, createdAt: trainingAttempts.createdAt })
    .from(trainingAttempts)
    .where(
      and(
        eq(trainingAttempts.caregiverId, profile.userId),
        eq(trainingAttempts.passed, true),
        inArray(
          trainingAttempts.moduleId,
          required.map((module) => module.id),
        ),
      ),
    )
    .orderBy(asc(trainingAttempts.createdAt));
  const firstPass = new Map<string, Date>();
  for (const pass of passes) if (!firstPass.has(pass.moduleId)) firstPass.set(pass.moduleId, pass.createdAt);
  if (firstPass.size < required.length) return null;
  return { completedAt: new Date(Math.max(...[...firstPass.values()].map((date) => date.getTime()))) };
}
