// The app-update flow (docs/product-rules.md, "PWA and updates"), as plain data and decisions so
// that it runs in unit tests; app/components/update-banner.tsx wires it to the
// service worker, the page and the toasts.

/** Look for a new version every 5 minutes (and when the tab becomes visible). */
export const UPDATE_CHECK_INTERVAL_MS = 5 * 60 * 1000;
/** Reload 1 s after the person accepts the update (once the new version is in control: isReloadDue). */
export const RELOAD_DELAY_MS = 1000;
/** How long the accepted version may take to take control of the page before the update counts as failed. */
export const TAKEOVER_TIMEOUT_MS = 15_000;

/** The visible texts, word for word. */
export const UPDATE_TEXT = {
  title: "Update Required",
  action: "Update Now",
  installing: "Installing Update...",
  installingToast: "Installing Update",
  failedToast: "Update Failed",
  failedDescription: "Please try refreshing the page manually.",
} as const;

/**
 * - idle: nothing to do (no worker yet, or the running version is current);
 * - available: a new worker is installed and waiting; the banner asks to update;
 * - installing: the person accepted; the new worker is activating and the page reloads;
 * - failed: accepting did not work; the banner stays so that they can try again.
 */
export type UpdatePhase = "idle" | "available" | "installing" | "failed";
export type UpdateEvent = "new-version-waiting" | "accepted" | "failed";

export function nextUpdatePhase(phase: UpdatePhase, event: UpdateEvent): UpdatePhase {
  switch (event) {
    case "new-version-waiting":
      // A newer build found while one is being installed changes nothing: the reload picks it up.
      return phase === "installing" ? phase : "available";
    case "accepted":
      return phase === "available" || phase === "failed" ? "installing" : phase;
    case "failed":
      return phase === "installing" ? "failed" : phase;
  }
}

export function isBannerShown(phase: UpdatePhase): boolean {
  return phase !== "idle";
}

/** The update button does nothing while an update is already being installed. */
export function canAcceptUpdate(phase: UpdatePhase): boolean {
  return phase === "available" || phase === "failed";
}

/**
 * Whether to ask the browser to look for a new service worker now. Hidden tabs
 * wait until they become visible (which checks at once); offline checks would
 * only fail; while a worker is installing or an update is being applied there
 * is nothing new to learn.
 */
export function shouldCheckForUpdate(state: {
  isVisible: boolean;
  isOnline: boolean;
  isWorkerInstalling: boolean;
  phase: UpdatePhase;
}): boolean {
  return state.isVisible && state.isOnline && !state.isWorkerInstalling && state.phase !== "installing";
}

/**
 * Whether to reload when the worker controlling the page changes
 * (`controllerchange`).
 * - The first worker taking control of a page that had none is not an update:
 *   the page already runs the current code, so it stays as it is.
 * - After "Update Now" in this tab, isReloadDue decides.
 * - Otherwise a new version was activated elsewhere (the update accepted in
 *   another tab, or an external activation): reload so that this page runs the
 *   code the new worker serves.
 */
export function shouldReloadOnControllerChange(state: { wasControlled: boolean; isUpdateAccepted: boolean }): boolean {
  return state.wasControlled && !state.isUpdateAccepted;
}

/** An update accepted in this tab: what has happened since "Update Now". */
export type AcceptedUpdate = { isDelayOver: boolean; hasTakenOver: boolean };

/**
 * After "Update Now" the page reloads when RELOAD_DELAY_MS has passed and the new version controls the
 * page, whichever comes last. A reload begun while the old worker was being replaced could hang for
 * minutes: its navigation was left to the retiring worker, which never answered it.
 */
export function isReloadDue(update: AcceptedUpdate): boolean {
  return update.isDelayOver && update.hasTakenOver;
}
