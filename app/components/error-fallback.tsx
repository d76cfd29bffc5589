import { isRouteErrorResponse, Link } from "react-router";
import { useT } from "~/i18n/react";

/**
 * A boundary's fault, logged where it is the only trace: in the browser. On the server, entry.server.tsx's
 * handleError has logged the original already; the boundary there holds only React Router's sanitized copy
 * ("Unexpected Server Error", no stack), and renders one for every request the visitor left before its loaders
 * finished (handleError logs none of those), so logging it too added a line that said nothing.
 */
export function logBoundaryError(error: unknown) {
  if (typeof document !== "undefined" && !isRouteErrorResponse(error)) console.error(error);
}

// The error texts (docs/product-rules.md, "Public site and header"). Rendered inside the chrome's <main> when the
// root data loaded, else inside a bare <main> (see root.tsx ErrorBoundary). In that case there are no
// messages (i18n/config.ts NO_MESSAGES): t() answers with the English default given here.
export function ErrorFallback({ status }: { status: number }) {
  const { t } = useT();
  if (status === 404) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-24 text-center">
        <title>{t("errors.notFoundTitle", { defaultValue: "Page not found | Tendly" })}</title>
        <p className="text-sm font-semibold text-teal-700 dark:text-teal-300">404</p>
        <h1 className="text-3xl font-bold">
          {t("errors.notFoundHeading", { defaultValue: "We couldn't find that page" })}
        </h1>
        <p className="text-slate-600 dark:text-slate-300">
          {t("errors.notFoundText", { defaultValue: "The link may be old, or the page may have moved." })}
        </p>
        <Link to="/" className="rounded-lg bg-teal-700 px-5 py-2.5 font-semibold text-white hover:bg-teal-800">
          {t("errors.home", { defaultValue: "Go to the home page" })}
        </Link>
      </div>
    );
  }
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-24 text-center">
      <title>{t("errors.failedTitle", { defaultValue: "Something went wrong | Tendly" })}</title>
      <h1 className="text-2xl font-bold">
        {t("errors.failedHeading", { defaultValue: "Something went wrong while loading this step..." })}
      </h1>
      <p className="text-slate-600 dark:text-slate-300">
        {t("errors.failedText", { defaultValue: "Nothing you entered was lost. Please try again." })}
      </p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="rounded-lg bg-teal-700 px-5 py-2.5 font-semibold text-white hover:bg-teal-800"
      >
        {t("errors.tryAgain", { defaultValue: "Try Again" })}
      </button>
    </div>
  );
}
