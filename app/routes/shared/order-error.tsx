import { isRouteErrorResponse } from "react-router";
import { NOT_FOUND_MESSAGE } from "~/features/orders/order-helpers";
import { useT } from "~/i18n/react";
import { AreaError } from "./area-error";

// An order page's error, inside its area (the menu stays): an order that does
// not exist, or is not this person's, reads the same. The refusal comes as
// the feature's English text (NOT_FOUND_MESSAGE, also order-id.ts's), shown
// here in the reader's language; any other text as the loader sent it.
export function OrderError({ error, backTo, backLabel }: { error: unknown; backTo: string; backLabel: string }) {
  const { t } = useT("orders");
  const data = isRouteErrorResponse(error) ? error.data : null;
  const text = typeof data === "string" && data !== NOT_FOUND_MESSAGE ? data : t("error.notFound");
  return (
    <AreaError error={error} heading={t("error.notFoundHeading")} text={text} backTo={backTo} backLabel={backLabel} />
  );
}
