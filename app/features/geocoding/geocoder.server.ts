import { getEnv, type Env } from "~/utils/env.server";

// The one place an address leaves Tendly to be placed on the map (docs/decisions/0032-geocoding-provider.md):
// the US Census Geocoder or a Nominatim-compatible service, chosen by GEOCODER, at GEOCODER_URL, with
// GEOCODER_KEY when the service wants one. Without GEOCODER nothing is sent and nothing is asked.

/** A US postal address as the providers take it. */
export type PostalAddress = { street: string; city: string | null; state: string | null; zip: string };

/** The provider's answer: the point, or that it knows no such address. */
export type GeocodeAnswer = { found: true; latitude: number; longitude: number } | { found: false };

export type GeocoderSettings = {
  provider: "census" | "nominatim";
  /** The service's base address, without a trailing slash. */
  url: string;
  key: string | null;
  /** The least time between two requests of the backfill. */
  intervalMs: number;
};

/** The Census Geocoder's public address (its API takes no key). */
export const CENSUS_GEOCODER_URL = "https://geocoding.geo.census.gov/geocoder";

/** A provider that does not answer within this long counts as unavailable (the job tries again). */
const REQUEST_TIMEOUT_MS = 10_000;

/** The provider could not answer now (no connection, a timeout, a 429 or 5xx): try again later. */
export class GeocoderUnavailableError extends Error {
  override name = "GeocoderUnavailableError";
}

/** The configured provider, or null when geocoding is off. */
export function geocoderSettings(
  env: Pick<Env, "GEOCODER" | "GEOCODER_URL" | "GEOCODER_KEY" | "GEOCODER_INTERVAL_MS"> = getEnv(),
): GeocoderSettings | null {
  if (!env.GEOCODER) return null;
  const url = (env.GEOCODER_URL ?? CENSUS_GEOCODER_URL).replace(/\/+$/, "");
  return { provider: env.GEOCODER, url, key: env.GEOCODER_KEY ?? null, intervalMs: env.GEOCODER_INTERVAL_MS };
}

/** The request that asks `settings`' provider for `address` (exported for the tests' fake). */
export function geocodeRequestUrl(settings: GeocoderSettings, address: PostalAddress): URL {
  const zip = address.zip.slice(0, 5);
  const isCensus = settings.provider === "census";
  const url = new URL(`${settings.url}${isCensus ? "/locations/address" : "/search"}`);
  const params: Record<string, string | null> = isCensus
    ? {
        street: address.street,
        city: address.city,
        state: address.state,
        zip,
        benchmark: "Public_AR_Current",
        format: "json",
      }
    : {
        street: address.street,
        city: address.city,
        state: address.state,
        postalcode: zip,
        countrycodes: "us",
        format: "jsonv2",
        limit: "1",
      };
  for (const [name, value] of Object.entries({ ...params, key: settings.key })) {
    if (value) url.searchParams.set(name, value);
  }
  return url;
}

const isCoordinate = (value: unknown, limit: number): value is number =>
  typeof value === "number" && Number.isFinite(value) && Math.abs(value) <= limit;

/** The point in a provider's answer, or not found; null when the answer is not of the provider's shape. */
export function readGeocodeAnswer(provider: GeocoderSettings["provider"], body: unknown): GeocodeAnswer | null {
  if (provider === "census") {
    const matches = (body as { result?: { addressMatches?: unknown } } | null)?.result?.addressMatches;
    if (!Array.isArray(matches)) return null;
    const coordinates = (matches[0] as { coordinates?: { x?: unknown; y?: unknown } } | undefined)?.coordinates;
    if (!coordinates) return { found: false };
    const { x, y } = coordinates;
    return isCoordinate(y, 90) && isCoordinate(x, 180) ? { found: true, latitude: y, longitude: x } : null;
  }
  if (!Array.isArray(body)) return null;
  const first = body[0] as { lat?: unknown; lon?: unknown } | undefined;
  if (!first) return { found: false };
  const latitude = Number(first.lat);
  const longitude = Number(first.lon);
  return isCoordinate(latitude, 90) && isCoordinate(longitude, 180) ? { found: true, latitude, longitude } : null;
}

/**
 * Asks the provider where `address` is. Throws GeocoderUnavailableError when it cannot answer now;
 * `fetch` is the HTTP boundary (tests point `settings.url` at a local fake instead).
 */
export async function geocodeAddress(
  address: PostalAddress,
  settings: GeocoderSettings,
  fetchImpl: typeof fetch = fetch,
): Promise<GeocodeAnswer> {
  const url = geocodeRequestUrl(settings, address);
  let response: Response;
  try {
    response = await fetchImpl(url, {
      headers: { accept: "application/json", "user-agent": "Tendly (home care; address geocoding)" },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new GeocoderUnavailableError(`The geocoder at ${settings.url} did not answer: ${String(error)}`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new GeocoderUnavailableError(`The geocoder at ${settings.url} answered ${response.status}`);
  }
  const body: unknown = await response.json().catch(() => undefined);
  const answer = readGeocodeAnswer(settings.provider, body);
  if (!answer) throw new GeocoderUnavailableError(`The geocoder at ${settings.url} gave an answer of another shape`);
  return answer;
}
