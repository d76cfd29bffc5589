import { Form, Link } from "react-router";
import type { ReactNode } from "react";
import { SelectField, TextField, linkClass, primaryButtonClass } from "~/components/form-controls";
import { useFormat, useT } from "~/i18n/react";
import { listHref, pageWindow, shownRange, type ListLinkParams, type SortDirection } from "~/utils/list-params";

// The list kit's components (docs/decisions/0040-admin-lists-and-audit-log.md): a pager that says which rows
// show of how many, sortable column headers as links, and the search form. Every state is a URL, so a link
// opens the same view; searching and sorting go back to page 1.

/** The view a list shows, as the loader read it: its parameters make every link of the kit. */
export type ListView = {
  pathname: string;
  /** The list's parameters as they are (page, sort, dir, q and the list's filters). */
  params: ListLinkParams & { page: number; sort: string; dir: SortDirection };
  total: number;
  perPage: number;
  pageCount: number;
};

/** The view of a list's page as a loader hands it to the screen: the parameters read, with the page shown. */
export function listView<P extends ListView["params"]>(
  pathname: string,
  params: P,
  page: { page: number; total: number; perPage: number; pageCount: number },
): ListView & { params: P } {
  return {
    pathname,
    params: { ...params, page: page.page },
    total: page.total,
    perPage: page.perPage,
    pageCount: page.pageCount,
  };
}

/** The URL of the same view with some parameters changed. */
export function viewHref(view: ListView, changes: ListLinkParams): string {
  return listHref(view.pathname, { ...view.params, ...changes });
}

const pagerLinkClass =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg px-3 font-semibold text-teal-800 hover:bg-slate-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600 dark:text-teal-300 dark:hover:bg-slate-800";

/** "Showing 21–40 of 1,234", with previous, next and page links when there is more than one page. */
export function ListPager({ view, label, className = "mt-4" }: { view: ListView; label: string; className?: string }) {
  const { t } = useT("lists");
  const format = useFormat();
  const { page } = view.params;
  const { first, last } = shownRange({ page, perPage: view.perPage, total: view.total });
  return (
    <nav
      aria-label={label}
      className={`${className} flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between`}
    >
      <p className="text-slate-700 dark:text-slate-200" aria-live="polite">
        {view.total === 0
          ? t("showingNone")
          : t("showing", { first: format.number(first), last: format.number(last), total: format.number(view.total) })}
      </p>
      {view.pageCount > 1 && (
        <ul className="flex flex-wrap items-center gap-1">
          {page > 1 && (
            <li>
              <Link to={viewHref(view, { page: page - 1 })} className={pagerLinkClass} rel="prev">
                {t("previous")}
              </Link>
            </li>
          )}
          {pageWindow(page, view.pageCount).map((number, index) =>
            number === null ? (
              <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-500">
                …
              </li>
            ) : (
              <li key={number}>
                {number === page ? (
                  <span
                    aria-current="page"
                    className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg bg-teal-700 px-3 font-semibold text-white"
                  >
                    <span className="sr-only">{t("pageLabel", { page: number })}</span>
                    <span aria-hidden="true">{format.number(number)}</span>
                  </span>
                ) : (
                  <Link
                    to={viewHref(view, { page: number })}
                    className={pagerLinkClass}
                    aria-label={t("pageLabel", { page: number })}
                  >
                    {format.number(number)}
                  </Link>
                )}
              </li>
            ),
          )}
          {page < view.pageCount && (
            <li>
              <Link to={viewHref(view, { page: page + 1 })} className={pagerLinkClass} rel="next">
                {t("next")}
              </Link>
            </li>
          )}
        </ul>
      )}
    </nav>
  );
}

/**
 * A column header that sorts the list: a link to the same view sorted by this column (the other direction when it
 * already is), page 1; `aria-sort` says how it is sorted now.
 */
export function SortHeader({
  view,
  column,
  label,
  firstDir = "asc",
  className = "px-3 py-2",
}: {
  view: ListView;
  column: string;
  label: string;
  /** The direction a first click sorts in (newest first for dates: "desc"). */
  firstDir?: SortDirection;
  className?: string;
}) {
  const { t } = useT("lists");
  const isSorted = view.params.sort === column;
  const dir = view.params.dir;
  const next: SortDirection = isSorted ? (dir === "asc" ? "desc" : "asc") : firstDir;
  return (
    <th
      scope="col"
      className={className}
      aria-sort={isSorted ? (dir === "asc" ? "ascending" : "descending") : undefined}
    >
      <Link
        to={viewHref(view, { sort: column, dir: next, page: 1 })}
        className={`${linkClass} inline-flex items-center gap-1`}
      >
        {label}
        <span aria-hidden="true">{isSorted ? (dir === "asc" ? "▲" : "▼") : "↕"}</span>
        <span className="sr-only">{t(next === "asc" ? "sortAscending" : "sortDescending")}</span>
      </Link>
    </th>
  );
}

