import { Transform } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { InlineStylesheetsProvider, inlinesStylesheet } from "~/components/app-stylesheet";
import { logBadRequest } from "~/utils/bad-requests.server";
import { isDatabaseUnavailable, noteDatabaseUnavailable } from "~/utils/database-unavailable.server";
import { readBuiltStylesheet } from "~/utils/built-stylesheets.server";
import { NonceProvider } from "~/utils/nonce";
import { coalescedWrites } from "~/utils/coalesced-writes.server";
import { noteFailedRender } from "~/platform/page-cache/cache.server";
import { bootsOnInteraction } from "~/utils/boot-on-interaction";
import { BOOT_SCRIPT, makeScriptsWait } from "~/utils/boot-on-interaction.server";
import { BootScriptProvider } from "~/components/pre-paint-script";
import { isCaregiverDayPage, VIEWER_HEADER, viewerHeaderValue } from "~/utils/offline-caches";
import { requestValuesContext } from "~/utils/request-context";
import stylesheet from "./app.css?url";

export const streamTimeout = 5_000;

/**
 * React Router's refusal of an action whose Origin is not the request's own
 * (its CSRF check, answered 400): a forged or misrouted request, never a fault of ours.
 */
function isRefusedActionOrigin(error: unknown): error is Error {
  return error instanceof Error && /origin.* Aborting the action\.$/.test(error.message);
}

/**
 * What React Router caught on the server. A refusal the client earned (a 405
 * for a POST to a page without an action, a 404, a 400 from readForm) is an
 * answer, not a fault: logging each would let anyone fill the log. Requests
 * the client abandoned are not logged either; an action from another origin is
 * one line in the log of bad requests (utils/bad-requests.server.ts); a request
 * that found no database is one line, and answered 503 (utils/database-unavailable.server.ts).
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  if (isDatabaseUnavailable(error)) {
    // Answered 503 by the root's middleware; one line, since a restart fails every request for a moment.
    noteDatabaseUnavailable(request);
    const { message } = error as { message?: string };
    console.error(`Database unavailable, answered 503: ${request.method} ${new URL(request.url).pathname}: ${message}`);
    return;
  }
  if (isRefusedActionOrigin(error)) {
    logBadRequest(400, { method: request.method, url: new URL(request.url).pathname }, error.message);
    return;
  }
  console.error(error);
};

// React Router's default Node entry, plus the CSP nonce for inline scripts and
// the site's style sheet inlined (components/app-stylesheet.tsx).
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // Whom the page was rendered for, read by the service worker; none when the root's data could not be read
  // (docs/architecture.md, "Opening the caregiver's day with no signal").
  const { loaderData, matches, errors } = routerContext.staticHandlerContext;
  const rootData = loaderData.root as { user?: { id: string } | null; toast?: unknown } | undefined;
  if (rootData) responseHeaders.set(VIEWER_HEADER, viewerHeaderValue(rootData.user?.id));
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { cspNonce } = loadContext.get(requestValuesContext);
  const stylesheetText = await readBuiltStylesheet(stylesheet);
  // A public page read by a signed-out visitor starts its scripts on the first interaction: rendered whole, its
  // scripts made to wait (docs/decisions/0055-public-pages-start-on-interaction.md). As root.tsx's Layout decides.
  const waitsForInteraction = bootsOnInteraction({
    routeIds: matches.map((match) => match.route.id),
    isSignedIn: !!rootData?.user,
    hasToast: !!rootData?.toast,
    hasError: !!errors,
  });
  const inlineStylesheets = new Map(
    stylesheetText !== undefined &&
      inlinesStylesheet({
        waitsForInteraction,
        isSignedIn: !!rootData?.user,
        isKeptOffline: isCaregiverDayPage(new URL(request.url)),
      })
      ? [[stylesheet, stylesheetText]]
      : [],
  );

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode || waitsForInteraction ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const rendered = () => {
      clearTimeout(timeoutId);
      timeoutId = undefined;
    };

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={cspNonce}>
        <InlineStylesheetsProvider value={inlineStylesheets}>
          <BootScriptProvider value={BOOT_SCRIPT}>
            <ServerRouter context={routerContext} url={request.url} nonce={cspNonce} />
          </BootScriptProvider>
        </InlineStylesheetsProvider>
      </NonceProvider>,
      {
        nonce: cspNonce,
        [readyOption]() {
          shellRendered = true;
          // Whole, or each burst of React's writes as one chunk (utils/coalesced-writes.server.ts).
          const body = waitsForInteraction ? scriptsMadeToWait(rendered) : coalescedWrites({ onEnd: rendered });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Sent as 200 already: never kept in the cache of rendered pages.
          noteFailedRender(request);
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/**
 * The whole page, once rendered, with its scripts made to wait for an interaction (utils/boot-on-interaction.server.ts).
 * Should React Router's output change shape, the page is sent as rendered (it hydrates at once) and the fault logged.
 */
function scriptsMadeToWait(rendered: () => void): Transform {
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
    flush(callback) {
      rendered();
      const html = Buffer.concat(chunks).toString("utf8");
      try {
        callback(null, makeScriptsWait(html));
      } catch (error) {
        console.error(error);
        callback(null, html);
      }
    },
  });
}
