import { and, asc, count, eq, inArray, min, sql } from "drizzle-orm";
import { actorAs } from "~/platform/auth/actor";
import { requestOrigin } from "~/platform/auth/security-events.server";
import { db, type Tx } from "~/platform/db/client.server";
import { auditEvents, caregiverProfiles, trainingAttempts, trainingModules } from "~/platform/db/schema";
import { AppError } from "~/utils/app-error";
import { slugify } from "~/utils/slug";
import { localDateIn, zonedInstant } from "~/utils/datetime";
import type { Role } from "~/utils/roles";
import type { ModuleForm } from "./training.schema";
import { parseQuestions, questionsText, TRAINING_TIME_ZONE } from "./training-rules";
import { notifyModuleRequired } from "./training-reminders.server";

// The admin's side of training (docs/product-rules.md, "Caregiver training"):
// the modules with how many passed, one module to edit, a new one, requiring one
// of everyone by a date, and who passed what. Every change writes its audit
// event in the change's own transaction.

type AdminUser = { id: string; roles: readonly Role[] };

export type AdminModuleRow = {
  id: string;
  slug: string;
  title: { en: string; es: string };
  isRequired: boolean;
  requiredBy: Date | null;
  passedCount: number;
  questionCount: number;
  hasVideo: boolean;
};

/** Every module with how many caregivers have passed it. */
export async function listTrainingForAdmin({ actor }: { actor: AdminUser }): Promise<AdminModuleRow[]> {
  actorAs(actor, "admin");
  const passed = db
    .select({
      moduleId: trainingAttempts.moduleId,
      caregivers: sql<number>`count(distinct ${trainingAttempts.caregiverId})::int`.as("caregivers"),
    })
    .from(trainingAttempts)
    .where(eq(trainingAttempts.passed, true))
    .groupBy(trainingAttempts.moduleId)
    .as("passed");
  const rows = await db
    .select({ module: trainingModules, caregivers: passed.caregivers })
    .from(trainingModules)
    .leftJoin(passed, eq(passed.moduleId, trainingModules.id))
    .orderBy(asc(trainingModules.position), asc(trainingModules.createdAt));
  return rows.map(({ module, caregivers }) => ({
    id: module.id,
    slug: module.slug,
    title: module.title,
    isRequired: module.isRequired,
    requiredBy: module.requiredBy,
    passedCount: caregivers ?? 0,
    questionCount: module.questions.length,
    hasVideo: module.videoUrl !== null,
  }));
}

/** One module as the editor's fields hold it (questions in their text form). */
export async function getModuleForAdmin({ actor, moduleId }: { actor: AdminUser; moduleId: string }) {
  actorAs(actor, "admin");
  const module = await findModule(moduleId);
  return {
    id: module.id,
    slug: module.slug,
    title: module.title,
    form: {
      titleEn: module.title.en,
      titleEs: module.title.es,
      summaryEn: module.summary.en,
      summaryEs: module.summary.es,
      readingEn: module.reading.en,
      readingEs: module.reading.es,
      questionsEn: questionsText(module.questions, "en"),
      questionsEs: questionsText(module.questions, "es"),
      passMark: String(module.passMark),
      isRequired: module.isRequired ? "on" : "",
      requiredBy: module.requiredBy ? requiredByDate(module.requiredBy) : "",
      videoUrl: module.videoUrl ?? "",
      captionsEn: module.captions.en ?? "",
      captionsEs: module.captions.es ?? "",
    },
  };
}

async function findModule(moduleId: string) {
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(moduleId);
  const [module] = isUuid ? await db.select().from(trainingModules).where(eq(trainingModules.id, moduleId)) : [];
  if (!module) throw new AppError("not_found", { key: "training:refusals.moduleNotFound" });
  return module;
}

/** The moment a "required by" date means: the end of that day on the training clock. */
export function requiredByInstant(date: string): Date {
  return new Date(zonedInstant(date, "23:59", TRAINING_TIME_ZONE).getTime() + 59_999);
}

