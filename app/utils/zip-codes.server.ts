// US ZIP code centroids from the `zipcodes` package. Its table costs about
// 90 MB of memory, so it is loaded on first use, not when the server starts.
export type ZipPlace = { zip: string; city: string; state: string; latitude: number; longitude: number };

type ZipTable = { lookup: (zip: string) => ZipPlace | undefined };

let table: Promise<ZipTable> | undefined;

export async function lookupZip(zip: string): Promise<ZipPlace | undefined> {
  table ??= import("zipcodes").then((module) => ("default" in module ? module.default : module) as ZipTable);
  const place = (await table).lookup(zip);
  return place
    ? { zip: place.zip, city: place.city, state: place.state, latitude: place.latitude, longitude: place.longitude }
    : undefined;
}
