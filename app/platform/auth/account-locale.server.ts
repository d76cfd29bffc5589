import { eq } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { userProfiles } from "~/platform/db/schema";
import type { Locale } from "~/i18n/config";

/** Stores the language a signed-in person chose (user_profiles.locale); their emails use it. */
export async function saveAccountLocale(userId: string, locale: Locale): Promise<void> {
  await db.update(userProfiles).set({ locale }).where(eq(userProfiles.id, userId));
}

/** The language stored on an account, or null when the person never chose one. */
export async function accountLocale(userId: string): Promise<Locale | null> {
  const [row] = await db.select({ locale: userProfiles.locale }).from(userProfiles).where(eq(userProfiles.id, userId));
  return row?.locale ?? null;
}
