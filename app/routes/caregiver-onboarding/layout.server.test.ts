import { describe, expect, test } from "vitest";
import { AppError } from "~/utils/app-error";
import { saveStep } from "./layout.server";

describe("saveStep", () => {
  test("an application submitted meanwhile sends the applicant to the caregiver area", async () => {
    const refusal = new AppError("conflict", { key: "onboarding:errors.alreadySubmitted" });
    const thrown = await saveStep(() => Promise.reject(refusal)).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("Location")).toBe("/caregiver");
  });

  test("other failures stay failures, and a save that works returns", async () => {
    const failure = new Error("database is down");
    await expect(saveStep(() => Promise.reject(failure))).rejects.toBe(failure);
    await expect(saveStep(() => Promise.resolve())).resolves.toBeUndefined();
  });
});
