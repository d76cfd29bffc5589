import { describe, expect, test } from "vitest";
import { LOCALE_COOKIE } from "./config";
import {
  localeCookieFromQuery,
  localeOfRequest,
  localesFromAcceptLanguage,
  localizedPath,
  resolveLocale,
  withLocaleParam,
} from "./locale";

describe("localesFromAcceptLanguage", () => {
  test("orders the languages we have by q-value, regions folded into their language", () => {
    expect(localesFromAcceptLanguage("es-MX,es;q=0.9,en-US;q=0.8,en;q=0.7")).toEqual(["es", "en"]);
    expect(localesFromAcceptLanguage("en-US;q=0.5, es;q=0.9")).toEqual(["es", "en"]);
  });

  test("keeps the header's order between equal q-values", () => {
    expect(localesFromAcceptLanguage("en, es")).toEqual(["en", "es"]);
    expect(localesFromAcceptLanguage("es;q=0.8, en;q=0.8")).toEqual(["es", "en"]);
  });

  test("skips languages we do not have and refusals (q=0)", () => {
    expect(localesFromAcceptLanguage("fr-FR, de;q=0.9, es;q=0.1")).toEqual(["es"]);
    expect(localesFromAcceptLanguage("es;q=0, en;q=0.5")).toEqual(["en"]);
    expect(localesFromAcceptLanguage("fr")).toEqual([]);
  });

  test("reads a wildcard as the default language, and survives nonsense", () => {
    expect(localesFromAcceptLanguage("fr, *;q=0.5")).toEqual(["en"]);
    expect(localesFromAcceptLanguage(";;,q=x, es;q=abc")).toEqual([]);
    expect(localesFromAcceptLanguage(null)).toEqual([]);
    expect(localesFromAcceptLanguage("")).toEqual([]);
  });
});

describe("resolveLocale: account > cookie > Accept-Language > English", () => {
  test("the account's stored choice wins over the cookie and the browser", () => {
    expect(resolveLocale({ account: "es", cookie: "en", acceptLanguage: "en" })).toBe("es");
    expect(resolveLocale({ account: "en", cookie: "es", acceptLanguage: "es" })).toBe("en");
  });

  test("without an account choice the cookie wins over the browser", () => {
    expect(resolveLocale({ account: null, cookie: "es", acceptLanguage: "en-US" })).toBe("es");
  });

  test("without a choice the browser's best language we have", () => {
    expect(resolveLocale({ acceptLanguage: "fr;q=1, es;q=0.5, en;q=0.4" })).toBe("es");
  });

  test("English when nothing says otherwise", () => {
    expect(resolveLocale({})).toBe("en");
    expect(resolveLocale({ acceptLanguage: "de-DE" })).toBe("en");
  });

  test("values we do not know are ignored at every level", () => {
    expect(resolveLocale({ account: "fr", cookie: "xx", acceptLanguage: "es" })).toBe("es");
  });

  test("an explicit ?lang= in the URL (the page's language form) wins over everything", () => {
    expect(resolveLocale({ query: "es", account: "en", cookie: "en", acceptLanguage: "en" })).toBe("es");
    expect(resolveLocale({ query: "fr", cookie: "es" })).toBe("es");
  });
});

const request = (url: string, headers: Record<string, string>) => new Request(`https://tendly.test${url}`, { headers });

describe("localeOfRequest", () => {
  test("reads the query, the cookie and Accept-Language of a request", () => {
    expect(localeOfRequest(request("/", { "accept-language": "es-ES,es;q=0.9" }))).toBe("es");
    expect(localeOfRequest(request("/", { cookie: `a=1; ${LOCALE_COOKIE}=en`, "accept-language": "es" }))).toBe("en");
    expect(localeOfRequest(request("/about?lang=es", { cookie: `${LOCALE_COOKIE}=en` }))).toBe("es");
    expect(localeOfRequest(request("/", { cookie: `${LOCALE_COOKIE}=en` }), "es")).toBe("es");
  });
});

describe("localeCookieFromQuery", () => {
  test("remembers a language asked for in the URL, once", () => {
    expect(localeCookieFromQuery(request("/about?lang=es", {}))).toContain(`${LOCALE_COOKIE}=es`);
    expect(localeCookieFromQuery(request("/about?lang=es", { cookie: `${LOCALE_COOKIE}=es` }))).toBeNull();
    expect(localeCookieFromQuery(request("/about?lang=fr", {}))).toBeNull();
    expect(localeCookieFromQuery(request("/about", {}))).toBeNull();
  });
});

describe("URL forms", () => {
  test("localizedPath sets ?lang= and keeps the rest", () => {
    expect(localizedPath("/providers?page=2#list", "es")).toBe("/providers?page=2&lang=es#list");
  });

  test("withLocaleParam changes ?lang= only where the address names a language", () => {
    expect(withLocaleParam("/about?lang=es&x=1", "en")).toBe("/about?lang=en&x=1");
    expect(withLocaleParam("/request/schedule?step=2", "es")).toBe("/request/schedule?step=2");
  });
});
