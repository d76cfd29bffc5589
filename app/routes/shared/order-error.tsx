import { isRouteErrorResponse, Link } from "react-router";
import { ErrorFallback } from "~/components/error-fallback";
import { linkClass } from "~/components/form-controls";

// An order page's error, inside its area (the menu stays): an order that does
// not exist, or is not this person's, reads the same.
export function OrderError({ error, backTo, backLabel }: { error: unknown; backTo: string; backLabel: string }) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <div className="space-y-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">Order not found</h1>
        <p className="text-slate-700 dark:text-slate-200">
          {typeof error.data === "string" ? error.data : "We could not find this order."}
        </p>
        <Link to={backTo} className={linkClass}>
          {backLabel}
        </Link>
      </div>
    );
  }
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ErrorFallback status={isRouteErrorResponse(error) ? error.status : 500} />;
}
