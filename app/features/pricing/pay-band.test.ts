import { describe, expect, test } from "vitest";
import { DEFAULT_PRICING } from "~/platform/db/seed/pricing-defaults";
import { caregiverPayBand, isWithinPayBand } from "./pay-band";

describe("caregiverPayBand", () => {
  test("runs from the pay share of the lowest service rate to that of the highest", () => {
    // Housekeeping $27.00 and personal care $34.00 at a 70% share.
    expect(caregiverPayBand(DEFAULT_PRICING)).toEqual({ minCents: 1890, maxCents: 2380 });
  });

  test("follows the admin's pricing, rounding each end to the cent", () => {
    const band = caregiverPayBand({
      serviceRatesCents: { ...DEFAULT_PRICING.serviceRatesCents, housekeeping: 2555, "personal-care": 4001 },
      caregiverPayPercent: 62.5,
    });
    expect(band).toEqual({ minCents: 1597, maxCents: 2501 });
  });

  test("includes both ends and nothing beyond", () => {
    const band = { minCents: 1890, maxCents: 2380 };
    expect(isWithinPayBand(1890, band)).toBe(true);
    expect(isWithinPayBand(2380, band)).toBe(true);
    expect(isWithinPayBand(1889, band)).toBe(false);
    expect(isWithinPayBand(2381, band)).toBe(false);
  });
});