/** The date an instant made by requiredByInstant was given as. */
function requiredByDate(instant: Date): string {
  return localDateIn(TRAINING_TIME_ZONE, instant);
}

function moduleValues(input: ModuleForm) {
  const questions = parseQuestions({ en: input.questionsEn, es: input.questionsEs });
  // The schema refused these already; a caller that skipped it is a bug.
  if (typeof questions === "string") throw new AppError("invalid", { key: "training:errors.questionsFormat" });
  return {
    title: { en: input.titleEn, es: input.titleEs },
    summary: { en: input.summaryEn, es: input.summaryEs },
    reading: { en: input.readingEn, es: input.readingEs },
    questions,
    passMark: input.passMark,
    isRequired: input.isRequired,
    requiredBy: input.isRequired && input.requiredBy ? requiredByInstant(input.requiredBy) : null,
    videoUrl: input.videoUrl ?? null,
    captions: {
      ...(input.captionsEn ? { en: input.captionsEn } : {}),
      ...(input.captionsEs ? { es: input.captionsEs } : {}),
    },
  };
}

async function audit(
  tx: Tx,
  admin: { id: string },
  eventType: "training_module_created" | "training_module_updated" | "training_module_required",
  metadata: Record<string, unknown>,
  request?: Request,
) {
  const origin = request ? requestOrigin(request) : undefined;
  await tx.insert(auditEvents).values({
    userId: admin.id,
    eventType,
    severity: "info",
    category: "admin",
    ipAddress: origin?.ipAddress ?? null,
    userAgent: origin?.userAgent ?? null,
    metadata: { ...(origin ? { url: origin.path } : {}), ...metadata },
  });
}

