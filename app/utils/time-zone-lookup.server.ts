import tzLookup from "@photostructure/tz-lookup";

// Where care happens decides the zone of its visits. The zone comes from the
// request's coordinates (the ZIP code's centre), not from its state: El Paso
// TX is on Mountain time, the Florida panhandle and north-west Indiana on
// Central, north Idaho on Pacific, east Tennessee on Eastern.

/** The IANA zone at a point, e.g. "America/Denver" for El Paso. */
export function timeZoneAt(latitude: number, longitude: number): string {
  return tzLookup(latitude, longitude);
}
