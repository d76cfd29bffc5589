import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadSignedInChrome, SIGNED_IN_ATTRIBUTE } from "~/components/signed-in-chrome-loader";
import { loadRenderedNamespaces } from "~/i18n/catalogue";

// React Router's default client entry, except that hydration waits for the
// browser to paint the server-rendered page first. On a fast connection the
// scripts arrive before the first frame, and hydrating then kept the page
// blank for the whole of React's start-up (bench/RESULTS.md).
//
// Hydration also waits for the page's translation files, asked for at once (the page's preload links
// name them), so that it words everything as the server did, and on a signed-in person's page for the
// signed-in chrome's chunk, so that the header answers once hydrated (docs/decisions/0041-what-a-page-carries.md).
const messages = Promise.all([
  loadRenderedNamespaces(document),
  document.documentElement.hasAttribute(SIGNED_IN_ATTRIBUTE) ? loadSignedInChrome() : null,
]).catch((error: unknown) => console.warn("The page's messages or chrome could not be loaded.", error));

function hydrate() {
  void messages.then(() =>
    startTransition(() => {
      // From here React answers presses itself (utils/boot-on-interaction.ts keeps those made before).
      document.documentElement.setAttribute("data-hydrating", "");
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    }),
  );
}

// The callback of the next animation frame runs just before that frame is
// painted; a task queued from it runs once the frame is on screen. A page
// opened in a background tab gets no frames until shown, so it starts now.
if (document.visibilityState === "hidden") hydrate();
else requestAnimationFrame(() => setTimeout(hydrate, 0));
