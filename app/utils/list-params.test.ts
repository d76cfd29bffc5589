import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  likePattern,
  listHref,
  listParamsSchema,
  MAX_PER_PAGE,
  optionalFilter,
  pageWindow,
  searchParamsObject,
  shownRange,
} from "./list-params";

const Schema = listParamsSchema({
  sorts: ["name", "created"],
  defaultSort: "created",
  defaultDir: "desc",
  filters: { status: optionalFilter(["open", "closed"]) },
});

const parse = (search: string) => Schema.parse(searchParamsObject(new URLSearchParams(search)));

describe("list parameters", () => {
  it("reads a plain list as page 1 of the default sort", () => {
    expect(parse("")).toEqual({ page: 1, perPage: 25, sort: "created", dir: "desc", q: "", status: undefined });
  });

  it("keeps what the URL asks when it is allowed", () => {
    expect(parse("page=3&perPage=50&sort=name&dir=asc&q=%20Ana%20&status=open")).toEqual({
      page: 3,
      perPage: 50,
      sort: "name",
      dir: "asc",
      q: "Ana",
      status: "open",
    });
  });

  it("refuses a bad page to 1", () => {
    for (const page of ["0", "-2", "two", "1.5", "99999999"]) expect(parse(`page=${page}`).page).toBe(1);
  });

  it("refuses an unknown sort or direction to the default", () => {
    expect(parse("sort=password_hash&dir=sideways")).toMatchObject({ sort: "created", dir: "desc" });
  });

  it("caps per-page and refuses a bad one to the default", () => {
    expect(parse("perPage=5000").perPage).toBe(MAX_PER_PAGE);
    expect(parse("perPage=0").perPage).toBe(25);
    expect(parse("perPage=lots").perPage).toBe(25);
  });

  it("reads an unknown or empty filter as no filter", () => {
    expect(parse("status=deleted").status).toBeUndefined();
    expect(parse("status=").status).toBeUndefined();
  });

  it("cuts a long search", () => {
    expect(parse(`q=${"a".repeat(500)}`).q).toHaveLength(100);
  });

  it("takes the first of a repeated parameter", () => {
    expect(parse("sort=name&sort=created").sort).toBe("name");
  });

  it("lets a list add a filter of its own", () => {
    const withLate = listParamsSchema({
      sorts: ["when"],
      defaultSort: "when",
      filters: { late: z.enum(["1"]).optional().catch(undefined) },
    });
    expect(withLate.parse({ late: "1" }).late).toBe("1");
    expect(withLate.parse({ late: "yes" }).late).toBeUndefined();
  });
});

describe("list links", () => {
  it("leaves out empty values and page 1", () => {
    expect(listHref("/admin/users", { page: 1, q: "", status: undefined, sort: "name" })).toBe(
      "/admin/users?sort=name",
    );
    expect(listHref("/admin/users", { page: 2, q: "ana lópez" })).toBe("/admin/users?page=2&q=ana+l%C3%B3pez");
    expect(listHref("/admin/users", {})).toBe("/admin/users");
  });

  it("says which rows a page shows", () => {
    expect(shownRange({ page: 2, perPage: 20, total: 1234 })).toEqual({ first: 21, last: 40 });
    expect(shownRange({ page: 3, perPage: 20, total: 45 })).toEqual({ first: 41, last: 45 });
    expect(shownRange({ page: 1, perPage: 20, total: 0 })).toEqual({ first: 0, last: 0 });
  });

  it("links the first, last and nearby pages", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(5, 10)).toEqual([1, null, 3, 4, 5, 6, 7, null, 10]);
    expect(pageWindow(1, 4)).toEqual([1, 2, 3, 4]);
  });

  it("escapes LIKE wildcards", () => {
    expect(likePattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});
