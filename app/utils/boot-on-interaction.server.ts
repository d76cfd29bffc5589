import { PLAYED_ON_LOAD, PLAYS_ON_LOAD, WAITING_MODULE_TYPE, WAITING_PRELOAD_REL } from "./boot-on-interaction";

// Server only: the browser has the boot script in the page, and never needs its text (components/pre-paint-script.tsx).

/**
 * A page that starts on interaction (docs/decisions/0055-public-pages-start-on-interaction.md), as rendered,
 * with React Router's scripts made to wait: its module script (which imports the route modules and the client
 * entry) gets a type no browser runs, and the modulepreload links that would fetch them at once a relation no
 * browser follows (the boot script gives both back). The inline scripts that hand the page's data over
 * (window.__reactRouterContext) still run, so that the scripts find it when they start. Throws when React
 * Router's output no longer has the expected shape.
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

/** What counts as the visitor acting on the page. Scrolling by touch, wheel or keys begins with one of them. */
const INTERACTION_EVENTS = ["keydown", "pointerdown", "pointermove", "touchstart", "wheel", "focusin"] as const;

/**
 * The inline script of a page that starts on interaction (run before the page paints, with the response's
 * nonce). On the first interaction it asks for the waiting modules together (their preload links given back their
 * relation) and runs React Router's waiting module script (a copy with the real type and the same nonce). A press
 * on a button made before React handles presses (entry.client.tsx marks data-hydrating when it hands the page to
 * React) is made again once the page has hydrated (data-hydrated). A new version of the app found by the service
 * worker starts the scripts too, so that this tab offers the update and reloads with the others as every started
 * page does (components/update-banner.tsx). Should the scripts fail to load (the page read across a new version,
 * whose server no longer has the old ones: the module script's error, or its import of the client entry refused),
 * the page is loaded again, once until a page of the tab has started, and only when the browser is online.
 * An address whose fragment carries values (a recovery link's #access_token=...) is read by the scripts: such a
 * page starts at once. Once the page has loaded, a clip marked to play then is started muted (unless reduced motion
 * is preferred), and a clip that fails starts the scripts, which tell the visitor and offer a retry
 * (components/public/hero-video.tsx).
 */
export const BOOT_SCRIPT = `(function(){try{
var d=document.documentElement,started=false,pressed=null,events=${JSON.stringify(INTERACTION_EVENTS)},RETRY='tendly-boot-retry';
function start(){if(started)return;started=true;
events.forEach(function(e){removeEventListener(e,start,true);});
document.querySelectorAll('link[rel="${WAITING_PRELOAD_REL}"]').forEach(function(l){l.rel='modulepreload';});
var s=document.querySelector('script[type="${WAITING_MODULE_TYPE}"]');if(!s)return;
var m=document.createElement('script');m.type='module';m.nonce=s.nonce;m.textContent=s.textContent;
m.onerror=retry;document.head.appendChild(m);}
function retry(){try{if(navigator.onLine&&sessionStorage.getItem(RETRY)!==location.href){
sessionStorage.setItem(RETRY,location.href);location.reload();}}catch(e){}}
addEventListener('unhandledrejection',function(e){if(!started||d.hasAttribute('data-hydrating'))return;
if(/dynamically imported module|Importing a module script failed/i.test(String(e.reason&&e.reason.message)))retry();});
events.forEach(function(e){addEventListener(e,start,{capture:true,passive:true});});
if(location.hash.indexOf('=')>=0)addEventListener('DOMContentLoaded',start);
function play(){if(matchMedia('(prefers-reduced-motion: reduce)').matches)return;
document.querySelectorAll('video[${PLAYS_ON_LOAD}]:not([${PLAYED_ON_LOAD}])').forEach(function(v){
v.setAttribute('${PLAYED_ON_LOAD}','');v.muted=true;var p=v.play();if(p)p.catch(function(){});});}
if(document.readyState==='complete')play();else addEventListener('load',play);
addEventListener('error',function(e){if(e.target&&e.target.tagName==='VIDEO')start();},true);
addEventListener('click',function(e){
if(d.hasAttribute('data-hydrating')||d.hasAttribute('data-hydrated'))return;
var c=e.target&&e.target.closest?e.target.closest('button,[role=button]'):null;
if(!c||(c.tagName==='BUTTON'&&c.type!=='button'))return;
e.preventDefault();pressed=c;start();},true);
var sw=navigator.serviceWorker;
if(sw&&sw.controller)sw.getRegistration().then(function(r){if(!r)return;
if(r.waiting||r.installing)start();else r.addEventListener('updatefound',start);});
new MutationObserver(function(){if(!d.hasAttribute('data-hydrated'))return;
try{sessionStorage.removeItem(RETRY);}catch(e){}
var c=pressed;pressed=null;if(c&&c.isConnected)c.click();}).observe(d,{attributes:true,attributeFilter:['data-hydrated']});
}catch(e){}})();`;
