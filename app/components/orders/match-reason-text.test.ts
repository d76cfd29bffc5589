import { describe, expect, test } from "vitest";
import { milesFigure } from "./match-reason-text";

describe("milesFigure", () => {
  test("never reads 0.0: a caregiver in the same place is under a tenth of a mile", () => {
    expect(milesFigure(0)).toBe("<0.1");
    expect(milesFigure(0.04)).toBe("<0.1");
    expect(milesFigure(0.1)).toBe("0.1");
  });

  test("tenths under ten miles, whole miles beyond", () => {
    expect(milesFigure(2.44)).toBe("2.4");
    expect(milesFigure(726.4)).toBe("726");
  });
});
