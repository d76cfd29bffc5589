import { sql } from "drizzle-orm";
import type { Executor } from "~/platform/db/client.server";
import type { PostalAddress } from "./geocoder.server";

// The tables whose rows hold a postal address to place on the map. Each has the columns of
// platform/db/schema/address-location.ts, so writing a point and finding the rows still to ask are the same
// SQL for all; only reading the address differs. A new table with an address adds one entry here.

type AddressRead = { address: PostalAddress; zipCentre: { latitude: number; longitude: number } | null };

type AddressTable = {
  /** The row's address and its ZIP code's centre; null when the row is gone. */
  read: (executor: Executor, id: string) => Promise<AddressRead | null>;
};

const ADDRESS_TABLE_DEFINITIONS = {
  care_requests: {
    read: async (executor, id) => {
      const { rows } = await executor.execute<{
        street: string | null;
        city: string | null;
        state: string | null;
        zip_code: string;
        latitude: number;
        longitude: number;
      }>(sql`
        select request->>'streetAddress' as street, city, state, zip_code, latitude, longitude
        from care_requests where id = ${id}
      `);
      const row = rows[0];
      if (!row) return null;
      return {
        address: { street: row.street ?? "", city: row.city, state: row.state, zip: row.zip_code },
        zipCentre: { latitude: row.latitude, longitude: row.longitude },
      };
    },
  },
} satisfies Record<string, AddressTable>;

export type AddressTableName = keyof typeof ADDRESS_TABLE_DEFINITIONS;
export const ADDRESS_TABLES = Object.keys(ADDRESS_TABLE_DEFINITIONS) as [AddressTableName, ...AddressTableName[]];

export function readAddressRow(executor: Executor, table: AddressTableName, id: string): Promise<AddressRead | null> {
  return ADDRESS_TABLE_DEFINITIONS[table].read(executor, id);
}

/** Keeps the geocoded point of a row: location checks measure from it from now on. */
export async function saveGeocodedPoint(
  executor: Executor,
  table: AddressTableName,
  id: string,
  point: { latitude: number; longitude: number },
  now: Date,
): Promise<void> {
  await executor.execute(sql`
    update ${sql.identifier(table)}
    set address_latitude = ${point.latitude}, address_longitude = ${point.longitude},
        location_source = 'geocoded', geocode_checked_at = ${now.toISOString()}::timestamptz
    where id = ${id}
  `);
}

/** The provider knows no such address: asked, and the row keeps the point it had (its ZIP code's centre). */
export async function markGeocodeNotFound(
  executor: Executor,
  table: AddressTableName,
  id: string,
  now: Date,
): Promise<void> {
  await executor.execute(sql`
    update ${sql.identifier(table)} set geocode_checked_at = ${now.toISOString()}::timestamptz where id = ${id}
  `);
}

/** Rows whose address the provider has not yet answered for, oldest id first. */
export async function unaskedAddressRows(
  executor: Executor,
  table: AddressTableName,
  limit: number,
): Promise<string[]> {
  const { rows } = await executor.execute<{ id: string }>(sql`
    select id::text as id from ${sql.identifier(table)}
    where geocode_checked_at is null and location_source <> 'geocoded'
    order by id limit ${limit}
  `);
  return rows.map((row) => row.id);
}
