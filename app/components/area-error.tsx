import { isRouteErrorResponse, Link } from "react-router";
import { ErrorFallback, logBoundaryError } from "./error-fallback";
import { linkClass } from "./form-controls";

// A page's error inside its area (the menu stays): a thing that does not
// exist, or is not this person's, reads as "not found" in the page's own
// words with a way back; anything else is the error page.
export function AreaError({
  error,
  heading,
  text,
  backTo,
  backLabel,
}: {
  error: unknown;
  heading: string;
  /** The not-found text (the loader's refusal text, when the page wants it, is the caller's to pass). */
  text: string;
  backTo: string;
  backLabel: string;
}) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <div className="space-y-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">{heading}</h1>
        <p className="text-slate-700 dark:text-slate-200">{text}</p>
        <Link to={backTo} className={linkClass}>
          {backLabel}
        </Link>
      </div>
    );
  }
  logBoundaryError(error);
  return <ErrorFallback status={isRouteErrorResponse(error) ? error.status : 500} />;
}
