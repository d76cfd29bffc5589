import { on } from "~/platform/events/domain-events.server";
import { handOverVisitsOnTimeOff } from "./time-off.server";

// What visits do when something happens elsewhere (docs/decisions/0035-domain-events.md), in the
// publisher's transaction.

export const visitsEventHandlers = [
  // A recurring order's visits booked by the horizon inside its caregiver's time off are handed over as the time
  // off's own handover does (docs/product-rules.md, "Time off").
  on("order.visits_extended", async (tx, extended) => {
    await handOverVisitsOnTimeOff(tx, extended);
  }),
];
