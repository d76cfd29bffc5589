import { describe, expect, test } from "vitest";
import { flattenMessages } from "~/i18n/completeness";
import { localizeText } from "~/i18n/i18n.server";
import enOrders from "~/i18n/locales/en/orders";
import { DOUBLE_BOOKING_MESSAGE, NOT_FOUND_MESSAGE } from "./order-helpers";
import { ORDER_STATUS_LABELS } from "./order-labels";
import { transitionProblem, type OrderStatus } from "./state-machine";

// The English texts features/orders gives the family's and the caregiver's
// order pages are in the `orders` messages word for word, so that the routes
// show them in the reader's language (localizeText).

const STATUSES = Object.keys(ORDER_STATUS_LABELS) as OrderStatus[];
const english = new Set(flattenMessages(enOrders).values());

describe("features/orders' texts on the order pages have their messages", () => {
  test("the state machine's refusals of a family's cancel and a caregiver's accept", () => {
    const refusals = STATUSES.flatMap((from) => [
      transitionProblem(from, "cancelled", "client"),
      transitionProblem(from, "confirmed", "caregiver"),
    ]).filter((problem): problem is string => problem !== null);
    expect(refusals.length).toBeGreaterThan(0);
    for (const refusal of refusals) expect(english).toContain(refusal);
  });

  test("not found and the double booking", () => {
    expect(enOrders.error.notFound).toBe(NOT_FOUND_MESSAGE);
    expect(enOrders.refusals.doubleBooking).toBe(DOUBLE_BOOKING_MESSAGE);
  });

  test("they read in Spanish, and stay as they are in English", () => {
    const problem = transitionProblem("in_progress", "cancelled", "client")!;
    expect(localizeText("en", problem)).toBe(problem);
    expect(localizeText("es", problem)).toBe("Este pedido ya está en curso y no se puede cancelar desde aquí.");
    expect(localizeText("es", "This offer is no longer open.")).toBe("Esta oferta ya no está disponible.");
  });
});
