import { installEventHandlers } from "~/event-handlers.server";

// Before each integration file: the app's domain event handlers, as server/boot.ts installs them,
// so that the feature functions under test run their real consequences. Installing is idempotent,
// so files that share a process (vitest.config.ts) and files that boot the server change nothing.
installEventHandlers();
