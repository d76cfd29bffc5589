import { doublePrecision, pgEnum, timestamp } from "drizzle-orm/pg-core";

// Where an address is on the map, and how we know it (docs/product-rules.md, "Addresses on the map").
// Any table that stores a postal address takes these columns; features/geocoding fills them in the
// background, so saving an address never waits for the geocoding provider.

export const LOCATION_SOURCES = ["geocoded", "zip_centroid", "none"] as const;
/** geocoded: the street address was placed by the provider; zip_centroid: only its ZIP code's centre is known; none: nothing. */
export type LocationSource = (typeof LOCATION_SOURCES)[number];
export const locationSourceEnum = pgEnum("location_source", LOCATION_SOURCES);

/**
 * The columns of an address row's place on the map. `addressLatitude`/`addressLongitude` are the
 * geocoded point (null until placed); `locationSource` says which point location checks measure from;
 * `geocodeCheckedAt` is when the provider last answered for this address (found or not), null while
 * it has not been asked: what the backfill looks for.
 */
export function addressLocationColumns(defaultSource: LocationSource) {
  return {
    addressLatitude: doublePrecision("address_latitude"),
    addressLongitude: doublePrecision("address_longitude"),
    locationSource: locationSourceEnum("location_source").notNull().default(defaultSource),
    geocodeCheckedAt: timestamp("geocode_checked_at", { withTimezone: true }),
  };
}
