import { lazy, type ComponentType } from "react";
import type { MiddlewareFunction } from "react-router";
import { rootPayloadOf, type Results } from "~/i18n/page-messages";
import type { SignedInChromeProps } from "./signed-in-chrome";

// How the root gets the signed-in chrome (docs/decisions/0041-what-a-page-carries.md): a chunk of its
// own, loaded only when someone is signed in. A signed-in page loads it before it hydrates
// (entry.client.tsx), so the header answers as soon as the page says it is hydrated; after a sign-in
// inside the page it loads before the navigation ends (loadSignedInChromeFirst), so the address and the
// page change together.

let loaded: ComponentType<SignedInChromeProps> | null = null;

/** Loads the signed-in chrome's chunk (once); afterwards the root renders it at once. */
export function loadSignedInChrome(): Promise<ComponentType<SignedInChromeProps>> {
  return import("./signed-in-chrome").then((module) => (loaded = module.default));
}

/**
 * The root's client middleware: a navigation whose root answer has someone signed in ends once the chunk is
 * here. Not loaded, it does not stop the navigation: the render then waits for it.
 */
export const loadSignedInChromeFirst: MiddlewareFunction<Results> = async (_args, next) => {
  const results = await next();
  if (!loaded && rootPayloadOf(results)?.user) await loadSignedInChrome().catch(() => undefined);
  return results;
};

const LazySignedInChrome = lazy(() => loadSignedInChrome().then((component) => ({ default: component })));

// The server renders whole pages: it has the module from the start.
if (import.meta.env.SSR) void loadSignedInChrome();

/**
 * The signed-in chrome: rendered at once when its chunk is there, else once it has arrived (the render waits,
 * inside the navigation's transition, so the page shown stays). No Suspense boundary around it: the server
 * would then stream the page hidden behind a script, which a browser without JavaScript never shows.
 */
export function SignedInChrome(props: SignedInChromeProps) {
  const Loaded = loaded;
  return Loaded ? <Loaded {...props} /> : <LazySignedInChrome {...props} />;
}

/** The attribute of `<html>` that says the page is a signed-in person's (root.tsx Layout). */
export const SIGNED_IN_ATTRIBUTE = "data-signed-in";
