import { data } from "react-router";
import { timeZoneAt } from "~/utils/time-zone-lookup.server";
import { lookupZip } from "~/utils/zip-codes.server";
import type { Route } from "./+types/zip-code";

// The city, state and time zone of a US ZIP code, so that forms can fill them in
// once the ZIP is typed, and the request wizard can tell whether a visit's start
// has passed where care happens (public data: no session needed, cached for a day).
export async function loader({ params }: Route.LoaderArgs) {
  const zip = params.zip;
  if (!/^\d{5}$/.test(zip)) return data({ error: "A ZIP code has 5 digits." }, { status: 400 });
  const place = await lookupZip(zip);
  if (!place) return data({ error: "Unknown ZIP code." }, { status: 404 });
  return data(
    { zip: place.zip, city: place.city, state: place.state, timeZone: timeZoneAt(place.latitude, place.longitude) },
    { headers: { "Cache-Control": "public, max-age=86400" } },
  );
}
