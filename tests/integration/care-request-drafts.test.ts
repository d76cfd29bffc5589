import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createClient } from "~/platform/db/seed/factories.server";
import type { CareRequestDraft } from "~/features/care-requests/care-request.schema";
import {
  clearCareRequestDraft,
  getCareRequestDraft,
  saveCareRequestDraft,
} from "~/features/care-requests/drafts.server";
import { createTestDatabase, type TestDatabase } from "./db";

function draft(fullName: string, updatedAt: string): CareRequestDraft {
  return { data: { fullName, zipCode: "60614" }, currentStep: 2, completedSteps: ["client-info"], updatedAt };
}

describe("care request drafts on the server", () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  test("a user has no draft until one is saved, then gets it back on any device", async () => {
    const user = await createClient(testDb.db);
    expect(await getCareRequestDraft({ actor: user })).toBeNull();
    await saveCareRequestDraft({ actor: user, draft: draft("Rosa Diaz", "2026-11-20T10:00:00.000Z") });
    expect(await getCareRequestDraft({ actor: user })).toMatchObject({
      data: { fullName: "Rosa Diaz" },
      currentStep: 2,
      completedSteps: ["client-info"],
    });
  });

  test("the newest draft wins: an older save does not overwrite a newer one", async () => {
    const user = await createClient(testDb.db);
    await saveCareRequestDraft({ actor: user, draft: draft("Newer Name", "2026-11-20T12:00:00.000Z") });
    const kept = await saveCareRequestDraft({ actor: user, draft: draft("Older Name", "2026-11-20T11:00:00.000Z") });
    expect(kept.data.fullName).toBe("Newer Name");
    await saveCareRequestDraft({ actor: user, draft: draft("Newest Name", "2026-11-20T13:00:00.000Z") });
    expect((await getCareRequestDraft({ actor: user }))?.data.fullName).toBe("Newest Name");
  });

  test("drafts are per user, and clearing removes only the actor's", async () => {
    const one = await createClient(testDb.db);
    const other = await createClient(testDb.db);
    await saveCareRequestDraft({ actor: one, draft: draft("First Family", "2026-11-20T10:00:00.000Z") });
    await saveCareRequestDraft({ actor: other, draft: draft("Second Family", "2026-11-20T10:00:00.000Z") });
    await clearCareRequestDraft({ actor: one });
    expect(await getCareRequestDraft({ actor: one })).toBeNull();
    expect((await getCareRequestDraft({ actor: other }))?.data.fullName).toBe("Second Family");
  });
});
