import { z } from "zod";

// The list kit's pure half (docs/decisions/0040-admin-lists-and-audit-log.md): the search parameters every
// admin list reads from its URL (page, per-page with a cap, a sort key from an allowed list, a direction, a
// search and the list's own filters), each refused to its default rather than to an error, and the links
// that keep them. The server half is app/platform/db/list-page.server.ts; the components are
// app/components/list-kit.tsx.

export const DEFAULT_PER_PAGE = 25;
/** No list shows more rows at once, whatever the URL asks. */
export const MAX_PER_PAGE = 100;
/** Pages past this are refused to page 1 (a link nobody made by paging). */
export const MAX_PAGE = 100_000;
/** The longest search a list takes; longer text is cut. */
export const MAX_SEARCH_LENGTH = 100;

export const SORT_DIRECTIONS = ["asc", "desc"] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** The parameters every list shares; the list's filters come beside them. */
export type ListParams<S extends string> = { page: number; perPage: number; sort: S; dir: SortDirection; q: string };

/** A filter that reads "" (or nothing) as "any": a select's first option. */
export function optionalFilter<const T extends readonly [string, ...string[]]>(values: T) {
  return z
    .enum(values)
    .optional()
    .catch(undefined)
    .or(z.literal("").transform(() => undefined));
}

/** A calendar date filter (YYYY-MM-DD); anything else is no filter. */
export const dateFilter = z.iso.date().optional().catch(undefined);

/**
 * The schema of one list's search parameters. An unknown sort falls back to the default sort, a bad page to 1, a
 * per-page over the cap to the cap; `filters` are the list's own (each should `.catch` to "no filter").
 */
export function listParamsSchema<const S extends readonly [string, ...string[]], F extends z.ZodRawShape = {}>({
  sorts,
  defaultSort,
  defaultDir = "desc",
  perPage = DEFAULT_PER_PAGE,
  filters,
}: {
  sorts: S;
  defaultSort: S[number];
  defaultDir?: SortDirection;
  perPage?: number;
  filters?: F;
}) {
  return z.object({
    page: z.coerce.number().int().min(1).max(MAX_PAGE).catch(1),
    perPage: z.coerce
      .number()
      .int()
      .min(1)
      .catch(perPage)
      .transform((value) => Math.min(value, MAX_PER_PAGE)),
    sort: z.enum(sorts).catch(defaultSort as S[number]),
    dir: z.enum(SORT_DIRECTIONS).catch(defaultDir),
    q: z
      .string()
      .catch("")
      .transform((value) => value.trim().slice(0, MAX_SEARCH_LENGTH)),
    ...(filters ?? ({} as F)),
  });
}

/** The URL's parameters as the schema reads them (a repeated key keeps its first value). */
export function searchParamsObject(searchParams: URLSearchParams): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of searchParams) if (!(key in params)) params[key] = value;
  return params;
}

export type ListLinkParams = Record<string, string | number | undefined | null>;

/**
 * The link to a list in a given state: empty values and page 1 are left out, so the plain list is its bare path
 * and two equal views have the same URL.
 */
export function listHref(pathname: string, params: ListLinkParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === "") continue;
    if (key === "page" && Number(value) <= 1) continue;
    search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** The first and last row numbers a page shows ("Showing 21–40 of 1,234"); zeros for an empty list. */
export function shownRange({ page, perPage, total }: { page: number; perPage: number; total: number }) {
  if (total === 0) return { first: 0, last: 0 };
  const first = (page - 1) * perPage + 1;
  return { first, last: Math.min(total, first + perPage - 1) };
}

/** The page numbers a pager links to: the first, the last and two either side of the current one; null is a gap. */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let number = 1; number <= pageCount; number++) {
    if (number === 1 || number === pageCount || Math.abs(number - page) <= 2) pages.push(number);
    else if (pages.at(-1) !== null) pages.push(null);
  }
  return pages;
}

/** A search text as a LIKE pattern that matches it anywhere, its wildcards escaped. */
export function likePattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
