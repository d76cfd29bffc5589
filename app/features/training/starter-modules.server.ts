import type { Database } from "~/platform/db/client.server";
import { trainingModules } from "~/platform/db/schema";
import { DEFAULT_PASS_MARK } from "./training-rules";
import { STARTER_MODULES } from "./starter-modules";

/**
 * Inserts the starter modules that are not there yet, by slug, all required
 * (docs/product-rules.md, "Caregiver training"). Runs at every start before the
 * demo seed; a module an admin edited is never overwritten, and processes
 * starting together insert each module once.
 */
export async function ensureStarterModules(db: Database): Promise<void> {
  await db
    .insert(trainingModules)
    .values(
      STARTER_MODULES.map((module, position) => ({
        slug: module.slug,
        position,
        title: module.title,
        summary: module.summary,
        reading: module.reading,
        questions: module.questions,
        passMark: DEFAULT_PASS_MARK,
        isRequired: true,
        videoUrl: module.videoUrl,
        captions: module.captions,
      })),
    )
    .onConflictDoNothing({ target: trainingModules.slug });
}
