import { createRequire } from "node:module";

// Packages a server process loads the first time it uses them, not at start
// (docs/decisions/0045-memory.md): each costs tens of megabytes resident once
// loaded, and many processes never use them (no Stripe, S3 or push configured;
// no upload, invoice PDF or email yet). Loaded through `require`, their
// CommonJS build, which also costs less than their ES modules. Each stays
// outside the server build (vite.config.ts keeps packages external), so the
// specifier resolves from node_modules as an import would.

const require = createRequire(import.meta.url);

/** A getter of the package `specifier`, which loads it on its first call and keeps it. */
export function loadOnUse<T>(specifier: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(specifier) as T);
}
