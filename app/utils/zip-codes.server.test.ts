import { getDistance } from "geolib";
import zipcodes from "zipcodes";
import { describe, expect, it } from "vitest";
import { lookupZip, zipRadiusMeters } from "./zip-codes.server";
import { DEFAULT_ZIP_RADIUS_METERS, ZIP_RADIUS_BOUNDS } from "./zip-radius";

const usPlaces = Object.values(zipcodes.codes).filter((place) => place.country === "US");

/** ZIP codes at the edges of the table: the first and last, leading zeros, states and territories far off. */
const EDGE_ZIPS = [
  "00501", // Holtsville NY, the first code
  "00601", // Adjuntas PR
  "00802", // St Thomas VI
  "09001", // an APO code
  "10001", // the first code without a leading zero
  "96701", // Aiea HI
  "96799", // Pago Pago AS
  "96813", // Honolulu HI
  "96910", // Hagatna GU
  "99501", // Anchorage AK
  "99950", // Ketchikan AK, the last code
];

/** A fixed draw of US ZIP codes from the package. */
function sampleZips(count: number): string[] {
  let seed = 7;
  return Array.from({ length: count }, () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return usPlaces[seed % usPlaces.length]!.zip;
  });
}

describe("lookupZip", () => {
  // The first call loads the ZIP table (a fraction of a second, more on a busy machine).
  it("answers as the package does for every US ZIP code it has", { timeout: 60_000 }, async () => {
    expect(usPlaces.length).toBeGreaterThan(40_000);
    for (const place of usPlaces) {
      const { zip, city, state, latitude, longitude } = place;
      expect(await lookupZip(zip)).toEqual({ zip, city, state, latitude, longitude });
    }
  });

  it.each(EDGE_ZIPS)("knows %s, as the package does", async (zip) => {
    const place = zipcodes.lookup(zip);
    expect(place).toBeDefined();
    expect(await lookupZip(zip)).toEqual({
      zip,
      city: place!.city,
      state: place!.state,
      latitude: place!.latitude,
      longitude: place!.longitude,
    });
  });

  it.each([
    "00000",
    "00100",
    "99999",
    "60614-1234",
    "606141234",
    "6061",
    " 60614",
    "60614 ",
    "",
    "ABCDE",
    "constructor",
    "__proto__",
  ])("knows nothing of %j, as the package does", async (zip) => {
    expect(zipcodes.lookup(zip)).toBeUndefined();
    expect(await lookupZip(zip)).toBeUndefined();
  });

  // The package also answers Canadian postal areas (by their first three characters): the table keeps
  // US ZIP codes only.
  it.each(["T0A", "M5V 2T6"])("knows nothing of the Canadian %j, which the package knows", async (zip) => {
    expect(zipcodes.lookup(zip)).toBeDefined();
    expect(await lookupZip(zip)).toBeUndefined();
  });
});

/**
 * The radius zipRadiusMeters is meant to give, found the slow way from the package's own table: the
 * exact distance to every other US centre, the third-nearest distinct one, within the bounds.
 */
function expectedRadius(zip: string): number {
  const centre = zipcodes.lookup(zip);
  if (!centre) return DEFAULT_ZIP_RADIUS_METERS;
  const distances = new Map<string, number>();
  for (const other of usPlaces) {
    const point = `${other.latitude},${other.longitude}`;
    if (point !== `${centre.latitude},${centre.longitude}`) distances.set(point, getDistance(centre, other, 1));
  }
  const third = [...distances.values()].toSorted((a, b) => a - b)[2] ?? DEFAULT_ZIP_RADIUS_METERS;
  return Math.min(ZIP_RADIUS_BOUNDS.maxMeters, Math.max(ZIP_RADIUS_BOUNDS.minMeters, Math.round(third)));
}

describe("zipRadiusMeters", () => {
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
    expect(await zipRadiusMeters("T0A")).toBe(DEFAULT_ZIP_RADIUS_METERS);
  });

  it(
    "answers the third-nearest distinct centre of the package's table, for edge and random ZIP codes",
    { timeout: 60_000 },
    async () => {
      for (const zip of [...EDGE_ZIPS, ...sampleZips(20)]) {
        expect({ zip, radius: await zipRadiusMeters(zip) }).toEqual({ zip, radius: expectedRadius(zip) });
      }
    },
  );
});
