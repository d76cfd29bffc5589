import { and, eq, gt, isNotNull, isNull, lte, notExists } from "drizzle-orm";
import { queueNotification } from "~/features/notifications/public.server";
import { db, type Executor } from "~/platform/db/client.server";
import { caregiverProfiles, trainingAttempts, trainingModules, userProfiles } from "~/platform/db/schema";
import { DUE_REMINDER_DAYS, inLocale, TRAINING_TIME_ZONE, type BilingualText } from "./training-rules";

// Reminders of required training (docs/product-rules.md, "Caregiver training"):
// when a module becomes required, every approved caregiver who has not passed
// it is told; DUE_REMINDER_DAYS before its date, once, they are told again.
// Notifications are keys with values (docs/decisions/0025-messages-as-keys.md);
// the module's title is given in each caregiver's own language.

type RequiredModule = { id: string; title: BilingualText; requiredBy: Date | null };

/** Approved caregivers who have not passed the module, with their language. */
function caregiversWithoutPass(executor: Executor, moduleId: string) {
  return executor
    .select({ id: caregiverProfiles.userId, locale: userProfiles.locale })
    .from(caregiverProfiles)
    .innerJoin(userProfiles, eq(userProfiles.id, caregiverProfiles.userId))
    .where(
      and(
        eq(caregiverProfiles.caregiverStatus, "approved"),
        notExists(
          executor
            .select({ id: trainingAttempts.id })
            .from(trainingAttempts)
            .where(
              and(
                eq(trainingAttempts.moduleId, moduleId),
                eq(trainingAttempts.caregiverId, caregiverProfiles.userId),
                eq(trainingAttempts.passed, true),
              ),
            ),
        ),
      ),
    );
}

async function notifyEach(executor: Executor, module: RequiredModule, key: "required" | "requiredNow" | "dueSoon") {
  const caregivers = await caregiversWithoutPass(executor, module.id);
  for (const caregiver of caregivers) {
    await queueNotification(executor, {
      userId: caregiver.id,
      type: "system",
      subtype: "training_required",
      key: `training:notify.${key}`,
      params: { title: inLocale(module.title, caregiver.locale ?? "en") },
      times: module.requiredBy ? { date: { at: module.requiredBy.toISOString(), timeZone: TRAINING_TIME_ZONE } } : {},
      priority: key === "required" ? "normal" : "urgent",
      actionUrl: "/caregiver/training",
      metadata: { moduleId: module.id },
    });
  }
  return caregivers.length;
}

/** A module just became required (or its date moved): tells every approved caregiver who has not passed it. */
export function notifyModuleRequired(executor: Executor, module: RequiredModule): Promise<number> {
  return notifyEach(executor, module, module.requiredBy ? "required" : "requiredNow");
}

/**
 * The reminder before the date: each required module whose date is within
 * DUE_REMINDER_DAYS and not yet reminded is stamped under its row lock and its
 * caregivers told once, so a second sweep at the same moment tells nobody again.
 */
export async function sweepTrainingReminders(now: Date = new Date()): Promise<{ modules: number; notified: number }> {
  const soon = new Date(now.getTime() + DUE_REMINDER_DAYS * 24 * 60 * 60 * 1000);
  const due = await db
    .select({ id: trainingModules.id })
    .from(trainingModules)
    .where(
      and(
        eq(trainingModules.isRequired, true),
        isNotNull(trainingModules.requiredBy),
        gt(trainingModules.requiredBy, now),
        lte(trainingModules.requiredBy, soon),
        isNull(trainingModules.dueReminderSentAt),
      ),
    );
  let modules = 0;
  let notified = 0;
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const [module] = await tx.select().from(trainingModules).where(eq(trainingModules.id, id)).for("update");
      if (!module?.isRequired || !module.requiredBy || module.dueReminderSentAt) return;
      if (module.requiredBy <= now || module.requiredBy > soon) return;
      await tx.update(trainingModules).set({ dueReminderSentAt: now }).where(eq(trainingModules.id, id));
      notified += await notifyEach(tx, module, "dueSoon");
      modules += 1;
    });
  }
  return { modules, notified };
}
