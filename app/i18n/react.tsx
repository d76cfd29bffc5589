import { use, useMemo } from "react";
import { I18nextProvider, Trans, useTranslation } from "react-i18next";
import { instanceFor, knowFiles, loadNamespaces } from "./catalogue";
import {
  DEFAULT_LOCALE,
  isLocale,
  NO_MESSAGES,
  type ClientNamespace,
  type I18nPayload,
  type Locale,
  type Translate,
  UNDECLARED_NAMESPACE,
} from "./config";
import { formatClockTime, formatLongDate } from "~/utils/intl-dates";
import { formatMoney } from "~/utils/money";
import { formatNumber } from "./format";
import { labelKey } from "./keys";
import { labelsWith, type Labels } from "./labels";
import { translateValidation } from "./message-text";

// The browser side of the translation layer (docs/decisions/0041-what-a-page-carries.md). The root
// loader sends the active language and the addresses of its namespace files only; the page's
// routes declare their namespaces (route-namespaces.ts), and the root's Layout waits for them
// (usePageMessages) before anything renders, on the server render (which holds every namespace),
// before hydration (entry.client.tsx) and on each navigation. So the first paint is already in the
// right language and no key ever shows in place of its text.

/**
 * Waits (suspends the render) until the page's namespaces are loaded in the payload's language.
 * Called at the top of the root's Layout, before the head's titles are worded.
 */
export function usePageMessages(payload: I18nPayload, namespaces: readonly ClientNamespace[]) {
  knowFiles(payload);
  const load = loadNamespaces(payload.locale, namespaces);
  if (load) use(load);
}

/** Provides the root loader's language to every component below. */
export function I18nProvider({ payload, children }: { payload: I18nPayload; children: React.ReactNode }) {
  return <I18nextProvider i18n={instanceFor(payload.locale)}>{children}</I18nextProvider>;
}

export type { Translate };

/**
 * A namespace no route of the page declared: its file is loaded before the component renders (never a
 * key on screen), and the console says so, for the declarations to be completed (route-namespaces.ts).
 */
function useNamespaceLoaded(namespace: ClientNamespace, locale: Locale) {
  const load = loadNamespaces(locale, [namespace]);
  if (!load) return;
  console.error(`${UNDECLARED_NAMESPACE} "${namespace}": add it to the route in i18n/route-namespaces.ts.`);
  use(load);
}

/** t() of a namespace, and the active language. */
export function useT(namespace: ClientNamespace = "common") {
  const { t, i18n } = useTranslation(namespace);
  const locale: Locale = isLocale(i18n?.language) ? i18n.language : DEFAULT_LOCALE;
  useNamespaceLoaded(namespace, locale);
  // Keys are not typed (they are checked by i18n/messages.test.ts): a plain signature is easier to pass on.
  return { t: t as unknown as Translate, locale };
}

export function useLocale(): Locale {
  return useT().locale;
}

/** An English menu label from data (utils/chrome-rules.ts) in the active language: `nav.<labelKey>`. */
export function useNavLabel() {
  const { t } = useTranslation("common");
  return (label: string) => t(`nav.${labelKey(label)}`, { defaultValue: label });
}

/**
 * The names of codes in the active language: services, skills, health needs,
 * languages and statuses (`labels` namespace; i18n/labels.ts).
 */
export function useLabels(): Labels {
  const { t, i18n } = useTranslation("labels");
  const locale: Locale = isLocale(i18n?.language) ? i18n.language : DEFAULT_LOCALE;
  useNamespaceLoaded("labels", locale);
  // oxlint-disable-next-line react/exhaustive-deps -- t changes with the language only
  return useMemo(() => labelsWith(t as unknown as Translate, locale), [locale, t]);
}

/** Dates, times, numbers and money in the active language (utils/datetime.ts, format.ts, utils/money.ts). */
export function useFormat() {
  const locale = useLocale();
  return useMemo(
    () => ({
      date: (instant: Date | string | number, options?: Parameters<typeof formatLongDate>[2]) =>
        formatLongDate(instant, locale, options),
      time: (instant: Date | string | number, options?: Parameters<typeof formatClockTime>[2]) =>
        formatClockTime(instant, locale, options),
      number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, locale, options),
      money: (cents: number, currency?: string) => formatMoney(cents, locale, currency),
    }),
    [locale],
  );
}

/** translateValidation bound to the active language, for a form's field errors. */
export function useValidationMessage() {
  const { t, i18n } = useTranslation("validation");
  useNamespaceLoaded("validation", isLocale(i18n?.language) ? i18n.language : DEFAULT_LOCALE);
  return (message: string | undefined) => translateValidation(t, message);
}

/** Every value of a field-error record translated (see translateValidation). */
export function useFieldErrors() {
  const translate = useValidationMessage();
  return <T extends Record<string, string | undefined>>(errors: T): T =>
    Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, translate(message)])) as T;
}

/**
 * A t() for route `meta` functions, which run outside React: in the language of the root
 * loader's payload in `matches`, from the namespaces the Layout has waited for.
 */
export function metaT(
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[],
  namespace: ClientNamespace,
) {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { i18n?: I18nPayload } | undefined;
  const payload = root?.i18n ?? NO_MESSAGES;
  return instanceFor(payload.locale).getFixedT(payload.locale, namespace);
}

export { Trans };
