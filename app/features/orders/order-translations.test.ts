import { describe, expect, test } from "vitest";
import { messageText } from "~/i18n/i18n.server";
import { DOUBLE_BOOKING_MESSAGE } from "./order-helpers";
import { ORDER_STATUS_LABELS } from "./order-labels";
import { transitionProblem, type OrderStatus } from "./state-machine";

// features/orders refuses with keys of the `orders` messages; the order pages
// word them in the reader's language (docs/decisions/0025-messages-as-keys.md).

const STATUSES = Object.keys(ORDER_STATUS_LABELS) as OrderStatus[];

describe("features/orders' refusals on the order pages", () => {
  test("every refusal of the state machine is worded in each language", () => {
    const refusals = STATUSES.flatMap((from) =>
      STATUSES.flatMap((to) => [
        transitionProblem(from, to, "client"),
        transitionProblem(from, to, "caregiver"),
        transitionProblem(from, to, "admin"),
      ]),
    ).filter((problem) => problem !== null);
    expect(refusals.length).toBeGreaterThan(0);
    for (const refusal of refusals) {
      for (const locale of ["en", "es"] as const) expect(messageText(locale, refusal)).not.toContain("orders:");
    }
  });

  test("they read in Spanish and in English", () => {
    const problem = transitionProblem("in_progress", "cancelled", "client")!;
    expect(messageText("en", problem)).toBe("This order is in progress and can no longer be cancelled here.");
    expect(messageText("es", problem)).toBe("Este pedido ya está en curso y no se puede cancelar desde aquí.");
    expect(messageText("es", { key: "orders:refusals.offerNoLongerOpen" })).toBe("Esta oferta ya no está disponible.");
    expect(messageText("en", DOUBLE_BOOKING_MESSAGE)).toBe(
      "These visits overlap visits already booked for this caregiver, so the order cannot be confirmed.",
    );
  });
});
