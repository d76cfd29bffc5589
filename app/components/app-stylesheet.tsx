import { createContext, useContext, useState } from "react";

// The site's one style sheet, inlined into the HTML by the server on a page read
// signed out that starts its scripts at once, so that the first paint waits for no
// second request (bench/RESULTS.md). React adopts the server's <style data-href> as
// the same style resource in the browser, so hydration neither fetches the file nor
// inserts it again, and client-side navigations keep it. Without a build to read
// (the dev server), on a page that starts on interaction
// (docs/decisions/0055-public-pages-start-on-interaction.md) and on a signed-in page
// (docs/decisions/0057-what-a-signed-in-page-costs.md), both sides use an
// ordinary <link>.

/** Style sheet texts the server can inline, by URL; absent in the browser. */
const InlineStylesheetsContext = createContext<ReadonlyMap<string, string> | undefined>(undefined);

export const InlineStylesheetsProvider = InlineStylesheetsContext.Provider;

const PRECEDENCE = "default";

function isInlinedInDocument(href: string) {
  return typeof document !== "undefined" && document.querySelector(`style[data-href~="${CSS.escape(href)}"]`) !== null;
}

/**
 * Whether the server carries the style sheet inside this page. A page that starts on interaction links it: with no
 * script competing for the connection, that paints sooner (decision 0055). A signed-in page links it: the service
 * worker the signed-in app runs under holds the file, so the link costs no request there, and every signed-in page
 * sent whole is 76 KB lighter to write and to read (decision 0057). Except a page the service worker keeps for use
 * offline (the caregiver's day): kept, it must show as it was also after a release has replaced the file.
 */
export function inlinesStylesheet(page: { waitsForInteraction: boolean; isSignedIn: boolean; isKeptOffline: boolean }) {
  if (page.waitsForInteraction) return false;
  return !page.isSignedIn || page.isKeptOffline;
}

export function AppStylesheet({ href }: { href: string }) {
  const serverText = useContext(InlineStylesheetsContext)?.get(href);
  const [isInlined] = useState(() => serverText !== undefined || isInlinedInDocument(href));
  if (!isInlined) return <link rel="stylesheet" href={href} precedence={PRECEDENCE} />;
  return (
    <style href={href} precedence={PRECEDENCE}>
      {serverText ?? ""}
    </style>
  );
}
