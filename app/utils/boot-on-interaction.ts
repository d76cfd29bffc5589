// Public pages that start their scripts on the visitor's first interaction
// (docs/decisions/0055-public-pages-start-on-interaction.md). A signed-out visitor
// reading one of these pages is served the rendered HTML with React Router's
// module script made inert: nothing but the page, its style sheet and its translation
// files loads until they press a key, touch, move the pointer or focus something; then
// the scripts load and hydrate the page, and a press on a control made before that
// is made again once the control answers.

/**
 * The pages that need no script until someone acts on them: the public reading pages, and the home page, whose
 * hero clip and carousels move without them (docs/decisions/0056-the-home-page-starts-on-interaction.md).
 */
export const BOOT_ON_INTERACTION_ROUTE_IDS: ReadonlySet<string> = new Set([
  "about",
  "accessibility",
  "become-caregiver",
  "blog",
  "blog-post",
  "caregiver-public-profile",
  "caregivers",
  "home",
  "how-it-works",
  "privacy",
  "provider",
  "providers",
  "safety-and-trust",
  "services",
  "terms",
]);

/** The type React Router's module script is given while it waits: a type no browser runs. */
export const WAITING_MODULE_TYPE = "text/x-tendly-waiting-module";
/** The relation its modulepreload links are given while they wait: one no browser follows. */
export const WAITING_PRELOAD_REL = "x-tendly-waiting-modulepreload";

/**
 * A clip that plays, muted, once the page has loaded (unless reduced motion is preferred), also before the scripts
 * start: the boot script starts it on a page that waits, the component on any other; whichever does marks it played.
 */
export const PLAYS_ON_LOAD = "data-plays-on-load";
export const PLAYED_ON_LOAD = "data-played-on-load";

/** Set on <html> of a page that starts on interaction, while it has not started. */
export const BOOT_ATTRIBUTE = "data-boot";
export const BOOT_ON_INTERACTION = "on-interaction";

export type BootFacts = {
  /** The matched routes' ids, root first. */
  routeIds: readonly string[];
  isSignedIn: boolean;
  /** A toast waits to be shown (it needs the scripts at once). */
  hasToast: boolean;
  /** The page is an error page. */
  hasError: boolean;
};

/** Whether the page starts its scripts on the first interaction rather than at once. */
export function bootsOnInteraction({ routeIds, isSignedIn, hasToast, hasError }: BootFacts): boolean {
  if (isSignedIn || hasToast || hasError) return false;
  const [root, page, ...below] = routeIds;
  return root === "root" && page !== undefined && below.length === 0 && BOOT_ON_INTERACTION_ROUTE_IDS.has(page);
}
