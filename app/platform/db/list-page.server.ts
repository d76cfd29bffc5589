import { asc, count as countAll, desc, type AnyColumn, type SQL, type Subquery } from "drizzle-orm";
import { db } from "./client.server";
import type { SortDirection } from "~/utils/list-params";

// The list kit's server half (docs/decisions/0040-admin-lists-and-audit-log.md): a list is counted and paged in
// SQL, never fetched whole and sliced. The count runs first so a page past the end is brought back to the last.

export type ListPage<T> = { rows: T[]; total: number; page: number; perPage: number; pageCount: number };

export async function pageOfRows<T>({
  page,
  perPage,
  count,
  rows,
}: {
  page: number;
  perPage: number;
  /** How many rows the filter matches: one `count(*)` with the same WHERE. */
  count: () => Promise<number>;
  /** One page of them, in the list's order. */
  rows: (limit: number, offset: number) => Promise<T[]>;
}): Promise<ListPage<T>> {
  const total = await count();
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const current = Math.min(Math.max(1, Math.floor(page)), pageCount);
  const found = total === 0 ? [] : await rows(perPage, (current - 1) * perPage);
  return { rows: found, total, page: current, perPage, pageCount };
}

/**
 * A page read by a statement that counts the list as it goes (a window count beside the rows), for a list whose
 * order reads every row it matches anyway: one statement where pageOfRows sends two. A page past the end reads no
 * row and so no count: pageOfRows then counts the list and reads its last page.
 */
export async function pageCountedAlong<T>({
  page,
  perPage,
  count,
  rows,
}: {
  page: number;
  perPage: number;
  /** How many rows the list holds, asked only for a page past the end. */
  count: () => Promise<number>;
  /** One page of the rows in the list's order, with how many the whole list holds (0 when the page is empty). */
  rows: (limit: number, offset: number) => Promise<{ rows: T[]; total: number }>;
}): Promise<ListPage<T>> {
  const current = Math.max(1, Math.floor(page));
  const { rows: found, total } = await rows(perPage, (current - 1) * perPage);
  if (found.length > 0 || current === 1) {
    return { rows: found, total, page: current, perPage, pageCount: Math.max(1, Math.ceil(total / perPage)) };
  }
  return pageOfRows({ page, perPage, count, rows: async (limit, offset) => (await rows(limit, offset)).rows });
}

/** The ORDER BY of a sort column in the asked direction, then a unique tiebreak so pages never overlap. */
export function orderByList(column: AnyColumn | SQL, dir: SortDirection, tiebreak: AnyColumn | SQL): [SQL, SQL] {
  const order = dir === "asc" ? asc : desc;
  return [order(column), order(tiebreak)];
}

/** How many rows a list's query (its joins and WHERE, before ORDER BY and LIMIT) gives: one `count(*)` around it. */
export async function countRows(query: { as: (alias: string) => Subquery }): Promise<number> {
  const [counted] = await db.select({ total: countAll() }).from(query.as("counted_list"));
  return counted?.total ?? 0;
}
