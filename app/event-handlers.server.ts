import { adminEventHandlers } from "~/features/admin/event-handlers.server";
import { billingEventHandlers } from "~/features/billing/event-handlers.server";
import { messagingEventHandlers } from "~/features/messaging/event-handlers.server";
import { ordersEventHandlers } from "~/features/orders/event-handlers.server";
import { paymentsEventHandlers } from "~/features/payments/event-handlers.server";
import { visitsEventHandlers } from "~/features/visits/event-handlers.server";
import { installDomainEventHandlers } from "~/platform/events/domain-events.server";

// The one place that knows which feature handles which domain event
// (docs/decisions/0035-domain-events.md). Every entry point that runs feature code calls
// installEventHandlers() once before it: server/boot.ts (the server and the scripts that boot it),
// the integration tests' setup (tests/integration/setup.ts) and the end-to-end tests' database
// (tests/e2e/e2e-database.ts). A second call changes nothing.
//
// Within one event type the handlers run in the order listed here: orders first, so that an order
// is completed before its visit's invoice is queued.

export function installEventHandlers(): void {
  installDomainEventHandlers([
    ...ordersEventHandlers,
    ...billingEventHandlers,
    ...messagingEventHandlers,
    ...paymentsEventHandlers,
    ...visitsEventHandlers,
    ...adminEventHandlers,
  ]);
}
