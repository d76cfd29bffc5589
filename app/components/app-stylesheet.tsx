import { createContext, useContext, useState } from "react";

// The site's one style sheet, inlined into the HTML by the server so that the
// first paint waits for no second request (bench/RESULTS.md). React adopts the
// server's <style data-href> as the same style resource in the browser, so
// hydration neither fetches the file nor inserts it again, and client-side
// navigations keep it. Without a build to read (the dev server), and on a page
// that starts on interaction (docs/decisions/0055-public-pages-start-on-interaction.md),
// both sides use an ordinary <link>.

/** Style sheet texts the server can inline, by URL; absent in the browser. */
const InlineStylesheetsContext = createContext<ReadonlyMap<string, string> | undefined>(undefined);

export const InlineStylesheetsProvider = InlineStylesheetsContext.Provider;

const PRECEDENCE = "default";

function isInlinedInDocument(href: string) {
  return typeof document !== "undefined" && document.querySelector(`style[data-href~="${CSS.escape(href)}"]`) !== null;
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
