import { lazy, Suspense, useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "react-router";
import { getCurrentUser } from "~/platform/auth/session.server";
import { AppStylesheet } from "~/components/app-stylesheet";
import { useDisplayTheme } from "~/components/display-preferences";
import { CaregiverStatusScreen } from "~/components/caregiver-status-screen";
import { ErrorFallback, logBoundaryError } from "~/components/error-fallback";
import { BootOnInteractionScript, PrePaintScript } from "~/components/pre-paint-script";
import { BOOT_ATTRIBUTE, BOOT_ON_INTERACTION, bootsOnInteraction } from "~/utils/boot-on-interaction";
import { SiteChrome } from "~/components/site-chrome";
// The realtime stream and the live notification centre load only when someone is signed in
// (docs/decisions/0041-what-a-page-carries.md).
import { loadSignedInChromeFirst, SIGNED_IN_ATTRIBUTE, SignedInChrome } from "~/components/signed-in-chrome-loader";
import { loadNotificationCenter } from "~/features/home/notification-center.server";
import { toast as showToast, useIsToasterWanted } from "~/components/toast";
import { UpdateBanner } from "~/components/update-banner";
import { keepCaregiverDayOf } from "~/client/caregiver-day";
import { NO_MESSAGES, type Locale } from "~/i18n/config";
import { localeCookieFromQuery, localeOfRequest } from "~/i18n/locale";
import { loadPageMessagesFirst } from "~/i18n/page-messages";
import { I18nProvider, usePageMessages } from "~/i18n/react";
import { pageNamespaces } from "~/i18n/route-namespaces";
import { NAMESPACE_LINK_ATTRIBUTE } from "~/i18n/catalogue";
import { isMoveWithinWizard, isPublicPath } from "~/utils/chrome-rules";
import { keepFormsOnConnectionLoss } from "~/utils/connection-loss";
import { answerDatabaseUnavailable } from "~/utils/database-unavailable.server";
import { keepRenderedPage } from "~/platform/page-cache/cache.server";
import { useNonce } from "~/utils/nonce";
import { readToast } from "~/utils/toast.server";
import type { Route } from "./+types/root";
import { caregiverStatusRefusal, type Shell } from "~/components/shell";
import { loadShell } from "./root.server";
import stylesheet from "./app.css?url";

// sonner and its stack load with the first toast (components/toast.ts).
const Toaster = lazy(() => import("~/components/toaster"));

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

/** The web app manifest in the page's language (routes/seo/manifest.ts serves the Spanish one). */
const MANIFESTS: Record<Locale, string> = { en: "/manifest.webmanifest", es: "/manifest.es.webmanifest" };

// A signed-out public page rendered 200 is kept for the next visitors with the same key (outermost: it keeps
// the response as sent, docs/decisions/0043-rendered-page-cache.md). A request that needed the database while
// it could not be reached answers 503 with Retry-After (docs/decisions/0020-database-recovery.md).
export const middleware: Route.MiddlewareFunction[] = [keepRenderedPage, answerDatabaseUnavailable];

// A form sent with no connection keeps its page (docs/architecture.md, "Connection lost while sending a form");
// a navigation ends once the next page's translation files and, after a sign-in, the signed-in chrome are here
// (i18n/page-messages.ts), so that the address and the page change together.
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  keepFormsOnConnectionLoss,
  loadPageMessagesFirst(() => document.documentElement.hasAttribute(SIGNED_IN_ATTRIBUTE)),
  loadSignedInChromeFirst,
];

// The request wizard's steps move in the browser only: the chrome's data stays as it is, so that
// Continue works with no connection (docs/decisions/0015-routes-known-offline.md).
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formAction,
  defaultShouldRevalidate,
}) => (!formAction && isMoveWithinWizard(currentUrl, nextUrl) ? false : defaultShouldRevalidate);

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  const shell = loadShell(request, user);
  // The counts on every page; the panel's list when the panel opens (docs/decisions/0061-the-notification-list-on-demand.md).
  const notificationCenter = user
    ? await loadNotificationCenter(user, localeOfRequest(request, user.locale), { withList: false })
    : null;
  const { toast, clearCookie } = readToast(request);
  const headers = new Headers();
  if (clearCookie) headers.append("Set-Cookie", clearCookie);
  const localeCookie = localeCookieFromQuery(request);
  if (localeCookie) headers.append("Set-Cookie", localeCookie);
  return data({ ...shell, toast, notificationCenter }, { headers });
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

