import { desc, eq, inArray } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { auditEvents, trainingModules } from "~/platform/db/schema";
import { createCaregiver, createUser } from "~/platform/db/seed/factories.server";
import {
  createTrainingModule,
  getModuleForAdmin,
  listModulePasses,
  listTrainingForAdmin,
  requireModuleByDate,
  updateTrainingModule,
} from "~/features/training/admin-training.server";
import { ensureStarterModules, trainingStanding } from "~/features/training/public.server";
import { sweepTrainingReminders } from "~/features/training/training-reminders.server";
import { submitQuiz } from "~/features/training/submit-quiz.server";
import { ModuleFormSchema } from "~/features/training/training.schema";
import { localDateIn } from "~/utils/datetime";
import { isAppError } from "~/utils/app-error";
import { notificationsOf, setLocale, useNotificationsDatabase } from "./notifications-helpers";

// The admin's side of caregiver training (docs/product-rules.md, "Caregiver training"): creating
// and editing modules, requiring one of everyone by a date with its reminders, who passed what,
// and the audit event of every change.

const DAY = 24 * 60 * 60 * 1000;

const form = {
  titleEn: "Medication reminders",
  titleEs: "Recordatorios de medicinas",
  summaryEn: "Reminding, never giving.",
  summaryEs: "Recordar, nunca dar.",
  readingEn: "Remind the person to take their medicine.\n\nNever choose a dose yourself.",
  readingEs: "Recuérdele a la persona que tome su medicina.\n\nNunca elija usted una dosis.",
  questionsEn: "May you choose a dose?\n- Yes\n* No\n\nWhat do you do?\n* Remind\n- Give",
  questionsEs: "¿Puede elegir una dosis?\n- Sí\n* No\n\n¿Qué hace?\n* Recordar\n- Dar",
  passMark: "100",
};

function parsed(values: Record<string, string>) {
  return ModuleFormSchema.parse({ ...form, ...values, passMark: Number(values.passMark ?? form.passMark) });
}

