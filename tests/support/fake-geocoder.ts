import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";

// A stand-in for the geocoding provider at its HTTP boundary (docs/decisions/0032-geocoding-provider.md):
// it answers the Census Geocoder's `/locations/address` and a Nominatim-compatible `/search` the way
// those services do, from a table of known places; any other address is "no match". `failNext(n)`
// makes the next n requests answer 503, as a provider that is down would. No network is involved.

export type FakePlace = { street: string; zip: string; latitude: number; longitude: number };

export type FakeGeocoder = {
  url: string;
  /** Every request's query, in order. */
  requests: URLSearchParams[];
  failNext: (count: number) => void;
  close: () => Promise<void>;
};

const keyOf = (street: string, zip: string) => `${street.trim().toLowerCase().replace(/\s+/g, " ")}|${zip.slice(0, 5)}`;

export async function startFakeGeocoder(places: readonly FakePlace[], port = 0): Promise<FakeGeocoder> {
  const table = new Map(places.map((place) => [keyOf(place.street, place.zip), place]));
  const requests: URLSearchParams[] = [];
  let failures = 0;
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://fake");
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === "/healthz") return send(200, { ok: true });
    requests.push(url.searchParams);
    if (failures > 0) {
      failures -= 1;
      return send(503, { error: "Service unavailable" });
    }
    const query = url.searchParams;
    if (url.pathname.endsWith("/locations/address")) {
      const place = table.get(keyOf(query.get("street") ?? "", query.get("zip") ?? ""));
      const matches = place
        ? [{ matchedAddress: place.street.toUpperCase(), coordinates: { x: place.longitude, y: place.latitude } }]
        : [];
      return send(200, { result: { input: {}, addressMatches: matches } });
    }
    if (url.pathname.endsWith("/search")) {
      const place = table.get(keyOf(query.get("street") ?? "", query.get("postalcode") ?? ""));
      return send(200, place ? [{ lat: String(place.latitude), lon: String(place.longitude) }] : []);
    }
    send(404, { error: "Not found" });
  });
  server.listen(port, "127.0.0.1");
  await once(server, "listening");
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    requests,
    failNext: (count) => {
      failures = count;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Where the end-to-end tests' addresses are: a street in Lincoln Park, Chicago, about 930 m from the
 * centre of its ZIP code 60614 (the distance that made check-ins there look "far").
 */
export const E2E_GEOCODED_PLACE: FakePlace = {
  street: "2430 N Cannon Dr",
  zip: "60614",
  latitude: 41.9262,
  longitude: -87.638,
};

// Run as a program (the end-to-end suite's second web server): `node tests/support/fake-geocoder.ts PORT`.
if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeGeocoder([E2E_GEOCODED_PLACE], Number(process.argv[2]));
  console.log(`Fake geocoder at ${fake.url}`);
  process.on("SIGTERM", () => void fake.close().then(() => process.exit(0)));
}
