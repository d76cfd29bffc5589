import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from "react-router";
import { afterEach, expect, test, vi } from "vitest";
import { logBoundaryError } from "./error-fallback";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function consoleErrors() {
  return vi.spyOn(console, "error").mockImplementation(() => undefined);
}

/** The error a route's boundary receives on the server in production: React Router's sanitized copy. */
const sanitized = () => Object.assign(new Error("Unexpected Server Error"), { stack: undefined });

test("on the server a boundary logs nothing: handleError logged the original, and an abandoned request is no fault", () => {
  const errors = consoleErrors();
  logBoundaryError(sanitized());
  logBoundaryError(new Error("a loader failed"));
  expect(errors).not.toHaveBeenCalled();
});

test("in the browser a boundary logs a fault, not a refusal answered with a status", () => {
  vi.stubGlobal("document", {});
  const errors = consoleErrors();
  const fault = new Error("a component failed");
  logBoundaryError(fault);
  expect(errors).toHaveBeenCalledExactlyOnceWith(fault);
  // What a boundary receives for a loader's thrown data("…", { status: 404 }).
  logBoundaryError(new ErrorResponseImpl(404, "Not Found", "Not found"));
  expect(errors).toHaveBeenCalledOnce();
});
