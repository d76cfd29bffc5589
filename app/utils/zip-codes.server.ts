import { getDistance } from "geolib";
import { createRequire } from "node:module";
import { readFile } from "node:fs/promises";
import type * as ZipCodes from "zipcodes";
import { DEFAULT_ZIP_RADIUS_METERS, ZIP_RADIUS_BOUNDS } from "./zip-radius";

// US ZIP code centroids from the `zipcodes` package. Loaded as the package loads them, they cost a process
// about 86 MB; so they are read once, on first use, into the compact form below, and the package's own
// objects are let go (docs/decisions/0045-memory.md).
export type ZipPlace = { zip: string; city: string; state: string; latitude: number; longitude: number };

/**
 * The package's US codes, one row each, in the order the package lists them. Its Canadian postal
 * areas are left out: every caller passes digits, and the package's answer to them would be Canadian.
 */
type ZipTable = {
  /** The row of each five-digit ZIP code, by its number (00501 at 501); -1 where the package has none. */
  rowByCode: Int32Array;
  code: Int32Array;
  latitude: Float64Array;
  longitude: Float64Array;
  /** Indexes into `cities` and `states`: each name is kept once. */
  city: Uint32Array;
  state: Uint32Array;
  cities: string[];
  states: string[];
};

let table: Promise<ZipTable> | undefined;

const loadTable = () => (table ??= readPackage());

/**
 * Reads the package's data file as JSON, never running it: its one object literal (`exports.codes = {…}`)
 * is JSON. Required or imported, the package's 5 MB of source are compiled, and the process keeps about
 * 80 MB more resident and 15 MB of heap even once the require cache lets go of it; parsed as JSON, the
 * objects are garbage as soon as the compact copy is made (docs/decisions/0045-memory.md). The version
 * is pinned (package.json), and the tests compare this table with the package's own answers.
 */
async function readPackage(): Promise<ZipTable> {
  const file = createRequire(import.meta.url).resolve("zipcodes/lib/codes.js");
  const text = await readFile(file, "utf8");
  const literal = /^exports\.codes = (\{.*?\});\n/s.exec(text)?.[1];
  if (!literal) throw new Error(`${file} no longer starts with the object literal of exports.codes`);
  return compact(JSON.parse(literal) as Record<string, ZipCodes.ZipCode>);
}

/** Each distinct name once, and for each value the index of its name. */
function intern(values: string[]) {
  const index = new Map<string, number>();
  const indexes = Uint32Array.from(values, (value) => {
    let at = index.get(value);
    if (at === undefined) index.set(value, (at = index.size));
    return at;
  });
  return { indexes, names: [...index.keys()] };
}

function compact(codes: Record<string, ZipCodes.ZipCode>): ZipTable {
  const places = Object.values(codes).filter((place) => place.country === "US" && /^\d{5}$/.test(place.zip));
  const cities = intern(places.map((place) => place.city));
  const states = intern(places.map((place) => place.state));
  const rowByCode = new Int32Array(100_000).fill(-1);
  const code = Int32Array.from(places, (place) => Number(place.zip));
  code.forEach((zip, row) => (rowByCode[zip] = row));
  return {
    rowByCode,
    code,
    latitude: Float64Array.from(places, (place) => place.latitude),
    longitude: Float64Array.from(places, (place) => place.longitude),
    city: cities.indexes,
    state: states.indexes,
    cities: cities.names,
    states: states.names,
  };
}

/** The row of a five-digit ZIP code, or -1: the package's keys are exactly these strings. */
const rowOf = (zips: ZipTable, zip: string) => (/^\d{5}$/.test(zip) ? zips.rowByCode[Number(zip)]! : -1);

export async function lookupZip(zip: string): Promise<ZipPlace | undefined> {
  const zips = await loadTable();
  const row = rowOf(zips, zip);
  if (row < 0) return undefined;
  return {
    zip: String(zips.code[row]).padStart(5, "0"),
    city: zips.cities[zips.city[row]!]!,
    state: zips.states[zips.state[row]!]!,
    latitude: zips.latitude[row]!,
    longitude: zips.longitude[row]!,
  };
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
  const row = rowOf(zips, zip);
  if (row < 0) return DEFAULT_ZIP_RADIUS_METERS;
  const centre = { latitude: zips.latitude[row]!, longitude: zips.longitude[row]! };
  // The nearest distinct centres, kept sorted (several ZIPs may share one point).
  const nearest: number[] = [];
  const seen = new Set<string>([`${centre.latitude},${centre.longitude}`]);
  const cosLat = Math.cos((centre.latitude * Math.PI) / 180);
  for (let other = 0; other < zips.code.length; other++) {
    const latitude = zips.latitude[other]!;
    const longitude = zips.longitude[other]!;
    // A cheap flat-earth first look; the exact distance only for the few that may count.
    const dy = (latitude - centre.latitude) * 111_320;
    const dx = (longitude - centre.longitude) * 111_320 * cosLat;
    const rough = Math.hypot(dx, dy);
    if (nearest.length === NEIGHBOUR_RANK && rough > nearest[NEIGHBOUR_RANK - 1]! * 1.01) continue;
    const point = `${latitude},${longitude}`;
    if (seen.has(point)) continue;
    seen.add(point);
    nearest.push(getDistance(centre, { latitude, longitude }, 1));
    nearest.sort((a, b) => a - b);
    if (nearest.length > NEIGHBOUR_RANK) nearest.pop();
  }
  const radius = nearest.at(-1) ?? DEFAULT_ZIP_RADIUS_METERS;
  return Math.min(ZIP_RADIUS_BOUNDS.maxMeters, Math.max(ZIP_RADIUS_BOUNDS.minMeters, Math.round(radius)));
}
