import { describe, expect, test } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "~/routes";
import type { ClientNamespace } from "~/i18n/config";
import { ROOT_NAMESPACES, ROUTE_NAMESPACES, SIGNED_IN_NAMESPACES } from "~/i18n/route-namespaces";
import { importedSpecifiers, namespacesOfGraph, namespacesUsedIn } from "../support/namespace-usage";

// Each page loads only the translation namespaces its routes declare (docs/decisions/0041-what-a-page-carries.md):
// a route whose modules use a namespace that neither it, nor a route around it, nor the root declares would
// wait for that file at render time (and say so in the console). This reads each route's modules, and every
// module they bring along, and names each such namespace with a module that uses it.

const ROOT = "app/root.tsx";
/** The chrome's modules shown to a signed-in person only: the root loads their namespaces only then. */
const SIGNED_IN_CHROME = [
  "app/components/signed-in-chrome.tsx",
  "app/components/notification-panel.tsx",
  "app/components/caregiver-status-screen.tsx",
];

type Declarations = Readonly<Record<string, readonly ClientNamespace[]>>;

/** A route's id as React Router gives it: its own, or its file without the extension. */
const routeId = (entry: RouteConfigEntry) => entry.id ?? entry.file.replace(/\.tsx?$/, "");

/** Each route with what it may use: the root's, its own and those of the routes around it. */
function routesWithAllowed(entries: readonly RouteConfigEntry[], declarations: Declarations) {
  const found: { id: string; file: string; allowed: Set<ClientNamespace> }[] = [];
  const walk = (list: readonly RouteConfigEntry[], around: readonly ClientNamespace[]) => {
    for (const entry of list) {
      const allowed = [...around, ...(declarations[routeId(entry)] ?? [])];
      found.push({ id: routeId(entry), file: `app/${entry.file}`, allowed: new Set(allowed) });
      walk(entry.children ?? [], allowed);
    }
  };
  walk(entries, ROOT_NAMESPACES);
  return found;
}

/** "route id: namespace (a module using it)" for each namespace a route uses and may not. */
function undeclared(entries: readonly RouteConfigEntry[], declarations: Declarations): string[] {
  return routesWithAllowed(entries, declarations).flatMap(({ id, file, allowed }) =>
    [...namespacesOfGraph(file, new Set([ROOT]))]
      .filter(([namespace]) => !allowed.has(namespace))
      .map(([namespace, module]) => `${id}: ${namespace} (${module})`),
  );
}

describe("each route declares the translation namespaces it uses", () => {
  test("the reader finds the hooks, metaT, <Trans ns> and keys written with their namespace", () => {
    const source = `
      import type { Labels } from "~/i18n/labels";
      import { a } from "./a";
      import "./styles";
      const Menu = lazy(() => import("./menu"));
      // useT("admin") in a comment is no use
      const { t } = useT("orders");
      const common = useT();
      const labels = useLabels();
      export const meta = ({ matches }) => [{ title: metaT(matches, "home")("metaTitle") }];
      const refusal = { key: "billing:refusals.late" };
      <Trans ns="reviews" i18nKey="x" />;
    `;
    expect([...namespacesUsedIn(source)].sort()).toEqual(["billing", "common", "home", "labels", "orders", "reviews"]);
    expect(importedSpecifiers(source).sort()).toEqual(["./a", "./menu", "./styles"]);
  });

  test("the check catches a route that uses a namespace it does not declare", () => {
    const { "client-billing": billing, ...rest } = ROUTE_NAMESPACES;
    expect(billing).toContain("billing");
    const withoutBilling = { ...rest, "client-billing": billing!.filter((namespace) => namespace !== "billing") };
    expect(undeclared(routes, withoutBilling)).toEqual([
      expect.stringMatching(/^client-billing: billing \(app\/(routes|components)\/.+\)$/),
    ]);
  });

  test("every route uses only namespaces declared for it, around it or by the root", () => {
    expect(undeclared(routes, ROUTE_NAMESPACES)).toEqual([]);
  });

  test("the root's chrome uses only the root's namespaces, and the signed-in chrome those and its own", () => {
    const rootUses = namespacesOfGraph(ROOT, new Set(SIGNED_IN_CHROME));
    const rootAllowed = new Set<ClientNamespace>(ROOT_NAMESPACES);
    expect([...rootUses].filter(([namespace]) => !rootAllowed.has(namespace))).toEqual([]);
    const signedInAllowed = new Set<ClientNamespace>([...ROOT_NAMESPACES, ...SIGNED_IN_NAMESPACES]);
    const signedInUses = SIGNED_IN_CHROME.flatMap((chrome) => [...namespacesOfGraph(chrome, new Set([ROOT]))]);
    expect(signedInUses.filter(([namespace]) => !signedInAllowed.has(namespace))).toEqual([]);
  });

  test("every declaration names a route of app/routes.ts", () => {
    const ids = new Set(routesWithAllowed(routes, {}).map(({ id }) => id));
    expect(Object.keys(ROUTE_NAMESPACES).filter((id) => !ids.has(id))).toEqual([]);
  });
});
