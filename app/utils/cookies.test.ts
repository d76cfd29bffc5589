import { describe, expect, test } from "vitest";
import { ONE_YEAR_SECONDS, preferenceCookie, readCookie } from "./cookies";

describe("readCookie", () => {
  test("finds one cookie among several", () => {
    expect(readCookie("a=1; b=2; c=3", "b")).toBe("2");
    expect(readCookie("a=1;b=2", "b")).toBe("2");
    expect(readCookie("  theme = dark ", "theme")).toBe("dark");
  });

  test("matches whole names only", () => {
    expect(readCookie("xtheme=dark; theme-extra=light", "theme")).toBeUndefined();
  });

  test("keeps '=' inside values and decodes URL-encoding", () => {
    expect(readCookie("token=a=b=c", "token")).toBe("a=b=c");
    expect(readCookie("name=Jos%C3%A9%20Cruz%3B", "name")).toBe("José Cruz;");
  });

  test("returns undefined when absent or undecodable", () => {
    expect(readCookie(null, "a")).toBeUndefined();
    expect(readCookie(undefined, "a")).toBeUndefined();
    expect(readCookie("", "a")).toBeUndefined();
    expect(readCookie("flag; b=2", "flag")).toBeUndefined();
    expect(readCookie("a=%E0%A4%A", "a")).toBeUndefined();
  });
});

describe("preferenceCookie", () => {
  test("sets a site-wide, year-long, Lax cookie readable by the page", () => {
    expect(preferenceCookie("tendly-theme", "dark")).toBe(
      `tendly-theme=dark; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`,
    );
    expect(ONE_YEAR_SECONDS).toBe(31_536_000);
    expect(preferenceCookie("tendly-theme", "dark")).not.toMatch(/HttpOnly/i);
  });

  test("null clears the cookie", () => {
    expect(preferenceCookie("tendly-mode-override", null)).toBe(
      "tendly-mode-override=; Path=/; Max-Age=0; SameSite=Lax",
    );
  });

  test("encodes values so that they cannot add attributes, and reads back the same", () => {
    const value = "dark; Domain=evil.test";
    const header = preferenceCookie("tendly-theme", value);
    expect(header.split(";")[0]).toBe("tendly-theme=dark%3B%20Domain%3Devil.test");
    expect(readCookie(header.split(";")[0], "tendly-theme")).toBe(value);
  });
});
