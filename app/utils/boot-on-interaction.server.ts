import { WAITING_MODULE_TYPE, WAITING_PRELOAD_REL } from "./boot-on-interaction";

/**
 * A page that starts on interaction (docs/decisions/0055-public-pages-start-on-interaction.md), as rendered,
 * with React Router's scripts made to wait: its module script (which imports the route modules and the client
 * entry) gets a type no browser runs, and the modulepreload links that would fetch them at once a relation no
 * browser follows (the boot script gives both back).
 * The inline scripts that hand the page's data over (window.__reactRouterContext) still run, so that the
 * scripts find it when they start. Fails loudly when React Router's output no longer has the expected shape.
 */
export function makeScriptsWait(html: string): string {
  let moduleScripts = 0;
  const waiting = html
    .replaceAll('<link rel="modulepreload"', `<link rel="${WAITING_PRELOAD_REL}"`)
    .replace(/<script([^>]*) type="module" async="">/g, (_, attributes: string) => {
      moduleScripts += 1;
      return `<script${attributes} type="${WAITING_MODULE_TYPE}">`;
    });
  if (moduleScripts !== 1) throw new Error(`Expected one module script in the page, found ${moduleScripts}`);
  return waiting;
}