/** A new module, last in the list; its slug from the English title. */
export async function createTrainingModule({
  actor,
  input,
  request,
}: {
  actor: AdminUser;
  input: ModuleForm;
  request?: Request;
}): Promise<{ id: string }> {
  const admin = actorAs(actor, "admin");
  const values = moduleValues(input);
  return db.transaction(async (tx) => {
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${trainingModules.position}), -1)::int` })
      .from(trainingModules);
    const base = slugify(input.titleEn) || "module";
    const [taken] = await tx
      .select({ n: count() })
      .from(trainingModules)
      .where(sql`${trainingModules.slug} like ${`${base}%`}`);
    const slug = (taken?.n ?? 0) > 0 ? `${base}-${(taken?.n ?? 0) + 1}` : base;
    const [created] = await tx
      .insert(trainingModules)
      .values({ ...values, slug, position: (last?.position ?? -1) + 1 })
      .returning({ id: trainingModules.id });
    await audit(tx, admin, "training_module_created", { moduleId: created!.id, slug, title: values.title.en }, request);
    if (values.isRequired)
      await notifyModuleRequired(tx, { id: created!.id, title: values.title, requiredBy: values.requiredBy });
    return { id: created!.id };
  });
}

/** A module's new texts, questions and settings; caregivers are told when it becomes required or its date moves. */
export async function updateTrainingModule({
  actor,
  moduleId,
  input,
  request,
}: {
  actor: AdminUser;
  moduleId: string;
  input: ModuleForm;
  request?: Request;
}): Promise<void> {
  const admin = actorAs(actor, "admin");
  const before = await findModule(moduleId);
  const values = moduleValues(input);
  const isNewlyRequired =
    values.isRequired && (!before.isRequired || before.requiredBy?.getTime() !== values.requiredBy?.getTime());
  await db.transaction(async (tx) => {
    await tx
      .update(trainingModules)
      .set({
        ...values,
        updatedAt: new Date(),
        ...(before.requiredBy?.getTime() !== values.requiredBy?.getTime() ? { dueReminderSentAt: null } : {}),
      })
      .where(eq(trainingModules.id, moduleId));
    const changed = (Object.keys(values) as (keyof typeof values)[]).filter(
      (key) => canonical(values[key]) !== canonical(before[key]),
    );
    await audit(tx, admin, "training_module_updated", { moduleId, slug: before.slug, changed }, request);
    if (isNewlyRequired)
      await notifyModuleRequired(tx, { id: moduleId, title: values.title, requiredBy: values.requiredBy });
  });
}

/** A value as JSON with object keys in order: PostgreSQL's jsonb gives keys back in an order of its own. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_, inner: unknown) =>
    inner && typeof inner === "object" && !Array.isArray(inner) && !(inner instanceof Date)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

/**
 * "Require of everyone by a date": the module becomes required from the end of
 * that day; every approved caregiver who has not passed it is told now, and
 * again before the date (training.job.ts). Returns how many were told.
 */
export async function requireModuleByDate({
  actor,
  moduleId,
  date,
  request,
  now = new Date(),
}: {
  actor: AdminUser;
  moduleId: string;
  date: string;
  request?: Request;
  now?: Date;
}): Promise<{ title: { en: string; es: string }; requiredBy: Date; notified: number }> {
  const admin = actorAs(actor, "admin");
  const module = await findModule(moduleId);
  const requiredBy = requiredByInstant(date);
  if (requiredBy <= now) throw new AppError("invalid", { key: "training:errors.dateInPast" }, { field: "requiredBy" });
  return db.transaction(async (tx) => {
    await tx
      .update(trainingModules)
      .set({ isRequired: true, requiredBy, dueReminderSentAt: null, updatedAt: now })
      .where(eq(trainingModules.id, moduleId));
    await audit(
      tx,
      admin,
      "training_module_required",
      { moduleId, slug: module.slug, requiredBy: requiredBy.toISOString() },
      request,
    );
    const notified = await notifyModuleRequired(tx, { id: moduleId, title: module.title, requiredBy });
    return { title: module.title, requiredBy, notified };
  });
}

export type ModulePass = {
  caregiverName: string;
  caregiverSlug: string;
  passedAt: Date;
  score: number;
  attempts: number;
};

/** Who passed a module: each caregiver's first passing attempt, its score, and how many attempts they made. */
export async function listModulePasses({ actor, moduleId }: { actor: AdminUser; moduleId: string }) {
  actorAs(actor, "admin");
  const module = await findModule(moduleId);
  const firstPasses = await db
    .select({
      caregiverId: trainingAttempts.caregiverId,
      passedAt: min(trainingAttempts.createdAt),
    })
    .from(trainingAttempts)
    .where(and(eq(trainingAttempts.moduleId, moduleId), eq(trainingAttempts.passed, true)))
    .groupBy(trainingAttempts.caregiverId);
  const ids = firstPasses.map((pass) => pass.caregiverId);
  const [people, attempts] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select({
              userId: caregiverProfiles.userId,
              firstName: caregiverProfiles.firstName,
              lastName: caregiverProfiles.lastName,
              slug: caregiverProfiles.slug,
            })
            .from(caregiverProfiles)
            .where(inArray(caregiverProfiles.userId, ids)),
          db
            .select({
              caregiverId: trainingAttempts.caregiverId,
              score: trainingAttempts.score,
              passed: trainingAttempts.passed,
              createdAt: trainingAttempts.createdAt,
            })
            .from(trainingAttempts)
            .where(and(eq(trainingAttempts.moduleId, moduleId), inArray(trainingAttempts.caregiverId, ids))),
        ]);
  const passes: ModulePass[] = firstPasses.flatMap((pass) => {
    const person = people.find((row) => row.userId === pass.caregiverId);
    const mine = attempts.filter((attempt) => attempt.caregiverId === pass.caregiverId);
    const first = mine.find((attempt) => attempt.passed && attempt.createdAt.getTime() === pass.passedAt?.getTime());
    if (!person || !pass.passedAt || !first) return [];
    return [
      {
        caregiverName: `${person.firstName} ${person.lastName}`,
        caregiverSlug: person.slug,
        passedAt: pass.passedAt,
        score: first.score,
        attempts: mine.length,
      },
    ];
  });
  passes.sort((a, b) => b.passedAt.getTime() - a.passedAt.getTime());
  return { module: { id: module.id, title: module.title }, passes };
}
