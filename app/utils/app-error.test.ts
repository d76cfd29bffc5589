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

describe("refusalData", () => {
  test("answers an AppError with the body the route shapes, worded in the reader's language, and the table's status", () => {
    const refused = new AppError("conflict", { key: "reviews:refusals.editClosed" }, { field: "comment" });
    const spanish = refusalData(refused, "es", ({ text, key, field, code }) => ({ ok: false, text, key, field, code }));
    expect(spanish.data).toEqual({
      ok: false,
      text: "Ya pasó el plazo para cambiar esta reseña.",
      key: "reviews:refusals.editClosed",
      field: "comment",
      code: "conflict",
    });
    expect(spanish.init).toMatchObject({ status: 409 });
    expect(refusalData(refused, "en", ({ text }) => text).data).toBe("The time to change this feedback has passed.");
  });

  test("rethrows anything else", () => {
    const bug = new Error("bug");
    expect(thrownBy(() => refusalData(bug, "en", () => ({})))).toBe(bug);
    expect(thrownBy(() => refusalData("text", "en", () => ({})))).toBe("text");
  });
});

describe("throwRefusal", () => {
  test("throws an AppError as a response with its message worded, or the page's own for its code", () => {
    const notFound = new AppError("not_found", { key: "reviews:refusals.reviewNotFound" });
    expect(thrownBy(() => throwRefusal(notFound, "es"))).toMatchObject({
      data: "No encontramos esta reseña.",
      init: { status: 404 },
    });
    const pageWords = { forbidden: "Not yours." };
    expect(thrownBy(() => throwRefusal(new AppError("forbidden", notFound.ref!), "en", pageWords))).toMatchObject({
      data: "Not yours.",
      init: { status: 403 },
    });
    expect(thrownBy(() => throwRefusal(notFound, "en", pageWords))).toMatchObject({
      data: "We could not find this review.",
      init: { status: 404 },
    });
  });

  test("rethrows anything else", () => {
    const bug = new TypeError("bug");
    expect(thrownBy(() => throwRefusal(bug, "en"))).toBe(bug);
  });
});
