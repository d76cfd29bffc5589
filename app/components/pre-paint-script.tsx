import { createContext, useContext } from "react";
import { MOBILE_BREAKPOINT_PX } from "~/utils/app-mode";

// Runs before first paint: records what the browser detects (system colour
// scheme, app mode) in cookies for the server's next render, and corrects the
// dark class on this one when the theme follows the system. Public pages
// (data-public) never go dark. Kept tiny and dependency-free on purpose.
const script = `(function(){try{
var d=document.documentElement,m=window.matchMedia;
var dark=m('(prefers-color-scheme: dark)').matches?'dark':'light';
var standalone=m('(display-mode: standalone)').matches||navigator.standalone===true;
var mobile=standalone||window.innerWidth<=${MOBILE_BREAKPOINT_PX}||/Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i.test(navigator.userAgent);
var c='; Path=/; Max-Age=31536000; SameSite=Lax';
document.cookie='tendly-system-theme='+dark+c;
document.cookie='tendly-mode='+(mobile?'mobile':'desktop')+c;
if(d.dataset.theme==='system'&&d.dataset.public!=='true'){d.classList.toggle('dark',dark==='dark');}
}catch(e){}})();`;

export function PrePaintScript({ nonce }: { nonce: string }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />;
}

/** The boot script's text, given by the server (utils/boot-on-interaction.server.ts); absent in the browser. */
const BootScriptContext = createContext<string | undefined>(undefined);
export const BootScriptProvider = BootScriptContext.Provider;

/**
 * A page that starts on interaction: starts its scripts then (docs/decisions/0055-public-pages-start-on-interaction.md).
 * Hydration keeps the server's script as it is, so the browser's bundle carries no copy of its text.
 */
export function BootOnInteractionScript({ nonce }: { nonce: string }) {
  const text = useContext(BootScriptContext) ?? "";
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: text }} />;
}
