// Public pages that start their scripts on the visitor's first interaction
// (docs/decisions/0055-public-pages-start-on-interaction.md). A signed-out visitor
// reading one of these pages is served the rendered HTML with React Router's
// module script made inert: nothing but the page, its style sheet and its translation
// files loads until they press a key, touch, move the pointer or focus something; then
// the scripts load and hydrate the page, and a press on a control made before that
// is made again once the control answers.

/**
 * The pages that need no script until someone acts on them: the public reading pages. The home page is not one:
 * its hero clip and carousels move on their own from the start (docs/product-rules.md, "Public site and header").
 */
export const BOOT_ON_INTERACTION_ROUTE_IDS: ReadonlySet<string> = new Set([
  "about",
  "accessibility",
  "become-caregiver",
  "blog",
  "blog-post",
  "caregiver-public-profile",
  "caregivers",
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
