// Public pages that start their scripts on the visitor's first interaction
// (docs/decisions/0055-public-pages-start-on-interaction.md). A signed-out visitor
// reading one of these pages is served the rendered HTML with React Router's
// module script made inert: nothing but the page itself and its translation files
// loads until they press a key, touch, move the pointer or focus something; then
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

/** What counts as the visitor acting on the page. Scrolling by touch, wheel or keys begins with one of them. */
export const INTERACTION_EVENTS = ["keydown", "pointerdown", "pointermove", "touchstart", "wheel", "focusin"] as const;

/**
 * The inline script of a page that starts on interaction (run before the page paints, with the response's
 * nonce): on the first interaction it asks for the waiting modules together (their preload links given back their
 * relation) and runs React Router's waiting module script (a copy with the real type and the same nonce), and a press on a button made before React handles presses (entry.client.tsx marks
 * data-hydrating when it hands the page to React) is made again once the page has hydrated (data-hydrated). A new
 * version of the app found by the service worker starts them too, so that this tab offers the update and reloads
 * with the others as every started page does (components/update-banner.tsx).
 */
export const BOOT_SCRIPT = `(function(){try{
var d=document.documentElement,started=false,pressed=null,events=${JSON.stringify(INTERACTION_EVENTS)};
function start(){if(started)return;started=true;
events.forEach(function(e){removeEventListener(e,start,true);});
document.querySelectorAll('link[rel="${WAITING_PRELOAD_REL}"]').forEach(function(l){l.rel='modulepreload';});
var s=document.querySelector('script[type="${WAITING_MODULE_TYPE}"]');if(!s)return;
var m=document.createElement('script');m.type='module';m.nonce=s.nonce;m.textContent=s.textContent;document.head.appendChild(m);}
events.forEach(function(e){addEventListener(e,start,{capture:true,passive:true});});
addEventListener('click',function(e){
if(d.hasAttribute('data-hydrating')||d.hasAttribute('data-hydrated'))return;
var c=e.target&&e.target.closest?e.target.closest('button,[role=button]'):null;
if(!c||(c.tagName==='BUTTON'&&c.type!=='button'))return;
e.preventDefault();pressed=c;start();},true);
var sw=navigator.serviceWorker;
if(sw&&sw.controller)sw.getRegistration().then(function(r){if(!r)return;
if(r.waiting||r.installing)start();else r.addEventListener('updatefound',start);});
new MutationObserver(function(){if(!d.hasAttribute('data-hydrated'))return;
var c=pressed;pressed=null;if(c&&c.isConnected)c.click();}).observe(d,{attributes:true,attributeFilter:['data-hydrated']});
}catch(e){}})();`;
