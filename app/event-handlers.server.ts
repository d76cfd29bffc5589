import { installDomainEventHandlers } from "~/platform/events/domain-events.server";

// The one place that knows which feature handles which domain event
// (docs/decisions/0035-domain-events.md). Every entry point that runs feature code calls
// installEventHandlers() once before it: server/boot.ts (the server and the scripts that boot it),
// the integration tests' setup (tests/integration/setup.ts) and the end-to-end tests' database
// (tests/e2e/e2e-database.ts). A second call changes nothing.
//
// Within one event type the handlers run in the order listed here.

export function installEventHandlers(): void {
  installDomainEventHandlers([]);
}
