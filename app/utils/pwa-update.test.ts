import { describe, expect, test } from "vitest";
import {
  canAcceptUpdate,
  isBannerShown,
  isReloadDue,
  nextUpdatePhase,
  RELOAD_DELAY_MS,
  shouldCheckForUpdate,
  shouldReloadOnControllerChange,
  TAKEOVER_TIMEOUT_MS,
  UPDATE_CHECK_INTERVAL_MS,
  UPDATE_TEXT,
  type UpdateEvent,
  type UpdatePhase,
} from "./pwa-update";

describe("update timing", () => {
  test("checks for a new version every 5 minutes", () => {
    expect(UPDATE_CHECK_INTERVAL_MS).toBe(300_000);
  });

  test("reloads 1 s after the update is accepted", () => {
    expect(RELOAD_DELAY_MS).toBe(1000);
  });

  test("an accepted version that has not taken over within 15 s is a failed update", () => {
    expect(TAKEOVER_TIMEOUT_MS).toBe(15_000);
  });
});

describe("update texts", () => {
  test("are the product's words", () => {
    expect(UPDATE_TEXT).toEqual({
      title: "Update Required",
      action: "Update Now",
      installing: "Installing Update...",
      installingToast: "Installing Update",
      failedToast: "Update Failed",
      failedDescription: "Please try refreshing the page manually.",
    });
  });
});

function run(events: UpdateEvent[], from: UpdatePhase = "idle") {
  return events.reduce(nextUpdatePhase, from);
}

describe("nextUpdatePhase", () => {
  test("a waiting new version shows the banner", () => {
    expect(run(["new-version-waiting"])).toBe("available");
    expect(isBannerShown("idle")).toBe(false);
    expect(isBannerShown("available")).toBe(true);
  });

  test("accepting installs; the banner stays, saying it is installing", () => {
    expect(run(["new-version-waiting", "accepted"])).toBe("installing");
    expect(isBannerShown("installing")).toBe(true);
  });

  test("nothing can be accepted before a new version is waiting", () => {
    expect(run(["accepted"])).toBe("idle");
    expect(canAcceptUpdate("idle")).toBe(false);
  });

  test("a second press while installing does nothing", () => {
    expect(canAcceptUpdate("installing")).toBe(false);
    expect(run(["accepted"], "installing")).toBe("installing");
  });

  test("a failure keeps the banner and lets the person try again", () => {
    const failed = run(["new-version-waiting", "accepted", "failed"]);
    expect(failed).toBe("failed");
    expect(isBannerShown(failed)).toBe(true);
    expect(canAcceptUpdate(failed)).toBe(true);
    expect(run(["accepted"], failed)).toBe("installing");
  });

  test("a failure report outside an installation changes nothing", () => {
    expect(run(["failed"], "idle")).toBe("idle");
    expect(run(["failed"], "available")).toBe("available");
  });

  test("a newer version found while installing does not interrupt the installation", () => {
    expect(run(["new-version-waiting"], "installing")).toBe("installing");
  });

  test("a newer version found after a failure offers the update again", () => {
    expect(run(["new-version-waiting"], "failed")).toBe("available");
  });
});

describe("shouldCheckForUpdate", () => {
  const ready = { isVisible: true, isOnline: true, isWorkerInstalling: false, phase: "idle" as UpdatePhase };

  test("checks a visible, online tab", () => {
    expect(shouldCheckForUpdate(ready)).toBe(true);
    expect(shouldCheckForUpdate({ ...ready, phase: "available" })).toBe(true);
  });

  test("skips hidden tabs (they check when they become visible)", () => {
    expect(shouldCheckForUpdate({ ...ready, isVisible: false })).toBe(false);
  });

  test("skips while offline", () => {
    expect(shouldCheckForUpdate({ ...ready, isOnline: false })).toBe(false);
  });

  test("skips while a worker is installing or an update is being applied", () => {
    expect(shouldCheckForUpdate({ ...ready, isWorkerInstalling: true })).toBe(false);
    expect(shouldCheckForUpdate({ ...ready, phase: "installing" })).toBe(false);
  });
});

describe("shouldReloadOnControllerChange", () => {
  test("the first worker taking control of the page does not reload it", () => {
    expect(shouldReloadOnControllerChange({ wasControlled: false, isUpdateAccepted: false })).toBe(false);
  });

  test("a new version activated elsewhere reloads the page", () => {
    expect(shouldReloadOnControllerChange({ wasControlled: true, isUpdateAccepted: false })).toBe(true);
  });

  test("after Update Now in this tab the accepted update's reload is the only one", () => {
    expect(shouldReloadOnControllerChange({ wasControlled: true, isUpdateAccepted: true })).toBe(false);
  });
});

describe("isReloadDue", () => {
  test("reloads once the second has passed and the new version is in control", () => {
    expect(isReloadDue({ isDelayOver: true, hasTakenOver: true })).toBe(true);
  });

  test("a new version in control before the second is up waits for the second", () => {
    expect(isReloadDue({ isDelayOver: false, hasTakenOver: true })).toBe(false);
  });

  test("the second up while the old worker is still being replaced waits for the takeover", () => {
    expect(isReloadDue({ isDelayOver: true, hasTakenOver: false })).toBe(false);
  });
});
