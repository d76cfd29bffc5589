// The size of a ZIP code, for judging a location against an address not yet placed on the map
// (docs/product-rules.md, "Addresses on the map"). Pure: the EVV rules and the ZIP table share it.

/** No ZIP code is taken as smaller than a kilometre, nor larger than 15 km, whatever its neighbours say. */
export const ZIP_RADIUS_BOUNDS = { minMeters: 1_000, maxMeters: 15_000 } as const;

/** The radius used when a ZIP code is not in the table (and for distances recorded before radii were kept). */
export const DEFAULT_ZIP_RADIUS_METERS = 3_000;
