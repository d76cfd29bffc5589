import { createHash } from "node:crypto";
import { createInstance, type TFunction } from "i18next";
import { provideMessages } from "./catalogue";
import { SINGLE_PERIOD } from "./punctuation";
import {
  CLIENT_NAMESPACES,
  DEFAULT_LOCALE,
  LOCALES,
  type ClientNamespace,
  type I18nPayload,
  type Locale,
  type Namespace,
  type Translate,
} from "./config";
import { labelsWith, type Labels } from "./labels";
import type { MessageRef } from "./message-keys";
import { translateValidation } from "./message-text";
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
/** One t() per language and namespace: pages word hundreds of notifications and history lines each. */
const fixedTs = new Map<string, ServerT>();

export function getFixedT(locale: Locale, namespace: Namespace = "common"): ServerT {
  const key = `${locale}:${namespace}`;
  let t = fixedTs.get(key);
  if (!t) {
    t = instanceFor(locale).getFixedT(locale, namespace);
    fixedTs.set(key, t);
  }
  return t;
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

/** One namespace of one language as the browser loads it: its JSON text and the address naming its content. */
export type TranslationFile = { body: string; address: string };

const translationFiles = new Map<string, TranslationFile>();

/** The file of `namespace` in `locale` (routes/api/translations.ts serves it; its hash changes with its text). */
export function translationFile(locale: Locale, namespace: ClientNamespace): TranslationFile {
  const key = `${locale}:${namespace}`;
  let file = translationFiles.get(key);
  if (!file) {
    const body = JSON.stringify(RESOURCES[locale][namespace]);
    const hash = createHash("sha256").update(body).digest("hex").slice(0, 12);
    file = { body, address: `/i18n/${locale}/${namespace}.${hash}.json` };
    translationFiles.set(key, file);
  }
  return file;
}

const payloads = new Map<Locale, I18nPayload>();

/**
 * The active language and the addresses of its namespace files, for the browser (root loader):
 * no message itself (docs/decisions/0041-what-a-page-carries.md).
 */
export function i18nPayload(locale: Locale): I18nPayload {
  let payload = payloads.get(locale);
  if (!payload) {
    const files = Object.fromEntries(CLIENT_NAMESPACES.map((ns) => [ns, translationFile(locale, ns).address]));
    payload = { locale, files };
    payloads.set(locale, payload);
  }
  return payload;
}

// The server renders every page whole: its page instances hold every client namespace from the start.
for (const locale of LOCALES) {
  provideMessages(locale, Object.fromEntries(CLIENT_NAMESPACES.map((ns) => [ns, RESOURCES[locale][ns]])));
}

/** A message given as a key and values (a feature's refusal, a notice) in `locale`. */
export function messageText(locale: Locale, ref: MessageRef): string {
  return getTranslate(locale)(ref.key, ref.values);
}

/** A toast given as message keys (its title, and a description if it has one) in `locale`. */
export function toastText(
  locale: Locale,
  toast: { title: MessageRef; description?: MessageRef },
): { title: string; description: string | undefined } {
  return {
    title: messageText(locale, toast.title),
    description: toast.description === undefined ? undefined : messageText(locale, toast.description),
  };
}

/** What a refusal (an AppError, or one kept from it) says to the reader in `locale`: its message key worded. */
export function refusalText(locale: Locale, refusal: { ref: MessageRef }): string {
  return messageText(locale, refusal.ref);
}

/**
 * A schema's message (a Zod issue, or a field error's text) in `locale`: the
 * schemas give message keys, worded as the forms word them (message-text.ts
 * translateValidation); anything that is not a key stays as it is.
 */
export function validationText(locale: Locale, issue: { message: string } | string): string {
  const message = typeof issue === "string" ? issue : issue.message;
  return translateValidation(getFixedT(locale, "validation"), message) ?? message;
}

/** Every message of a field-error record (field -> a schema's or feature's message) in `locale`. */
export function validationTexts(locale: Locale, errors: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, validationText(locale, message)]));
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