/** A list column: its header's words and, when the list sorts by it, the sort key. */
export type ListColumn = { key: string; label: string; sort?: string; firstDir?: SortDirection };

/** A table's header cells: sortable columns as SortHeader, the others as plain headers. */
export function ListHeaderCells({
  view,
  columns,
  className = "px-3 py-2 font-semibold",
}: {
  view: ListView;
  columns: ListColumn[];
  className?: string;
}) {
  return columns.map((column) =>
    column.sort ? (
      <SortHeader
        key={column.key}
        view={view}
        column={column.sort}
        label={column.label}
        firstDir={column.firstDir}
        className={className}
      />
    ) : (
      <th key={column.key} scope="col" className={className}>
        {column.label}
      </th>
    ),
  );
}

/** Sorting as links, for lists shown as cards rather than a table (and for narrow screens). */
export function SortLinks({
  view,
  label,
  columns,
}: {
  view: ListView;
  label: string;
  columns: { column: string; label: string; firstDir?: SortDirection }[];
}) {
  const { t } = useT("lists");
  return (
    <nav aria-label={label} className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
      <span className="text-slate-600 dark:text-slate-300">{t("sortBy")}</span>
      {columns.map(({ column, label: columnLabel, firstDir = "asc" }) => {
        const isSorted = view.params.sort === column;
        const dir = view.params.dir;
        const next: SortDirection = isSorted ? (dir === "asc" ? "desc" : "asc") : firstDir;
        return (
          <Link
            key={column}
            to={viewHref(view, { sort: column, dir: next, page: 1 })}
            className={`${linkClass} inline-flex min-h-11 items-center gap-1`}
            aria-current={isSorted ? "true" : undefined}
          >
            {columnLabel}
            {isSorted && (
              <>
                <span aria-hidden="true">{dir === "asc" ? "▲" : "▼"}</span>
                <span className="sr-only">{t(dir === "asc" ? "sortedAscending" : "sortedDescending")}</span>
              </>
            )}
          </Link>
        );
      })}
    </nav>
  );
}

/**
 * The list's search: a GET form that keeps the view's sort and filters (as hidden fields) and drops the page, so
 * a search starts at page 1. `children` are the list's own filter fields, which then are not kept hidden.
 */
export function ListSearch({
  view,
  label,
  hint,
  children,
  fields = [],
}: {
  view: ListView;
  label: string;
  hint?: string;
  children?: ReactNode;
  /** The parameters the children set (left out of the hidden fields). */
  fields?: string[];
}) {
  const { t } = useT("lists");
  const kept = Object.entries(view.params).filter(
    ([key, value]) =>
      key !== "page" && key !== "q" && !fields.includes(key) && value !== undefined && value !== null && value !== "",
  );
  return (
    <search>
      <Form method="get" action={view.pathname} className="flex flex-col gap-3 md:flex-row md:flex-wrap md:items-end">
        {kept.map(([key, value]) => (
          <input key={key} type="hidden" name={key} value={String(value)} />
        ))}
        <TextField
          label={label}
          name="q"
          type="search"
          defaultValue={String(view.params.q ?? "")}
          maxLength={100}
          hint={hint}
          className="md:min-w-64 md:flex-1"
        />
        {children}
        <button type="submit" className={primaryButtonClass}>
          {t("search")}
        </button>
      </Form>
    </search>
  );
}

/** A list filter as a select: "any" first (no filter), then the values, each worded by `labelOf`. */
export function FilterSelect({
  label,
  name,
  value,
  anyLabel,
  values,
  labelOf,
  className,
}: {
  label: string;
  name: string;
  value: string | undefined;
  anyLabel: string;
  values: readonly string[];
  labelOf: (value: string) => string;
  className?: string;
}) {
  return (
    <SelectField label={label} name={name} defaultValue={value ?? ""} className={className}>
      <option value="">{anyLabel}</option>
      {values.map((each) => (
        <option key={each} value={each}>
          {labelOf(each)}
        </option>
      ))}
    </SelectField>
  );
}
