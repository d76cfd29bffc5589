import { createInstance, type TFunction } from "i18next";
import { SINGLE_PERIOD } from "./punctuation";
import {
  CLIENT_NAMESPACES,
  DEFAULT_LOCALE,
  type I18nPayload,
  type Locale,
  type MessageTree,
  type Namespace,
  type Translate,
} from "./config";
import { labelsWith, type Labels } from "./labels";
import { localeOfRequest } from "./locale";
import { RESOURCES } from "./resources.server";

// The server side of the translation layer: one i18next instance per language
// (they hold only immutable messages, so requests can share them), the
// language of a request, and what the root loader sends the browser.

export type ServerT = TFunction;

const instances = new Map<Locale, ReturnType<typeof createInstance>>();

function instanceFor(locale: Locale) {
  let instance = instances.get(locale);
  if (!instance) {
    instance = createInstance();
    // With resources given and initAsync off, init finishes before it returns.
    void instance.use(SINGLE_PERIOD).init({
      lng: locale,
      fallbackLng: DEFAULT_LOCALE,
      postProcess: [SINGLE_PERIOD.name],
      resources: { [locale]: RESOURCES[locale], ...(locale === DEFAULT_LOCALE ? {} : { en: RESOURCES.en }) },
      ns: Object.keys(RESOURCES[locale]),
      defaultNS: "common",
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    instances.set(locale, instance);
  }
  return instance;
}

/** A t() for `locale` and `namespace` (emails, actions, loaders). */
export function getFixedT(locale: Locale, namespace: Namespace = "common"): ServerT {
  return instanceFor(locale).getFixedT(locale, namespace);
}

/** getFixedT as shared helpers take it (config.ts Translate): keys are checked by messages.test.ts, not typed. */
export function getTranslate(locale: Locale, namespace: Namespace = "common"): Translate {
  return getFixedT(locale, namespace) as unknown as Translate;
}

/**
 * The language and t() of a request: `?lang=`, the signed-in person's stored
 * choice (pass `accountLocale`), the cookie, Accept-Language, English.
 */
export function getServerT(request: Request, namespace: Namespace = "common", accountLocale?: string | null) {
  const locale = localeOfRequest(request, accountLocale);
  return { locale, t: getFixedT(locale, namespace) };
}

/** The active language and only its messages, for the browser (root loader). */
export function i18nPayload(locale: Locale): I18nPayload {
  const messages = Object.fromEntries(CLIENT_NAMESPACES.map((ns) => [ns, RESOURCES[locale][ns]]));
  return { locale, messages: messages as I18nPayload["messages"] };
}

let englishIndex: Map<string, { ns: Namespace; key: string }> | undefined;

function indexEnglish(
  tree: MessageTree,
  ns: Namespace,
  prefix: string,
  index: Map<string, { ns: Namespace; key: string }>,
) {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") {
      if (!index.has(value)) index.set(value, { ns, key: path });
    } else indexEnglish(value, ns, path, index);
  }
}

/**
 * A text that a feature module keeps in the spec's English (an error
 * catalogue, a refusal toast) in `locale`: the message whose English value is
 * exactly that text, translated. A text with no such message stays as it is.
 * The bridge for feature constants until they carry keys themselves.
 */
export function localizeText(locale: Locale, text: string): string {
  if (locale === DEFAULT_LOCALE || !text) return text;
  if (!englishIndex) {
    englishIndex = new Map();
    for (const ns of Object.keys(RESOURCES.en) as Namespace[]) indexEnglish(RESOURCES.en[ns], ns, "", englishIndex);
  }
  const found = englishIndex.get(text);
  return found ? getFixedT(locale, found.ns)(found.key) : text;
}

const labelsByLocale = new Map<Locale, Labels>();

/** The names of codes in `locale`, for loaders, actions and emails (labels.ts); built once per language. */
export function labelsFor(locale: Locale): Labels {
  let labels = labelsByLocale.get(locale);
  if (!labels) {
    labels = labelsWith(getTranslate(locale, "labels"), locale);
    labelsByLocale.set(locale, labels);
  }
  return labels;
}
