import { describe, expect, test } from "vitest";
import { APP_ERROR_STATUS, AppError, isAppError } from "./app-error";
import { refusalData, throwRefusal } from "./app-error-response";

function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("nothing was thrown");
}

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
      expect(new AppError(code as keyof typeof APP_ERROR_STATUS, "No.").status).toBe(status);
    }
  });

  test("carries its message and optional details", () => {
    const retryAt = new Date("2026-11-25T12:00:00Z");
    const error = new AppError("rate_limited", "Try again later.", { reason: "too-soon", retryAt });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: "AppError", code: "rate_limited", message: "Try again later." });
    expect(error.reason).toBe("too-soon");
    expect(error.retryAt).toBe(retryAt);
    expect(new AppError("invalid", "No.").reason).toBeUndefined();
    expect(isAppError(error)).toBe(true);
    expect(isAppError(new Error("bug"))).toBe(false);
  });
});

describe("refusalData", () => {
  test("answers an AppError with the body the route shapes and the table's status", () => {
    const answer = refusalData(new AppError("conflict", "Already taken."), (error) => ({
      ok: false,
      message: error.message,
    }));
    expect(answer.data).toEqual({ ok: false, message: "Already taken." });
    expect(answer.init).toMatchObject({ status: 409 });
  });

  test("rethrows anything else", () => {
    const bug = new Error("bug");
    expect(thrownBy(() => refusalData(bug, () => ({})))).toBe(bug);
    expect(thrownBy(() => refusalData("text", () => ({})))).toBe("text");
  });
});

describe("throwRefusal", () => {
  test("throws an AppError as a response with its message, or the page's own for its code", () => {
    expect(thrownBy(() => throwRefusal(new AppError("not_found", "No such order.")))).toMatchObject({
      data: "No such order.",
      init: { status: 404 },
    });
    const pageWords = { forbidden: "Not yours." };
    expect(thrownBy(() => throwRefusal(new AppError("forbidden", "No."), pageWords))).toMatchObject({
      data: "Not yours.",
      init: { status: 403 },
    });
    expect(thrownBy(() => throwRefusal(new AppError("not_found", "Gone."), pageWords))).toMatchObject({
      data: "Gone.",
      init: { status: 404 },
    });
  });

  test("rethrows anything else", () => {
    const bug = new TypeError("bug");
    expect(thrownBy(() => throwRefusal(bug))).toBe(bug);
  });
});
