import { describe, expect, test } from "vitest";
import { lookupZip } from "~/utils/zip-codes.server";
import { timeZoneAt } from "./time-zone-lookup.server";

async function zoneOfZip(zip: string): Promise<string> {
  const place = await lookupZip(zip);
  if (!place) throw new Error(`Unknown ZIP ${zip}`);
  return timeZoneAt(place.latitude, place.longitude);
}

describe("timeZoneAt", () => {
  // Parts of states that keep another zone than most of the state.
  test.each([
    ["79901", "El Paso TX", "America/Denver"],
    ["77002", "Houston TX", "America/Chicago"],
    ["32501", "Pensacola FL", "America/Chicago"],
    ["33101", "Miami FL", "America/New_York"],
    ["83814", "Coeur d'Alene ID", "America/Los_Angeles"],
    ["83702", "Boise ID", "America/Boise"],
    ["37902", "Knoxville TN", "America/New_York"],
    ["37203", "Nashville TN", "America/Chicago"],
    ["46402", "Gary IN", "America/Chicago"],
    ["60610", "Chicago IL", "America/Chicago"],
    ["85001", "Phoenix AZ", "America/Phoenix"],
    ["96813", "Honolulu HI", "Pacific/Honolulu"],
  ])("ZIP %s (%s) is in %s", async (zip, _place, zone) => {
    expect(await zoneOfZip(zip)).toBe(zone);
  });

  test("a zone from any coordinates, not only a ZIP's", () => {
    expect(timeZoneAt(31.7619, -106.485)).toBe("America/Denver"); // El Paso
    expect(timeZoneAt(40.7128, -74.006)).toBe("America/New_York");
  });
});
