import { getDistance } from "geolib";
import { DEFAULT_ZIP_RADIUS_METERS, ZIP_RADIUS_BOUNDS } from "./zip-radius";

// US ZIP code centroids from the `zipcodes` package. Its table costs about
// 90 MB of memory, so it is loaded on first use, not when the server starts.
export type ZipPlace = { zip: string; city: string; state: string; latitude: number; longitude: number };

type ZipTable = {
  lookup: (zip: string) => ZipPlace | undefined;
  codes: Record<string, ZipPlace & { country?: string }>;
};

let table: Promise<ZipTable> | undefined;

const loadTable = () =>
  (table ??= import("zipcodes").then((module) => ("default" in module ? module.default : module) as ZipTable));

export async function lookupZip(zip: string): Promise<ZipPlace | undefined> {
  const place = (await loadTable()).lookup(zip);
  return place
    ? { zip: place.zip, city: place.city, state: place.state, latitude: place.latitude, longitude: place.longitude }
    : undefined;
}

/** Which neighbouring centre sets the radius: the third nearest, so one crowded post-office ZIP does not. */
const NEIGHBOUR_RANK = 3;

/**
 * How far from its centre an address in this ZIP code may lie, in metres. The table has centres but no
 * areas, so the size is read from the neighbours: ZIP codes tile the map, and an address is rarely
 * farther from its own centre than the neighbouring centres are (in an even tiling a cell's farthest
 * corner is 0.58 of that distance; the rest is room for long, odd-shaped ZIPs). The distance to the
 * third-nearest distinct centre, within ZIP_RADIUS_BOUNDS; remembered per ZIP.
 */
export function zipRadiusMeters(zip: string): Promise<number> {
  const known = radii.get(zip);
  if (known) return known;
  const computed = loadTable().then((zips) => radiusIn(zips, zip));
  radii.set(zip, computed);
  return computed;
}

const radii = new Map<string, Promise<number>>();

function radiusIn(zips: ZipTable, zip: string): number {
  const centre = zips.lookup(zip);
  if (!centre) return DEFAULT_ZIP_RADIUS_METERS;
  // The nearest distinct centres, kept sorted (several ZIPs may share one point).
  const nearest: number[] = [];
  const seen = new Set<string>([`${centre.latitude},${centre.longitude}`]);
  const cosLat = Math.cos((centre.latitude * Math.PI) / 180);
  for (const other of Object.values(zips.codes)) {
    if (other.country && other.country !== "US") continue;
    // A cheap flat-earth first look; the exact distance only for the few that may count.
    const dy = (other.latitude - centre.latitude) * 111_320;
    const dx = (other.longitude - centre.longitude) * 111_320 * cosLat;
    const rough = Math.hypot(dx, dy);
    if (nearest.length === NEIGHBOUR_RANK && rough > nearest[NEIGHBOUR_RANK - 1]! * 1.01) continue;
    const point = `${other.latitude},${other.longitude}`;
    if (seen.has(point)) continue;
    seen.add(point);
    nearest.push(getDistance(centre, other, 1));
    nearest.sort((a, b) => a - b);
    if (nearest.length > NEIGHBOUR_RANK) nearest.pop();
  }
  const radius = nearest.at(-1) ?? DEFAULT_ZIP_RADIUS_METERS;
  return Math.min(ZIP_RADIUS_BOUNDS.maxMeters, Math.max(ZIP_RADIUS_BOUNDS.minMeters, Math.round(radius)));
}
