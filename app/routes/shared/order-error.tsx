import { isRouteErrorResponse, Link } from "react-router";
import { ErrorFallback } from "~/components/error-fallback";
import { linkClass } from "~/components/form-controls";
import { NOT_FOUND_MESSAGE } from "~/features/orders/order-helpers";
import { useT } from "~/i18n/react";

// An order page's error, inside its area (the menu stays): an order that does
// not exist, or is not this person's, reads the same. The refusal comes as
// the feature's English text (NOT_FOUND_MESSAGE, also order-id.ts's), shown
// here in the reader's language; any other text as the loader sent it.
export function OrderError({ error, backTo, backLabel }: { error: unknown; backTo: string; backLabel: string }) {
  const { t } = useT("orders");
  if (isRouteErrorResponse(error) && error.status === 404) {
    const text = typeof error.data === "string" && error.data !== NOT_FOUND_MESSAGE ? error.data : t("error.notFound");
    return (
      <div className="space-y-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
          {t("error.notFoundHeading")}
        </h1>
        <p className="text-slate-700 dark:text-slate-200">{text}</p>
        <Link to={backTo} className={linkClass}>
          {backLabel}
        </Link>
      </div>
    );
  }
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ErrorFallback status={isRouteErrorResponse(error) ? error.status : 500} />;
}