/** The chrome's data: the root loader's, or that carried by a refusal rendered without any loader. */
function useShell(): Shell | undefined {
  const rootData = useRootData();
  const error = useRouteError();
  return rootData ?? caregiverStatusRefusal(error)?.shell;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useShell();
  const nonce = useNonce();
  const { pathname } = useLocation();
  const preferences = rootData?.preferences;
  const { theme, isDark } = useDisplayTheme({
    theme: preferences?.theme ?? "system",
    systemTheme: preferences?.systemTheme ?? "light",
  });
  const i18n = rootData?.i18n ?? NO_MESSAGES;
  // The page's namespaces, declared by its routes (i18n/route-namespaces.ts): loaded before anything renders.
  const matchIds = useMatches().map((match) => match.id);
  const namespaces = pageNamespaces(matchIds, !!rootData?.user);
  usePageMessages(i18n, namespaces);
  // A public page read signed out starts its scripts on the first interaction; entry.server.tsx makes React
  // Router's scripts wait on the same facts (docs/decisions/0055-public-pages-start-on-interaction.md).
  const startsOnInteraction = bootsOnInteraction({
    routeIds: matchIds,
    isSignedIn: !!rootData?.user,
    hasToast: !!(rootData && "toast" in rootData && rootData.toast),
    hasError: !!useRouteError(),
  });
  // Set once the first render has committed, so every control on the page answers: the end-to-end
  // tests wait for it before they act (a fibre on an element only says its render has begun).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html
      lang={i18n.locale}
      className={isDark ? "dark" : undefined}
      data-theme={theme}
      data-public={isPublicPath(pathname) ? "true" : "false"}
      data-text-size={preferences?.textSize ?? "normal"}
      {...{
        [SIGNED_IN_ATTRIBUTE]: rootData?.user ? "true" : undefined,
        [BOOT_ATTRIBUTE]: startsOnInteraction ? BOOT_ON_INTERACTION : undefined,
      }}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content={isDark ? "#1e293b" : "#0d9488"} />
        <link rel="manifest" href={MANIFESTS[i18n.locale]} />
        <PrePaintScript nonce={nonce} />
        {startsOnInteraction && <BootOnInteractionScript nonce={nonce} />}
        {namespaces.map((namespace) =>
          i18n.files[namespace] ? (
            <link
              key={namespace}
              rel="preload"
              as="fetch"
              crossOrigin="anonymous"
              href={i18n.files[namespace]}
              {...{ [NAMESPACE_LINK_ATTRIBUTE]: namespace }}
            />
          ) : null,
        )}
        <Meta />
        <AppStylesheet href={stylesheet} />
        <Links />
      </head>
      <body className="min-h-dvh bg-white text-slate-800 antialiased dark:bg-slate-900 dark:text-slate-100">
        <I18nProvider payload={i18n}>{children}</I18nProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { toast, user, preferences, contact, isPublicDemo, notificationCenter } = loaderData;
  const chrome = { user, preferences, contact, isPublicDemo };
  const isToasterWanted = useIsToasterWanted();
  // The caregiver's day kept on the phone is only ever the signed-in person's (docs/architecture.md,
  // "Opening the caregiver's day with no signal"), also after a sign-in or sign-out in the page.
  const userId = user?.id ?? null;
  useEffect(() => {
    keepCaregiverDayOf(userId).catch((error: unknown) =>
      console.warn("The kept schedule could not be checked.", error),
    );
  }, [userId]);
  useEffect(() => {
    if (!toast) return;
    showToast[toast.type](toast.title, { description: toast.description });
  }, [toast]);
  return (
    <>
      {user ? (
        <SignedInChrome
          {...chrome}
          initialNotifications={notificationCenter}
          realtimeAfter={notificationCenter?.realtimeAfter ?? null}
        >
          <Outlet />
        </SignedInChrome>
      ) : (
        <SiteChrome {...chrome} notificationCenter={null}>
          <Outlet />
        </SiteChrome>
      )}
      <UpdateBanner />
      {isToasterWanted && (
        <Suspense>
          <Toaster />
        </Suspense>
      )}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const rootData = useShell();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  logBoundaryError(error);
  const refusal = caregiverStatusRefusal(error);
  const fallback = refusal ? (
    <CaregiverStatusScreen status={refusal.status} contact={refusal.shell.contact} />
  ) : (
    <ErrorFallback status={status} />
  );
  // Keep the header and footer when the root loader itself succeeded.
  if (!rootData) return <main id="main">{fallback}</main>;
  return (
    <SiteChrome
      user={rootData.user}
      preferences={rootData.preferences}
      contact={rootData.contact}
      notificationCenter={null}
      isPublicDemo={rootData.isPublicDemo}
    >
      {fallback}
    </SiteChrome>
  );
}
