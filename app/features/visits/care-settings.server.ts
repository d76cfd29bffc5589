import { eq } from "drizzle-orm";
import { db, type Database } from "~/db/client.server";
import { careSettings } from "~/db/schema";
import { DEFAULT_CARE_SETTINGS, type CareSettings } from "./care-settings";

type Executor = Pick<Database, "select">;

/** The thresholds in force: the saved row, or the defaults until an admin saves them. */
export async function getCareSettings(executor: Executor = db): Promise<CareSettings> {
  const [row] = await executor.select().from(careSettings).where(eq(careSettings.id, 1));
  if (!row) return { ...DEFAULT_CARE_SETTINGS };
  const { id: _id, updatedBy: _by, updatedAt: _at, ...settings } = row;
  return settings;
}
