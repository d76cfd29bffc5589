import { eq } from "drizzle-orm";
import { recordAuditEventIn } from "~/platform/auth/security-events.server";
import { db, type Executor } from "~/platform/db/client.server";
import { careSettings } from "~/platform/db/schema";
import { actorAs } from "~/platform/auth/actor";
import { AppError } from "~/utils/app-error";
import type { Role } from "~/utils/roles";
import { DEFAULT_CARE_SETTINGS, type CareSettings } from "./care-settings";
import { BACKUP_BEFORE_ALERT_MESSAGE } from "./care-settings.schema";

/** The thresholds in force: the saved row, or the defaults until an admin saves them. */
export async function getCareSettings(executor: Executor = db): Promise<CareSettings> {
  const [row] = await executor.select().from(careSettings).where(eq(careSettings.id, 1));
  if (!row) return { ...DEFAULT_CARE_SETTINGS };
  const { id: _id, updatedBy: _by, updatedAt: _at, ...settings } = row;
  return settings;
}

/**
 * An admin saves the thresholds (/admin/settings): the one row (id 1) is
 * created or replaced, with who saved it. The values were parsed with
 * CareSettingsSchema; the database's check (care_settings_positive_check)
 * is the last guard. They apply from the next check-in and the next sweep.
 */
export async function updateCareSettings({
  actor,
  values,
  request,
}: {
  actor: { id: string; roles: readonly Role[] };
  values: CareSettings;
  /** The admin's request: its address and browser go into the audit log. */
  request?: Request;
}): Promise<CareSettings> {
  actorAs(actor, "admin");
  if (values.backupOfferMinutes < values.lateAlertMinutes) {
    throw new AppError("invalid", BACKUP_BEFORE_ALERT_MESSAGE, { field: "backupOfferMinutes" });
  }
  const row = { ...values, updatedBy: actor.id, updatedAt: new Date() };
  await db.transaction(async (tx) => {
    await tx
      .insert(careSettings)
      .values({ id: 1, ...row })
      .onConflictDoUpdate({ target: careSettings.id, set: row });
    await recordAuditEventIn(tx, {
      type: "care_settings_updated",
      userId: actor.id,
      category: "admin",
      request,
      metadata: { ...values },
    });
  });
  return getCareSettings();
}

/** The thresholds for the admin's form, with when they were last saved (null: the defaults, never saved). */
export async function getCareSettingsForAdmin({
  actor,
}: {
  actor: { id: string; roles: readonly Role[] };
}): Promise<{ settings: CareSettings; updatedAt: Date | null }> {
  actorAs(actor, "admin");
  const [row] = await db.select({ updatedAt: careSettings.updatedAt }).from(careSettings).where(eq(careSettings.id, 1));
  return { settings: await getCareSettings(), updatedAt: row?.updatedAt ?? null };
}
