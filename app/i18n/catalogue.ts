import { createInstance, type i18n as I18n } from "i18next";
import {
  isClientNamespace,
  isLocale,
  type ClientNamespace,
  type I18nPayload,
  type Locale,
  type MessageTree,
} from "./config";
import { SINGLE_PERIOD } from "./punctuation";

// The messages a page renders with (docs/decisions/0041-what-a-page-carries.md): one i18next
// instance per language, which starts empty in the browser and takes each namespace once its
// file has arrived; on the server i18n.server.ts gives it every namespace at start. Nothing here
// reaches the browser through loader data.

const instances = new Map<Locale, I18n>();
/** Each language's file addresses, as the root loader last gave them. */
const fileAddresses = new Map<Locale, I18nPayload["files"]>();
/** The loads under way or done, by language and namespaces, so that a render waits on one promise. */
const loads = new Map<string, Promise<void>>();

/** The i18next instance of `locale`, holding the namespaces loaded so far. */
export function instanceFor(locale: Locale): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = createInstance();
    // With initAsync off, init finishes before it returns; namespaces are added as they load.
    void instance.use(SINGLE_PERIOD).init({
      lng: locale,
      fallbackLng: false,
      postProcess: [SINGLE_PERIOD.name],
      resources: {},
      ns: [],
      defaultNS: "common",
      initAsync: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
    instances.set(locale, instance);
  }
  return instance;
}

/** Messages known at once (the server's whole catalogue, i18n.server.ts). */
export function provideMessages(locale: Locale, messages: Partial<Record<ClientNamespace, MessageTree>>) {
  const instance = instanceFor(locale);
  for (const [namespace, tree] of Object.entries(messages)) instance.addResourceBundle(locale, namespace, tree);
}

/** Remembers where the namespaces of the payload's language are (the root loader's answer). */
export function knowFiles(payload: I18nPayload) {
  if (Object.keys(payload.files).length > 0) fileAddresses.set(payload.locale, payload.files);
}

/** Which of `namespaces` `locale` does not hold yet. */
export function missingNamespaces(locale: Locale, namespaces: Iterable<ClientNamespace>): ClientNamespace[] {
  const instance = instanceFor(locale);
  return [...new Set(namespaces)].filter((namespace) => !instance.hasResourceBundle(locale, namespace));
}

async function fetchNamespace(locale: Locale, namespace: ClientNamespace, address: string) {
  const response = await fetch(address);
  if (!response.ok) throw new Error(`The ${locale} messages of ${namespace} answered ${response.status}.`);
  instanceFor(locale).addResourceBundle(locale, namespace, (await response.json()) as MessageTree);
}

/**
 * A promise that settles once `locale` holds `namespaces`, or null when it already does (or when
 * no address is known: the bare error page, whose texts carry their English defaults). The same
 * promise for the same request, so that a suspended render waits on it and not on a new one.
 */
export function loadNamespaces(locale: Locale, namespaces: Iterable<ClientNamespace>): Promise<void> | null {
  const addresses = fileAddresses.get(locale) ?? {};
  const missing = missingNamespaces(locale, namespaces).filter((namespace) => addresses[namespace]);
  if (missing.length === 0) return null;
  const key = `${locale}:${missing.sort().join(",")}`;
  let load = loads.get(key);
  if (!load) {
    load = Promise.all(missing.map((namespace) => fetchNamespace(locale, namespace, addresses[namespace]!))).then(
      () => undefined,
      (error: unknown) => {
        // A later render asks again (a lost connection comes back).
        loads.delete(key);
        throw error;
      },
    );
    loads.set(key, load);
  }
  return load;
}

/** The attribute naming the namespace of a page's preload link of a translation file (root.tsx Layout). */
export const NAMESPACE_LINK_ATTRIBUTE = "data-i18n-namespace";

/**
 * Before hydration (entry.client.tsx): loads the namespaces the server rendered the page with, named by
 * the page's preload links, so that the hydrating render words everything as the server did.
 */
export function loadRenderedNamespaces(document: Document): Promise<void> {
  const locale = document.documentElement.lang;
  if (!isLocale(locale)) return Promise.resolve();
  const files: I18nPayload["files"] = {};
  for (const link of document.querySelectorAll<HTMLLinkElement>(`link[${NAMESPACE_LINK_ATTRIBUTE}]`)) {
    const namespace = link.getAttribute(NAMESPACE_LINK_ATTRIBUTE);
    const address = link.getAttribute("href");
    if (namespace && address && isClientNamespace(namespace)) files[namespace] = address;
  }
  knowFiles({ locale, files });
  return loadNamespaces(locale, Object.keys(files) as ClientNamespace[]) ?? Promise.resolve();
}
