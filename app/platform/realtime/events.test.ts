import { describe, expect, test } from "vitest";
import { reopenDelayMs } from "./events";

describe("reopenDelayMs", () => {
  test("1 s after the first failure, doubling, at most 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(reopenDelayMs)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});
