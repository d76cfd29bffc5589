import { and, eq, inArray, sql } from "drizzle-orm";
import { db, type Executor } from "~/platform/db/client.server";
import { notificationPreferences, notificationSettings } from "~/platform/db/schema";
import { NOTIFICATION_TYPES, type NotificationType } from "~/utils/notifications";
import type { QuietHoursInput } from "./delivery-settings.schema";
import { loadDeliveryPreferences } from "./notifications.server";
import { DEFAULT_CHANNELS, type DeliveryPreferences } from "./preferences";
import { countPushDevices } from "./push-subscriptions.server";
import { minutesToTime, timeToMinutes, type QuietHours } from "./quiet-hours";
import { loadSmsSettings } from "./sms-phone.server";
import { loadPushPublicKey } from "./vapid.server";

// A person's delivery preferences and quiet hours (docs/product-rules.md,
// "Notification delivery"), read and changed by their owner only: the actor
// is the signed-in person, and every query is scoped to their id.

type Actor = { id: string };

/** Saves the person's choice for every type at once (the settings form sends them all). */
export async function saveDeliveryPreferences({
  actor,
  preferences,
}: {
  actor: Actor;
  preferences: DeliveryPreferences;
}): Promise<DeliveryPreferences> {
  const rows = NOTIFICATION_TYPES.map((type) => ({ userId: actor.id, type, ...preferences[type] }));
  await db
    .insert(notificationPreferences)
    .values(rows)
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.type],
      set: {
        inApp: sql`excluded.in_app`,
        email: sql`excluded.email`,
        push: sql`excluded.push`,
        sms: sql`excluded.sms`,
        updatedAt: sql`now()`,
      },
    });
  return loadDeliveryPreferences(actor.id);
}

/**
 * Turns email off for some types (an unsubscribe link), leaving the other
 * channels as the person had them (or at their defaults).
 */
export async function turnEmailOff(executor: Executor, userId: string, types: readonly NotificationType[]) {
  if (types.length === 0) return;
  await executor
    .insert(notificationPreferences)
    .values(types.map((type) => ({ userId, type, ...DEFAULT_CHANNELS, email: false })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.type],
      set: { email: false, updatedAt: sql`now()` },
    });
}

/** Whether the person wants emails of this type (read in the caller's transaction). */
export async function wantsEmail(executor: Executor, userId: string, type: NotificationType) {
  const [row] = await executor
    .select({ email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.type, type)));
  return row?.email ?? DEFAULT_CHANNELS.email;
}

/** Of these people, those who turned email off for the type. */
export async function withEmailOff(executor: Executor, userIds: readonly string[], type: NotificationType) {
  if (userIds.length === 0) return new Set<string>();
  const rows = await executor
    .select({ userId: notificationPreferences.userId })
    .from(notificationPreferences)
    .where(
      and(
        inArray(notificationPreferences.userId, [...userIds]),
        eq(notificationPreferences.type, type),
        eq(notificationPreferences.email, false),
      ),
    );
  return new Set(rows.map((row) => row.userId));
}

/** The person's quiet hours, or null when they have none. */
export async function loadQuietHours(
  userId: string,
  executor: Executor = db,
): Promise<(QuietHours & { isOn: true }) | { isOn: false; timeZone: string | null }> {
  const [row] = await executor.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  if (!row || row.quietStartMinutes === null || row.quietEndMinutes === null)
    return { isOn: false, timeZone: row?.timeZone ?? null };
  return { isOn: true, startMinutes: row.quietStartMinutes, endMinutes: row.quietEndMinutes, timeZone: row.timeZone };
}

/** Turns quiet hours on (between two local times in the person's zone) or off. */
export async function saveQuietHours({ actor, quietHours }: { actor: Actor; quietHours: QuietHoursInput }) {
  const values =
    quietHours.quietHours === "on"
      ? { quietStartMinutes: timeToMinutes(quietHours.start), quietEndMinutes: timeToMinutes(quietHours.end) }
      : { quietStartMinutes: null, quietEndMinutes: null };
  await db
    .insert(notificationSettings)
    .values({ userId: actor.id, ...values, timeZone: quietHours.timeZone })
    .onConflictDoUpdate({
      target: notificationSettings.userId,
      set: { ...values, timeZone: quietHours.timeZone, updatedAt: sql`now()` },
    });
  return loadQuietHours(actor.id);
}

/** The quiet hours as the settings form shows them. */
export function quietHoursForForm(quiet: Awaited<ReturnType<typeof loadQuietHours>>) {
  return quiet.isOn
    ? {
        isOn: true,
        start: minutesToTime(quiet.startMinutes),
        end: minutesToTime(quiet.endMinutes),
        timeZone: quiet.timeZone,
      }
    : { isOn: false, start: "22:00", end: "07:00", timeZone: quiet.timeZone };
}

/** Everything the notification settings show: preferences, quiet hours, push and the phone for texts. */
export async function loadDeliverySettings({ actor }: { actor: Actor }) {
  const [preferences, quiet, pushDevices, pushPublicKey, sms] = await Promise.all([
    loadDeliveryPreferences(actor.id),
    loadQuietHours(actor.id),
    countPushDevices(actor.id),
    loadPushPublicKey(),
    loadSmsSettings(actor),
  ]);
  return { preferences, quietHours: quietHoursForForm(quiet), pushDevices, pushPublicKey, sms };
}
export type DeliverySettings = Awaited<ReturnType<typeof loadDeliverySettings>>;
