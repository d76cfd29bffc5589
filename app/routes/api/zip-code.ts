import { data } from "react-router";
import { lookupZip } from "~/utils/zip-codes.server";
import type { Route } from "./+types/zip-code";

// The city and state of a US ZIP code, so that forms can fill them in once the
// ZIP is typed (public data: no session needed, cached for a day).
export async function loader({ params }: Route.LoaderArgs) {
  const zip = params.zip;
  if (!/^\d{5}$/.test(zip)) return data({ error: "A ZIP code has 5 digits." }, { status: 400 });
  const place = await lookupZip(zip);
  if (!place) return data({ error: "Unknown ZIP code." }, { status: 404 });
  return data(
    { zip: place.zip, city: place.city, state: place.state },
    { headers: { "Cache-Control": "public, max-age=86400" } },
  );
}
