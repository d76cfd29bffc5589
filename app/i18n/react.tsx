import { createInstance, type i18n as I18n } from "i18next";
import { SINGLE_PERIOD } from "./punctuation";
import { useMemo } from "react";
import { I18nextProvider, Trans, useTranslation } from "react-i18next";
import { DEFAULT_LOCALE, isLocale, NO_MESSAGES, type I18nPayload, type Locale, type Translate } from "./config";
import { formatClockTime, formatLongDate } from "~/utils/datetime";
import { formatMoney } from "~/utils/money";
import { formatNumber } from "./format";
import { labelKey } from "./keys";
import { labelsWith, type Labels } from "./labels";
import { translateValidation } from "./message-text";

// The browser side of the translation layer. The root loader sends the active
// language and its messages only (i18n.server.ts i18nPayload); the same
// instance is built from them on the server render and again before the
// browser hydrates, so the first paint is already in the right language.

const instances = new WeakMap<I18nPayload, I18n>();

/** An i18next instance holding `payload`'s messages; one per payload object. */
export function instanceFor(payload: I18nPayload): I18n {
  let instance = instances.get(payload);
  if (!instance) {
    instance = createInstance();
    void instance.use(SINGLE_PERIOD).init({
      lng: payload.locale,
      fallbackLng: false,
      postProcess: [SINGLE_PERIOD.name],
      resources: { [payload.locale]: payload.messages },
      ns: Object.keys(payload.messages),
      defaultNS: "common",
      initAsync: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
    instances.set(payload, instance);
  }
  return instance;
}

/** Provides the root loader's language to every component below. */
export function I18nProvider({ payload, children }: { payload: I18nPayload; children: React.ReactNode }) {
  // The root loader runs again after each navigation with an equal payload:
  // keep the instance while the language is the same.
  // oxlint-disable-next-line react/exhaustive-deps -- keyed by language on purpose
  const instance = useMemo(() => instanceFor(payload), [payload.locale]);
  return <I18nextProvider i18n={instance}>{children}</I18nextProvider>;
}

type ClientNamespace = keyof I18nPayload["messages"];

export type { Translate };

/** t() of a namespace, and the active language. */
export function useT(namespace: ClientNamespace = "common") {
  const { t, i18n } = useTranslation(namespace);
  const locale: Locale = isLocale(i18n?.language) ? i18n.language : DEFAULT_LOCALE;
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
  const { t } = useTranslation("validation");
  return (message: string | undefined) => translateValidation(t, message);
}

/** Every value of a field-error record translated (see translateValidation). */
export function useFieldErrors() {
  const translate = useValidationMessage();
  return <T extends Record<string, string | undefined>>(errors: T): T =>
    Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, translate(message)])) as T;
}

/**
 * A t() for route `meta` functions, which run outside React: built from the
 * root loader's payload in `matches`.
 */
export function metaT(
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[],
  namespace: ClientNamespace,
) {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { i18n?: I18nPayload } | undefined;
  const payload = root?.i18n ?? NO_MESSAGES;
  return instanceFor(payload).getFixedT(payload.locale, namespace);
}

export { Trans };
