import { addDays, format } from "date-fns";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { trainingAttempts, trainingModules, visitBackupOffers } from "~/platform/db/schema";
import { passRequiredTraining } from "~/platform/db/seed/factories.server";
import { chooseCaregiver, respondToOffer } from "~/features/orders/offers.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { acceptBackupOffer } from "~/features/visits/backup-offers.server";
import { sweepVisits } from "~/features/visits/visit-alerts.server";
import { ensureStarterModules, getCertifiedTraining, trainingStanding } from "~/features/training/public.server";
import { getCaregiverModule, listCaregiverTraining } from "~/features/training/training-reads.server";
import { submitQuiz } from "~/features/training/submit-quiz.server";
import { isAppError } from "~/utils/app-error";
import { caregiverNear, clientActor, oneTimeRequest, upcomingMonday } from "./care-loop-helpers";
import { createTestDatabase, type TestDatabase } from "./db";
import { createDataDir, useTestEnv } from "./env";

// Caregiver training (docs/product-rules.md, "Caregiver training") against PostgreSQL: the
// starter modules, quizzes scored on the server, and the gate on offers and backups.

const asCaregiver = (id: string) => ({ id, roles: ["caregiver" as const] });
const DAY = 24 * 60 * 60 * 1000;
const weekday = (offset: number) => format(addDays(new Date(upcomingMonday(2)), offset), "yyyy-MM-dd");

async function refusalOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return { key: error.ref.key, reason: error.reason, code: error.code };
    throw error;
  }
  return null;
}

