import type { LocationSource } from "~/platform/db/schema";

// Which point of an address location checks and matching measure from (docs/product-rules.md,
// "Addresses on the map"): the geocoded street address once placed, else the ZIP code's centre. Pure.

/** What an address row holds of its place (the columns of platform/db/schema/address-location.ts, and the ZIP's centre). */
export type AddressPlace = {
  zipCode: string;
  /** The ZIP code's centre, when the row keeps one. */
  latitude: number | null;
  longitude: number | null;
  addressLatitude: number | null;
  addressLongitude: number | null;
  locationSource: LocationSource;
};

export type MeasurePoint = { from: "geocoded" | "zip_centroid"; latitude: number; longitude: number };

/** The geocoded point when the address was placed, the ZIP code's centre when not, null when neither is known. */
export function measurePoint(place: AddressPlace): MeasurePoint | null {
  if (place.locationSource === "geocoded" && place.addressLatitude !== null && place.addressLongitude !== null) {
    return { from: "geocoded", latitude: place.addressLatitude, longitude: place.addressLongitude };
  }
  if (place.latitude !== null && place.longitude !== null) {
    return { from: "zip_centroid", latitude: place.latitude, longitude: place.longitude };
  }
  return null;
}
