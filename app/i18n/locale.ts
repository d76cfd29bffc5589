import { preferenceCookie, readCookie } from "~/utils/cookies";
import type { RequestLike } from "~/utils/request-context";
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, LOCALE_QUERY_PARAM, type Locale } from "./config";

/**
 * The languages of an Accept-Language header that we have, best first
 * (RFC 9110 12.5.4: q-values, `es-MX` matches `es`, `q=0` refuses).
 */
export function localesFromAcceptLanguage(header: string | null | undefined): Locale[] {
  if (!header) return [];
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const qParam = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
      const q = qParam ? Number(qParam.slice(2)) : 1;
      return { language: tag.trim().toLowerCase().split("-")[0] ?? "", q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.q > 0 && entry.language !== "")
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const found: Locale[] = [];
  for (const { language } of ranked) {
    if (language === "*") {
      if (!found.includes(DEFAULT_LOCALE)) found.push(DEFAULT_LOCALE);
    } else if (isLocale(language) && !found.includes(language)) found.push(language);
  }
  return found;
}

export type LocaleSources = {
  /** `?lang=` of the URL: the page asked for in one language (search engines, shared links). */
  query?: string | null;
  /** The signed-in person's stored choice (user_profiles.locale). */
  account?: string | null;
  /** A signed-out visitor's choice (LOCALE_COOKIE). */
  cookie?: string | null;
  acceptLanguage?: string | null;
};

/**
 * The language of a response: the URL's explicit `?lang=`, then the account,
 * then the cookie, then the browser's Accept-Language, then English.
 */
export function resolveLocale({ query, account, cookie, acceptLanguage }: LocaleSources): Locale {
  if (isLocale(query)) return query;
  if (isLocale(account)) return account;
  if (isLocale(cookie)) return cookie;
  return localesFromAcceptLanguage(acceptLanguage)[0] ?? DEFAULT_LOCALE;
}

/** The language of this request (see resolveLocale); `accountLocale` from the signed-in user, if any. */
export function localeOfRequest(request: RequestLike, accountLocale?: string | null): Locale {
  return resolveLocale({
    query: new URL(request.url).searchParams.get(LOCALE_QUERY_PARAM),
    account: accountLocale,
    cookie: readCookie(request.headers.get("cookie"), LOCALE_COOKIE),
    acceptLanguage: request.headers.get("accept-language"),
  });
}

/**
 * The cookie that remembers a language asked for in the URL (`?lang=es`), so
 * that a visitor who followed a Spanish link stays in Spanish on the next
 * page; null when the URL names none, or the cookie already says it.
 */
export function localeCookieFromQuery(request: RequestLike): string | null {
  const asked = new URL(request.url).searchParams.get(LOCALE_QUERY_PARAM);
  if (!isLocale(asked) || readCookie(request.headers.get("cookie"), LOCALE_COOKIE) === asked) return null;
  return preferenceCookie(LOCALE_COOKIE, asked);
}

/** `path` (with its query) in `locale`'s URL form, e.g. `/about?lang=es`. */
export function localizedPath(pathWithQuery: string, locale: Locale): string {
  const url = new URL(pathWithQuery, "http://localhost");
  url.searchParams.set(LOCALE_QUERY_PARAM, locale);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A page asked for in one language (`?lang=`) keeps that form in the chosen one; other paths are unchanged. */
export function withLocaleParam(path: string, locale: Locale): string {
  const url = new URL(path, "http://localhost");
  if (!url.searchParams.has(LOCALE_QUERY_PARAM)) return path;
  url.searchParams.set(LOCALE_QUERY_PARAM, locale);
  return `${url.pathname}${url.search}${url.hash}`;
}
