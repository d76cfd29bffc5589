import { expect } from "vitest";
import { AppError } from "~/utils/app-error";

// What the family circle's tests share.

/** The AppError a promise is refused with (the test fails if it resolves). */
export async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}
