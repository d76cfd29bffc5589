import { describe, expect, it } from "vitest";
import { zipRadiusMeters } from "./zip-codes.server";
import { DEFAULT_ZIP_RADIUS_METERS, ZIP_RADIUS_BOUNDS } from "./zip-radius";

describe("zipRadiusMeters", () => {
  // The first call loads the ZIP table (about a second, more on a busy machine).
  it(
    "reads a ZIP code's size from its neighbours: small in a city, large in the country",
    { timeout: 60_000 },
    async () => {
      const chicago = await zipRadiusMeters("60614");
      const rural = await zipRadiusMeters("59001");
      expect(chicago).toBeGreaterThanOrEqual(ZIP_RADIUS_BOUNDS.minMeters);
      expect(chicago).toBeLessThan(5_000);
      expect(rural).toBeGreaterThan(chicago * 4);
      expect(rural).toBeLessThanOrEqual(ZIP_RADIUS_BOUNDS.maxMeters);
    },
  );

  it("never takes a crowded downtown ZIP as smaller than the lower bound", async () => {
    expect(await zipRadiusMeters("10001")).toBe(ZIP_RADIUS_BOUNDS.minMeters);
  });

  it("answers the default for a ZIP code it does not know", async () => {
    expect(await zipRadiusMeters("00000")).toBe(DEFAULT_ZIP_RADIUS_METERS);
  });
});
