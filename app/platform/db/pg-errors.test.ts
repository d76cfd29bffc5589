import { describe, expect, test } from "vitest";
import { pgErrorCode } from "./pg-errors";

describe("PostgreSQL errors", () => {
  test("the PostgreSQL error code is found on the error or a few causes down", () => {
    expect(pgErrorCode({ code: "23P01" })).toBe("23P01");
    expect(pgErrorCode(new Error("wrapped", { cause: { cause: { code: "23505" } } }))).toBe("23505");
    expect(pgErrorCode({ cause: { cause: { cause: { cause: { code: "too deep" } } } } })).toBeUndefined();
    expect(pgErrorCode(new Error("no code"))).toBeUndefined();
    expect(pgErrorCode(null)).toBeUndefined();
  });
});
