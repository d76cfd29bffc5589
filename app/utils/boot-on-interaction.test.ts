import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, test } from "vitest";
import routes from "~/routes";
import {
  BOOT_ON_INTERACTION_ROUTE_IDS,
  bootsOnInteraction,
  WAITING_MODULE_TYPE,
  WAITING_PRELOAD_REL,
} from "./boot-on-interaction";
import { makeScriptsWait } from "./boot-on-interaction.server";

const reading = { routeIds: ["root", "services"], isSignedIn: false, hasToast: false, hasError: false };

describe("bootsOnInteraction", () => {
  test("a public reading page, signed out, starts on interaction", () => {
    expect(bootsOnInteraction(reading)).toBe(true);
    expect(bootsOnInteraction({ ...reading, routeIds: ["root", "caregiver-public-profile"] })).toBe(true);
    expect(bootsOnInteraction({ ...reading, routeIds: ["root", "blog-post"] })).toBe(true);
  });

  test("signed in, with a toast to show, or on an error page, the page starts at once", () => {
    expect(bootsOnInteraction({ ...reading, isSignedIn: true })).toBe(false);
    expect(bootsOnInteraction({ ...reading, hasToast: true })).toBe(false);
    expect(bootsOnInteraction({ ...reading, hasError: true })).toBe(false);
  });

  test("the home page waits too: its clip and carousels move without the scripts", () => {
    expect(bootsOnInteraction({ ...reading, routeIds: ["root", "home"] })).toBe(true);
    expect(bootsOnInteraction({ ...reading, routeIds: ["root", "home"], isSignedIn: true })).toBe(false);
  });

  test("forms and signed-in areas start at once", () => {
    for (const id of ["contact", "newsletter", "register", "login-desktop", "client-dashboard"])
      expect(bootsOnInteraction({ ...reading, routeIds: ["root", id] })).toBe(false);
    expect(bootsOnInteraction({ ...reading, routeIds: ["root", "services", "below"] })).toBe(false);
    expect(bootsOnInteraction({ ...reading, routeIds: ["services"] })).toBe(false);
  });

  test("every listed page is a route of the app", () => {
    const ids = new Set<string>();
    const walk = (entries: readonly RouteConfigEntry[]) => {
      for (const entry of entries) {
        if (entry.id) ids.add(entry.id);
        walk(entry.children ?? []);
      }
    };
    walk(routes);
    expect([...BOOT_ON_INTERACTION_ROUTE_IDS].filter((id) => !ids.has(id))).toEqual([]);
  });
});

// The end of a page as React Router's <Scripts> and React render it (the shape makeScriptsWait relies on).
const RENDERED = [
  '<head><link rel="modulepreload" href="/assets/manifest-1.js" nonce="N"/><link rel="modulepreload" href="/assets/entry.client-2.js" nonce="N"/>',
  '<link rel="preload" as="fetch" crossorigin="anonymous" href="/i18n/en/common.json" data-i18n-namespace="common"/></head>',
  '<body><script nonce="N">window.__reactRouterContext = {};</script>',
  '<script nonce="N" type="module" async="">import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-3.js";\nimport("/assets/entry.client-2.js");</script>',
  '<script type="application/ld+json">{}</script></body>',
].join("");

describe("makeScriptsWait", () => {
  test("leaves no module script and no module preload a browser would run or fetch", () => {
    const waiting = makeScriptsWait(RENDERED);
    expect(waiting).not.toMatch(/type="module"/);
    expect(waiting).not.toMatch(/rel="modulepreload"/);
    expect(waiting).toContain(
      `<script nonce="N" type="${WAITING_MODULE_TYPE}">import "/assets/manifest-1.js";\nimport * as route0`,
    );
    expect(waiting.match(new RegExp(`rel="${WAITING_PRELOAD_REL}"`, "g"))).toHaveLength(2);
  });

  test("keeps the data hand-over, the translation preloads and every other script as rendered", () => {
    const waiting = makeScriptsWait(RENDERED);
    expect(waiting).toContain('<script nonce="N">window.__reactRouterContext = {};</script>');
    expect(waiting).toContain('data-i18n-namespace="common"/>');
    expect(waiting).toContain('<script type="application/ld+json">{}</script>');
  });

  test("refuses a page whose scripts no longer have the expected shape", () => {
    expect(() => makeScriptsWait("<html><body><p>no scripts</p></body></html>")).toThrow(/one module script/);
  });
});
