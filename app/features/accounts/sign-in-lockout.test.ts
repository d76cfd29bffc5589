import { describe, expect, it } from "vitest";
import { lockedUntil, LOCKOUT } from "./sign-in-lockout";

const MINUTE = 60_000;
const start = new Date("2026-11-22T10:00:00Z");
const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);

describe("lockedUntil", () => {
  it("is not locked by four failures", () => {
    expect(lockedUntil([at(0), at(1), at(2), at(3)], at(4))).toBeNull();
  });

  it("locks for 15 minutes from the fifth failure within 15 minutes", () => {
    const failures = [at(0), at(1), at(2), at(3), at(4)];
    expect(lockedUntil(failures, at(4))).toEqual(at(4 + 15));
    expect(lockedUntil(failures, at(18.9))).toEqual(at(19));
    expect(lockedUntil(failures, at(19))).toBeNull();
  });

  it("does not lock when the five failures are spread over more than 15 minutes", () => {
    expect(lockedUntil([at(0), at(4), at(8), at(12), at(15.5)], at(16))).toBeNull();
    expect(lockedUntil([at(0), at(4), at(8), at(12), at(15)], at(16))).toEqual(at(30));
  });

  it("ignores failures after now and the order rows come in", () => {
    expect(lockedUntil([at(4), at(0), at(3), at(1), at(2)], at(5))).toEqual(at(19));
    expect(lockedUntil([at(0), at(1), at(2), at(3), at(10)], at(5))).toBeNull();
  });

  it("uses the product's limits", () => {
    expect(LOCKOUT).toEqual({ maxFailures: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE });
  });
});
