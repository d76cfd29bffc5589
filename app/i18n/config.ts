// The translation layer's fixed facts (docs/architecture.md, "Translations").
// Safe on both sides: no messages are imported here.

export const LOCALES = ["en", "es"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Namespaces the browser needs; `email` stays on the server. */
export const CLIENT_NAMESPACES = [
  "common",
  "auth",
  "validation",
  "labels",
  "public",
  "request",
  "orders",
  "account",
  "onboarding",
  "admin",
  "visits",
  "notes",
  "reviews",
  "evv",
  "alerts",
  "home",
  "messages",
  "notifications",
  "delivery",
  "billing",
  "earnings",
  "payments",
  "admin-billing",
  "console",
  "documents",
  "training",
  "credentials",
  "lists",
  "audit",
] as const;
export const NAMESPACES = [...CLIENT_NAMESPACES, "email"] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** A signed-out visitor's choice, remembered for a year (utils/cookies.ts preferenceCookie). */
export const LOCALE_COOKIE = "tendly-locale";
/** The cookie-independent URL form of a page in one language: `?lang=es` (search engines' alternates). */
export const LOCALE_QUERY_PARAM = "lang";

/** Each language named in itself: the switch shows these whatever the active language. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", es: "Español" };

/** BCP 47 tags for Intl formatting (dates, numbers, money). */
export const INTL_LOCALES: Record<Locale, string> = { en: "en-US", es: "es-US" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** A JSON-like message tree: nested objects whose leaves are strings. */
export type MessageTree = { readonly [key: string]: string | MessageTree };

/** The same keys as `T`, with any strings: what a translation of `T` must satisfy. */
export type TranslationOf<T> = { [K in keyof T]: T[K] extends string ? string : TranslationOf<T[K]> };

export type ClientNamespace = (typeof CLIENT_NAMESPACES)[number];

/** How the console names a namespace no route of the page declared (i18n/react.tsx; tests/e2e/fixtures.ts fails the test). */
export const UNDECLARED_NAMESPACE = "Undeclared translation namespace";

export function isClientNamespace(value: string): value is ClientNamespace {
  return (CLIENT_NAMESPACES as readonly string[]).includes(value);
}

/**
 * What the root loader sends the browser (docs/decisions/0041-what-a-page-carries.md): the active
 * language and where each of its namespaces is, as a content-addressed file (`/i18n/<locale>/<ns>.<hash>.json`,
 * routes/api/translations.ts). No message travels in loader data: a page loads the files of the namespaces
 * its routes declare (i18n/route-namespaces.ts), once per language, and the browser keeps them.
 */
export type I18nPayload = { locale: Locale; files: Partial<Record<ClientNamespace, string>> };

/**
 * When the root loader failed there are no messages: t() then answers with a
 * key's `defaultValue`, or the key. (Only the bare error page renders then.)
 */
export const NO_MESSAGES: I18nPayload = { locale: DEFAULT_LOCALE, files: {} };

/** A t() as helpers take it (header-triggers.tsx, labels.ts): keys are checked by i18n/messages.test.ts, not typed. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A public page's path: the same in every language, or each language's own (a translated blog post). */
export type PagePath = string | Readonly<Record<Locale, string>>;

/**
 * A public page's URL in one language (docs/architecture.md, "Translations"):
 * English at the plain path (what crawlers, sending no cookie, get), every
 * other language at `?lang=<code>`, which serves it whatever the cookie says.
 */
export function localizedUrl(siteUrl: string, path: PagePath, locale: Locale): string {
  const own = typeof path === "string" ? path : path[locale];
  return locale === DEFAULT_LOCALE ? `${siteUrl}${own}` : `${siteUrl}${own}?${LOCALE_QUERY_PARAM}=${locale}`;
}
