import { count, desc, eq, ilike, or, sql } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { caregiverProfiles, clientProfiles, userProfiles, userRoles, type Role } from "~/platform/db/schema";

export type UserRow = {
  id: string;
  email: string;
  name: string;
  roles: Role[];
  emailVerified: boolean;
  createdAt: Date;
};

export type UsersPage = { users: UserRow[]; total: number; page: number; pageCount: number; pageSize: number };

/** `%` and `_` in a search are literal characters, not patterns. */
function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** One page of every account, newest first, optionally narrowed to an email or name containing `search`. */
export async function listUsers({
  search,
  page,
  pageSize,
}: {
  search: string;
  page: number;
  pageSize: number;
}): Promise<UsersPage> {
  const firstName = sql<string | null>`coalesce(${caregiverProfiles.firstName}, ${clientProfiles.firstName})`;
  const lastName = sql<string | null>`coalesce(${caregiverProfiles.lastName}, ${clientProfiles.lastName})`;
  const displayName = sql<string>`coalesce(nullif(trim(concat_ws(' ', ${firstName}, ${lastName})), ''), ${userProfiles.name})`;
  const pattern = search ? containsPattern(search) : null;
  const where = pattern
    ? or(
        ilike(userProfiles.email, pattern),
        ilike(userProfiles.name, pattern),
        sql`concat_ws(' ', ${firstName}, ${lastName}) ilike ${pattern}`,
      )
    : undefined;
  const [[totals], rows] = await Promise.all([
    db
      .select({ total: count() })
      .from(userProfiles)
      .leftJoin(clientProfiles, eq(clientProfiles.userId, userProfiles.id))
      .leftJoin(caregiverProfiles, eq(caregiverProfiles.userId, userProfiles.id))
      .where(where),
    db
      .select({
        id: userProfiles.id,
        email: userProfiles.email,
        name: displayName,
        emailVerified: userProfiles.emailVerified,
        createdAt: userProfiles.createdAt,
        roles: sql<
          Role[]
        >`coalesce((select array_agg(${userRoles.role}::text order by ${userRoles.role}) from ${userRoles} where ${userRoles.userId} = ${userProfiles.id}), '{}')`,
      })
      .from(userProfiles)
      .leftJoin(clientProfiles, eq(clientProfiles.userId, userProfiles.id))
      .leftJoin(caregiverProfiles, eq(caregiverProfiles.userId, userProfiles.id))
      .where(where)
      .orderBy(desc(userProfiles.createdAt), userProfiles.email)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  const total = totals?.total ?? 0;
  return { users: rows, total, page, pageCount: Math.max(1, Math.ceil(total / pageSize)), pageSize };
}