describe("caregiver training", () => {
  let testDb: TestDatabase;
  let removeDataDir: () => Promise<void>;
  beforeAll(async () => {
    const dataDir = await createDataDir();
    removeDataDir = dataDir.remove;
    useTestEnv({ DATA_DIR: dataDir.dir });
    testDb = await createTestDatabase({ poolSize: 8 });
    await ensureStarterModules(testDb.db);
  });
  afterAll(async () => {
    await testDb?.drop();
    await removeDataDir?.();
  });

  /** An order offered to `caregiver` (a new one in `zip`), not answered yet. */
  async function offerTo(caregiverId: string, zip: string, day: number) {
    const client = await clientActor(testDb.db);
    const { orderId } = await submitCareRequest({
      actor: client,
      request: oneTimeRequest(weekday(day), "09:00", "13:00", { zipCode: zip }),
    });
    await chooseCaregiver({ actor: client, orderId, caregiverId });
    return orderId;
  }

  async function answersOf(slug: string) {
    const [module] = await testDb.db.select().from(trainingModules).where(eq(trainingModules.slug, slug));
    return module!.questions.map((question) => question.answer);
  }

  test("the six starter modules are there once, required, and an admin's edit is kept at the next start", async () => {
    const modules = await testDb.db.select().from(trainingModules);
    expect(modules.map((module) => module.slug).sort()).toEqual([
      "abuse-and-neglect",
      "dementia-basics",
      "emergencies",
      "health-privacy",
      "infection-control",
      "safe-transfers",
    ]);
    for (const module of modules) {
      expect(module.isRequired).toBe(true);
      expect(module.passMark).toBe(80);
      expect(module.questions.length).toBeGreaterThanOrEqual(5);
      expect(module.reading.es.split("\n\n").length).toBeGreaterThanOrEqual(4);
    }
    await testDb.db.update(trainingModules).set({ passMark: 60 }).where(eq(trainingModules.slug, "emergencies"));
    await ensureStarterModules(testDb.db);
    const again = await testDb.db.select().from(trainingModules);
    expect(again).toHaveLength(6);
    expect(again.find((module) => module.slug === "emergencies")!.passMark).toBe(60);
    await testDb.db.update(trainingModules).set({ passMark: 80 }).where(eq(trainingModules.slug, "emergencies"));
  });

  test("a quiz is scored on the server: the page never gets the answers, a failed attempt names the wrong questions", async () => {
    const caregiver = await caregiverNear(testDb.db, { trainingCompleted: false, lastName: "Quiz" });
    const actor = asCaregiver(caregiver.id);
    const page = await getCaregiverModule({ actor, slug: "infection-control", locale: "es" });
    expect(page.title).toBe("Control de infecciones");
    expect(JSON.stringify(page)).not.toContain('"answer"');
    expect(page.questions[0]!.prompt).toContain("¿");

    const right = await answersOf("infection-control");
    // Two of five wrong: 60 %, under the pass mark of 80 %.
    const twoWrong = right.map((answer, index) => (index < 2 ? (answer + 1) % 3 : answer));
    expect(await submitQuiz({ actor, slug: "infection-control", answers: twoWrong, locale: "es" })).toEqual({
      score: 60,
      passed: false,
      wrong: [0, 1],
    });
    // One wrong: 80 %, exactly the pass mark.
    const oneWrong = right.map((answer, index) => (index === 4 ? (answer + 1) % 3 : answer));
    expect(await submitQuiz({ actor, slug: "infection-control", answers: oneWrong, locale: "es" })).toEqual({
      score: 80,
      passed: true,
      wrong: [4],
    });
    const attempts = await testDb.db
      .select()
      .from(trainingAttempts)
      .where(eq(trainingAttempts.caregiverId, caregiver.id));
    expect(attempts.map((attempt) => [attempt.score, attempt.passed, attempt.locale]).sort()).toEqual([
      [60, false, "es"],
      [80, true, "es"],
    ]);
    const list = await listCaregiverTraining({ actor, locale: "en" });
    const infection = list.find((module) => module.slug === "infection-control")!;
    expect(infection.passedAt).not.toBeNull();
    expect(infection.bestScore).toBe(80);
    expect(list.find((module) => module.slug === "emergencies")!.passedAt).toBeNull();

    // Answers that do not fit the questions (a stale page, a forged post) are refused, not scored.
    expect(
      await refusalOf(submitQuiz({ actor, slug: "infection-control", answers: [0, 1], locale: "en" })),
    ).toMatchObject({ key: "training:refusals.quizChanged" });
    expect(await refusalOf(submitQuiz({ actor, slug: "no-such-module", answers: [], locale: "en" }))).toMatchObject({
      code: "not_found",
    });
  });

  test("a new caregiver is refused an offer until the required modules are passed, then accepts; the badge follows", async () => {
    const caregiver = await caregiverNear(testDb.db, { trainingCompleted: false, zipCode: "60614", lastName: "New" });
    const orderId = await offerTo(caregiver.id, "60614", 0);
    const profile = await testDb.db.query.caregiverProfiles.findFirst({
      where: (table, { eq: equals }) => equals(table.userId, caregiver.id),
    });
    expect(await getCertifiedTraining({ slug: profile!.slug })).toBeNull();

    expect(await refusalOf(respondToOffer({ actor: asCaregiver(caregiver.id), orderId, accept: true }))).toEqual({
      key: "training:refusals.required",
      reason: "training_required",
      code: "conflict",
    });
    // Five of six passed: still refused.
    await passRequiredTraining(testDb.db, caregiver.id, [
      "safe-transfers",
      "infection-control",
      "dementia-basics",
      "abuse-and-neglect",
      "health-privacy",
    ]);
    const standing = await trainingStanding(testDb.db, caregiver.id);
    expect(standing.blocking.map((module) => module.slug)).toEqual(["emergencies"]);
    expect(await refusalOf(respondToOffer({ actor: asCaregiver(caregiver.id), orderId, accept: true }))).toMatchObject({
      key: "training:refusals.required",
    });

    await submitQuiz({
      actor: asCaregiver(caregiver.id),
      slug: "emergencies",
      answers: await answersOf("emergencies"),
      locale: "es",
    });
    expect(await respondToOffer({ actor: asCaregiver(caregiver.id), orderId, accept: true })).toEqual({
      status: "confirmed",
    });
    const certified = await getCertifiedTraining({ slug: profile!.slug });
    expect(certified?.completedAt).toBeInstanceOf(Date);
  });

  test("a backup visit is refused until training is passed, then taken", async () => {
    const main = await caregiverNear(testDb.db, { zipCode: "97201", lastName: "Main" });
    const orderId = await offerTo(main.id, "97201", 1);
    await respondToOffer({ actor: asCaregiver(main.id), orderId, accept: true });
    const backup = await caregiverNear(testDb.db, { zipCode: "97201", trainingCompleted: false, lastName: "Backup" });
    const [visit] = await testDb.db.query.visits.findMany({
      where: (table, { eq: equals }) => equals(table.orderId, orderId),
    });
    await sweepVisits({ now: new Date(visit!.startsAt.getTime() + 30 * 60_000) });
    const [offer] = await testDb.db
      .select()
      .from(visitBackupOffers)
      .where(and(eq(visitBackupOffers.visitId, visit!.id), eq(visitBackupOffers.caregiverId, backup.id)));
    expect(offer).toBeDefined();
    const now = new Date(visit!.startsAt.getTime() + 31 * 60_000);
    expect(
      await refusalOf(acceptBackupOffer({ actor: asCaregiver(backup.id), offerId: offer!.id, now })),
    ).toMatchObject({
      key: "training:refusals.required",
      reason: "training_required",
    });
    await passRequiredTraining(testDb.db, backup.id);
    const taken = await acceptBackupOffer({ actor: asCaregiver(backup.id), offerId: offer!.id, now });
    expect(taken.caregiverName).toBe(`${backup.firstName} B.`);
  });

  test("a module required by a date: before it offers are still accepted, with the module upcoming; after it, refused", async () => {
    // A caregiver who had passed everything required, then a new module required in ten days.
    const caregiver = await caregiverNear(testDb.db, { zipCode: "30303", lastName: "Dated" });
    const [extra] = await testDb.db
      .insert(trainingModules)
      .values({
        slug: "medication-reminders",
        position: 10,
        title: { en: "Medication reminders", es: "Recordatorios de medicinas" },
        summary: { en: "Reminding, never giving.", es: "Recordar, nunca dar." },
        reading: { en: "Remind the person.", es: "Recuérdele a la persona." },
        questions: [
          {
            prompt: { en: "Q?", es: "¿P?" },
            options: [
              { en: "A", es: "A" },
              { en: "B", es: "B" },
            ],
            answer: 0,
          },
        ],
        isRequired: true,
        requiredBy: new Date(Date.now() + 10 * DAY),
      })
      .returning();
    try {
      const actor = asCaregiver(caregiver.id);
      const standing = await trainingStanding(testDb.db, caregiver.id);
      expect(standing.blocking).toEqual([]);
      expect(standing.upcoming.map((module) => module.slug)).toEqual(["medication-reminders"]);
      const first = await offerTo(caregiver.id, "30303", 2);
      expect(await respondToOffer({ actor, orderId: first, accept: true })).toEqual({ status: "confirmed" });

      const second = await offerTo(caregiver.id, "30303", 3);
      expect(
        await refusalOf(respondToOffer({ actor, orderId: second, accept: true, now: new Date(Date.now() + 11 * DAY) })),
      ).toMatchObject({ key: "training:refusals.required" });
      await submitQuiz({ actor, slug: "medication-reminders", answers: [0], locale: "en" });
      expect(await respondToOffer({ actor, orderId: second, accept: true })).toEqual({ status: "confirmed" });
    } finally {
      await testDb.db.delete(trainingModules).where(eq(trainingModules.id, extra!.id));
    }
  });
});
