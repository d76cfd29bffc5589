import { matchRoutes, type DataRouter, type DataStrategyResult, type MiddlewareFunction } from "react-router";
import { knowFiles, loadNamespaces } from "./catalogue";
import { isLocale, type I18nPayload, type Locale } from "./config";
import { pageNamespaces } from "./route-namespaces";

// A navigation ends only once the next page's translation files are here
// (docs/decisions/0041-what-a-page-carries.md). The root's Layout waits for them too, but a render
// that waits during a navigation keeps the old page on screen under the new address, its buttons
// still answering: a click meant for the new page reached the old one. Loaded here, beside the
// loaders, the address and the page change together.

export type Results = Record<string, DataStrategyResult>;

/** The router HydratedRouter made (react-router/dom), which React Router itself keeps on `window`. */
type WithRouter = { __reactRouterDataRouter?: DataRouter };

function routeIdsOf(url: URL): string[] {
  const routes = (window as WithRouter).__reactRouterDataRouter?.routes;
  if (!routes) return [];
  return (matchRoutes(routes, url.pathname) ?? []).map((match) => match.route.id);
}

/** The root loader's answer among a navigation's results, when the root ran. */
export function rootPayloadOf(results: Results): { i18n?: I18nPayload; user?: unknown } | undefined {
  const root = results.root;
  if (root?.type !== "data" || typeof root.result !== "object" || root.result === null) return undefined;
  return root.result as { i18n?: I18nPayload; user?: unknown };
}

function pageLocale(): Locale | undefined {
  const locale = document.documentElement.lang;
  return isLocale(locale) ? locale : undefined;
}

/**
 * The root's client middleware: the namespaces of the page at `url` are loaded while its loaders run,
 * in the page's language, or in the new one when the root's answer changed it (a language switch).
 * A file that cannot be loaded does not stop the navigation: the Layout asks for it again.
 */
export function loadPageMessagesFirst(isSignedIn: () => boolean): MiddlewareFunction<Results> {
  return async ({ url }, next) => {
    const routeIds = routeIdsOf(url);
    const locale = pageLocale();
    const before = locale ? loadNamespaces(locale, pageNamespaces(routeIds, isSignedIn())) : null;
    const results = await next();
    const root = rootPayloadOf(results);
    let after: Promise<void> | null = null;
    if (root?.i18n && isLocale(root.i18n.locale)) {
      knowFiles(root.i18n);
      after = loadNamespaces(root.i18n.locale, pageNamespaces(routeIds, !!root.user));
    }
    await Promise.all([before, after].map((load) => load?.catch(() => undefined)));
    return results;
  };
}
