import { lazy, type ComponentType } from "react";
import type { SignedInChromeProps } from "./signed-in-chrome";

// How the root gets the signed-in chrome (docs/decisions/0041-what-a-page-carries.md): a chunk of its
// own, loaded only when someone is signed in. A signed-in page loads it before it hydrates
// (entry.client.tsx), so the header answers as soon as the page says it is hydrated; after a sign-in
// inside the page it loads then, while the page shown stays.

let loaded: ComponentType<SignedInChromeProps> | null = null;

/** Loads the signed-in chrome's chunk (once); afterwards the root renders it at once. */
export function loadSignedInChrome(): Promise<ComponentType<SignedInChromeProps>> {
  return import("./signed-in-chrome").then((module) => (loaded = module.default));
}

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
