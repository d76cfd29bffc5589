import { isRouteErrorResponse } from "react-router";
import { useT } from "~/i18n/react";
import { AreaError } from "~/components/area-error";

// An order page's error, inside its area (the menu stays): an order that does
// not exist, or is not this person's, reads the same. A loader's refusal comes
// worded in the reader's language (throwRefusal); an id that cannot be an
// order (order-id.ts) comes with no text and reads "not found" here.
export function OrderError({ error, backTo, backLabel }: { error: unknown; backTo: string; backLabel: string }) {
  const { t } = useT("orders");
  const data = isRouteErrorResponse(error) ? error.data : null;
  const text = typeof data === "string" && data ? data : t("error.notFound");
  return (
    <AreaError error={error} heading={t("error.notFoundHeading")} text={text} backTo={backTo} backLabel={backLabel} />
  );
}