describe("training for admins", () => {
  const database = useNotificationsDatabase(8);

  async function auditOf(eventType: string) {
    return database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.eventType, eventType))
      .orderBy(desc(auditEvents.createdAt));
  }

  async function adminActor() {
    const user = await createUser(database.db, { roles: ["admin"], firstName: "Ada" });
    return { ...user, roles: ["admin" as const] };
  }

  test("create, edit, require by a date: each audited; reminders now and once before the date; who passed", async () => {
    await ensureStarterModules(database.db);
    const admin = await adminActor();
    const trained = await createCaregiver(database.db, { firstName: "Tess", lastName: "Trained" });
    const newcomer = await createCaregiver(database.db, {
      firstName: "Nora",
      lastName: "New",
      trainingCompleted: false,
    });
    await setLocale(newcomer.id, "es");

    const { id } = await createTrainingModule({ actor: admin, input: parsed({}) });
    const [created] = await auditOf("training_module_created");
    expect(created).toMatchObject({ userId: admin.id, category: "admin" });
    expect(created!.metadata).toMatchObject({ moduleId: id, slug: "medication-reminders" });
    const listed = (await listTrainingForAdmin({ actor: admin })).find((module) => module.id === id)!;
    expect(listed).toMatchObject({ isRequired: false, passedCount: 0, questionCount: 2 });
    expect(listed.title.es).toBe("Recordatorios de medicinas");
    expect((await listTrainingForAdmin({ actor: admin })).find((m) => m.slug === "safe-transfers")!.passedCount).toBe(
      1,
    );

    // The editor holds the questions in the text form they were written in.
    const editing = await getModuleForAdmin({ actor: admin, moduleId: id });
    expect(editing.form.questionsEs).toBe(form.questionsEs);
    await updateTrainingModule({
      actor: admin,
      moduleId: id,
      input: parsed({ passMark: "50", titleEn: "Medicine reminders" }),
    });
    const [updated] = await auditOf("training_module_updated");
    expect(updated!.metadata).toMatchObject({ moduleId: id });
    expect((updated!.metadata as { changed: string[] }).changed.sort()).toEqual(["passMark", "title"]);

    // Required in ten days: both approved caregivers lack it and are told, each in their language.
    const now = new Date();
    const date = localDateIn("America/Chicago", new Date(now.getTime() + 10 * DAY));
    const required = await requireModuleByDate({ actor: admin, moduleId: id, date, now });
    expect(required.notified).toBeGreaterThanOrEqual(2);
    const [requiredEvent] = await auditOf("training_module_required");
    expect(requiredEvent!.metadata).toMatchObject({ moduleId: id, requiredBy: required.requiredBy.toISOString() });
    const toNewcomer = await notificationsOf(newcomer.id);
    expect(toNewcomer.map((row) => row.title)).toContain("Nueva capacitación obligatoria");
    expect(toNewcomer.find((row) => row.title === "Nueva capacitación obligatoria")!.message).toContain(
      "Recordatorios de medicinas",
    );
    expect((await notificationsOf(trained.id)).map((row) => row.message).join(" ")).toContain("Medicine reminders");
    // Before the date it is upcoming, not blocking.
    expect((await trainingStanding(database.db, trained.id, now)).upcoming.map((m) => m.slug)).toEqual([
      "medication-reminders",
    ]);

    // The trained caregiver passes; the reminder before the date goes only to those still without it, once.
    await submitQuiz({
      actor: { id: trained.id, roles: ["caregiver"] },
      slug: "medication-reminders",
      answers: [1, 0],
      locale: "en",
    });
    expect(await sweepTrainingReminders(new Date(now.getTime() + 5 * DAY))).toEqual({ modules: 0, notified: 0 });
    const sweep = await sweepTrainingReminders(new Date(now.getTime() + 8 * DAY));
    expect(sweep.modules).toBe(1);
    expect(await sweepTrainingReminders(new Date(now.getTime() + 8 * DAY + 60_000))).toEqual({
      modules: 0,
      notified: 0,
    });
    expect((await notificationsOf(newcomer.id)).map((row) => row.title)).toContain("Capacitación por vencer");
    expect((await notificationsOf(trained.id)).map((row) => row.title)).not.toContain("Training due soon");

    const { passes } = await listModulePasses({ actor: admin, moduleId: id });
    expect(passes).toEqual([expect.objectContaining({ caregiverName: "Tess Trained", score: 100, attempts: 1 })]);

    // A date already gone is refused; nobody but an admin may do any of it.
    const past = localDateIn("America/Chicago", new Date(now.getTime() - 2 * DAY));
    await expect(requireModuleByDate({ actor: admin, moduleId: id, date: past, now })).rejects.toThrow(
      "training:errors.dateInPast",
    );
    const caregiverActor = { id: newcomer.id, roles: ["caregiver" as const] };
    for (const call of [
      () => listTrainingForAdmin({ actor: caregiverActor }),
      () => createTrainingModule({ actor: caregiverActor, input: parsed({}) }),
      () => requireModuleByDate({ actor: caregiverActor, moduleId: id, date }),
    ]) {
      const error = await call().catch((caught: unknown) => caught);
      expect(isAppError(error) && error.code).toBe("forbidden");
    }
    await database.db.delete(trainingModules).where(inArray(trainingModules.id, [id]));
  });

  test("the form's questions must match in both languages and mark one right option", () => {
    const mismatch = ModuleFormSchema.safeParse({ ...form, passMark: 80, questionsEs: "¿P?\n* a\n- b" });
    expect(mismatch.success).toBe(false);
    expect(mismatch.error?.issues.map((issue) => issue.message)).toContain("training:errors.questionsMismatch");
    const noCaptions = ModuleFormSchema.safeParse({ ...form, passMark: 80, videoUrl: "/training/x.webm" });
    expect(noCaptions.error?.issues.map((issue) => issue.message)).toContain("training:errors.captionsNeeded");
    const elsewhere = ModuleFormSchema.safeParse({
      ...form,
      passMark: 80,
      videoUrl: "https://example.com/x.webm",
      captionsEn: "/training/x.en.vtt",
    });
    expect(elsewhere.error?.issues.map((issue) => issue.message)).toContain("training:errors.url");
  });
});
