import { describe, expect, test } from "vitest";
import { AppError } from "~/utils/app-error";
import { refusalData, throwRefusal } from "./refusal-response";

function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("nothing was thrown");
}

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
