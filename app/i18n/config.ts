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

/** What the root loader sends the browser: the active language and only its messages. */
export type I18nPayload = { locale: Locale; messages: Record<(typeof CLIENT_NAMESPACES)[number], MessageTree> };

/**
 * When the root loader failed there are no messages: t() then answers with a
 * key's `defaultValue`, or the key. (Only the bare error page renders then.)
 */
export const NO_MESSAGES: I18nPayload = {
  locale: DEFAULT_LOCALE,
  messages: Object.fromEntries(CLIENT_NAMESPACES.map((ns) => [ns, {}])) as I18nPayload["messages"],
};

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
