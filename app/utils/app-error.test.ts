import { describe, expect, test } from "vitest";
import { APP_ERROR_STATUS, AppError, isAppError } from "./app-error";

describe("AppError", () => {
  test("one status per code", () => {
    expect(APP_ERROR_STATUS).toEqual({
      invalid: 400,
      forbidden: 403,
      not_found: 404,
      conflict: 409,
      too_large: 413,
      rate_limited: 429,
    });
    for (const [code, status] of Object.entries(APP_ERROR_STATUS)) {
      expect(new AppError(code as keyof typeof APP_ERROR_STATUS, { key: "reviews:refusals.notHidden" }).status).toBe(
        status,
      );
    }
  });

  test("carries its message key and values, with the key as its message for logs, and optional details", () => {
    const retryAt = new Date("2026-11-25T12:00:00Z");
    const ref = { key: "visits:visit.for", values: { name: "Ana" } } as const;
    const error = new AppError("rate_limited", ref, { reason: "too-soon", retryAt });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: "AppError", code: "rate_limited", message: "visits:visit.for", ref });
    expect(error.reason).toBe("too-soon");
    expect(error.retryAt).toBe(retryAt);
    expect(new AppError("invalid", { key: "reviews:refusals.notHidden" }).reason).toBeUndefined();
    expect(isAppError(error)).toBe(true);
    expect(isAppError(new Error("bug"))).toBe(false);
  });
});
