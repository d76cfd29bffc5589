import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { CLIENT_NAMESPACES, type ClientNamespace } from "~/i18n/config";
import { ROOT } from "./source-files";

// Which translation namespaces a module of the browser's code uses, and the modules it brings along
// (tests/lint/route-namespaces.test.ts; docs/decisions/0041-what-a-page-carries.md). Read from the
// source text: the hooks of i18n/react.tsx by name, metaT's namespace, <Trans ns>, and every message
// key written with its namespace ("orders:refusals.offerNoLongerOpen"), which a page may word.

const NAMESPACE = `(${CLIENT_NAMESPACES.join("|")})`;
const USES: readonly [RegExp, ClientNamespace | null][] = [
  [/\buseT\(\s*\)/g, "common"],
  [/\buseTranslation\(\s*\)/g, "common"],
  [new RegExp(`\\buse(?:T|Translation)\\(\\s*"${NAMESPACE}"`, "g"), null],
  [new RegExp(`\\bmetaT\\([^;]*?,\\s*"${NAMESPACE}"\\s*\\)`, "g"), null],
  [new RegExp(`\\bns[=:]\\s*\\{?\\s*"${NAMESPACE}"`, "g"), null],
  [/\buseNavLabel\(/g, "common"],
  [/\buseLabels\(/g, "labels"],
  [/\buse(?:ValidationMessage|FieldErrors)\(/g, "validation"],
  [new RegExp(`["'\`]${NAMESPACE}:[A-Za-z][\\w.]*`, "g"), null],
];

/** The source without its comments (strings kept, so that a `//` in one stays). */
export function withoutComments(source: string): string {
  return source.replace(
    /("(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`)|\/\/[^\n]*|\/\*[\s\S]*?\*\//g,
    (all, text) => (text === undefined ? "" : all),
  );
}

/** The namespaces a module's source uses. */
export function namespacesUsedIn(source: string): Set<ClientNamespace> {
  const code = withoutComments(source);
  const found = new Set<ClientNamespace>();
  for (const [pattern, fixed] of USES) {
    for (const match of code.matchAll(pattern)) found.add(fixed ?? (match[1] as ClientNamespace));
  }
  return found;
}

/**
 * The specifiers a module imports for its values (type-only imports left out), statically or with import()
 * (`{ dynamic: false }`: statically only, what loads with the module).
 */
export function importedSpecifiers(source: string, { dynamic = true } = {}): string[] {
  const code = withoutComments(source);
  const found = [
    ...[...code.matchAll(/^\s*(?:import|export)\s+(?!type\s)[^;]*?\bfrom\s+"([^"]+)"/gm)].map((match) => match[1]!),
    ...[...code.matchAll(/^\s*import\s+"([^"]+)"/gm)].map((match) => match[1]!),
    ...(dynamic ? [...code.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g)].map((match) => match[1]!) : []),
  ];
  return [...new Set(found)];
}

/** An import's file, as a path from the repository's root, or null for a package or a server-only module. */
export function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = path.posix.join("app", specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.posix.join(path.posix.dirname(from), specifier);
  else return null;
  if (/\.server(\.tsx?)?$|\?/.test(base)) return null;
  const candidates = /\.tsx?$/.test(base)
    ? [base]
    : [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((file) => existsSync(path.join(ROOT, file))) ?? null;
}

/** The translation layer itself: its hooks are counted where they are called, not where they are written. */
const TRANSLATION_LAYER = /^app\/i18n\//;

/**
 * The namespaces that `entry` and every module it brings along use (a module in `stopAt` neither counted
 * nor followed: the root route's own, checked on their own), with one module that uses each.
 */
export function namespacesOfGraph(entry: string, stopAt: ReadonlySet<string> = new Set()) {
  const used = new Map<ClientNamespace, string>();
  const seen = new Set<string>();
  const pending = [entry];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file) || (file !== entry && stopAt.has(file))) continue;
    seen.add(file);
    const source = readFileSync(path.join(ROOT, file), "utf8");
    if (!TRANSLATION_LAYER.test(file)) {
      for (const namespace of namespacesUsedIn(source)) if (!used.has(namespace)) used.set(namespace, file);
    }
    for (const specifier of importedSpecifiers(source)) {
      const target = resolveImport(file, specifier);
      if (target) pending.push(target);
    }
  }
  return used;
}
