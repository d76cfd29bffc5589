import { and, eq, exists, ilike, or, sql } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { countRows, orderByList, pageOfRows } from "~/platform/db/list-page.server";
import { likePattern, type SortDirection } from "~/utils/list-params";
import type { UserSort } from "./admin.schema";
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

/**
 * One page of every account (newest first unless sorted otherwise), optionally narrowed to an email or name
 * containing `search` and to one role, with how many match.
 */
export async function listUsers({
  search,
  page,
  pageSize,
  sort = "created",
  dir = "desc",
  role,
}: {
  search: string;
  page: number;
  pageSize: number;
  sort?: UserSort;
  dir?: SortDirection;
  role?: Role;
}): Promise<UsersPage> {
  const firstName = sql<string | null>`coalesce(${caregiverProfiles.firstName}, ${clientProfiles.firstName})`;
  const lastName = sql<string | null>`coalesce(${caregiverProfiles.lastName}, ${clientProfiles.lastName})`;
  const displayName = sql<string>`coalesce(nullif(trim(concat_ws(' ', ${firstName}, ${lastName})), ''), ${userProfiles.name})`;
  const pattern = search ? likePattern(search) : null;
  const where = and(
    pattern
      ? or(
          ilike(userProfiles.email, pattern),
          ilike(userProfiles.name, pattern),
          sql`concat_ws(' ', ${firstName}, ${lastName}) ilike ${pattern}`,
        )
      : undefined,
    role
      ? exists(
          db
            .select({ one: sql`1` })
            .from(userRoles)
            .where(and(eq(userRoles.userId, userProfiles.id), eq(userRoles.role, role))),
        )
      : undefined,
  );
  const users = db
    .select({
      id: userProfiles.id,
      email: userProfiles.email,
      name: displayName,
      emailVerified: userProfiles.emailVerified,
      createdAt: userProfiles.createdAt,
      roles: sql<
        Role[]
      >`coalesce((select array_agg(${userRoles.role}::text order by ${userRoles.role}) from ${userRoles} where ${userRoles.userId} = ${userProfiles.id}), '{}')`.as(
        "roles",
      ),
    })
    .from(userProfiles)
    .leftJoin(clientProfiles, eq(clientProfiles.userId, userProfiles.id))
    .leftJoin(caregiverProfiles, eq(caregiverProfiles.userId, userProfiles.id))
    .where(where);
  const sortColumn =
    sort === "name" ? sql`lower(${displayName})` : sort === "email" ? userProfiles.email : userProfiles.createdAt;
  const list = await pageOfRows({
    page,
    perPage: pageSize,
    count: () => countRows(users),
    rows: (limit, offset) =>
      users
        .orderBy(...orderByList(sortColumn, dir, userProfiles.email))
        .limit(limit)
        .offset(offset),
  });
  return { users: list.rows, total: list.total, page: list.page, pageCount: list.pageCount, pageSize };
}
