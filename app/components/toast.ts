import { useSyncExternalStore } from "react";
import type { ExternalToast, toast as sonnerToast } from "sonner";

// Toasts (sonner) load on the first one shown, not with every page: the root
// mounts the toaster once `toast` has been called (useIsToasterWanted), and
// sonner hands a toaster that subscribes late every toast still active, so
// none fired while its code was on the way is lost.

type ToastType = "success" | "error" | "warning" | "info" | "loading";
type Message = Parameters<typeof sonnerToast.success>[0];

let isWanted = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Whether a toast has been asked for on this page, so the toaster must be mounted. */
export function useIsToasterWanted() {
  return useSyncExternalStore(
    subscribe,
    () => isWanted,
    () => false,
  );
}

/**
 * Mounts the toaster and loads sonner now, for a toast that must show at once
 * when it comes (the update's "Installing Update", shown 1 s before a reload).
 */
export function prepareToasts() {
  if (!isWanted) {
    isWanted = true;
    for (const listener of listeners) listener();
  }
  return import("sonner");
}

function show(type: ToastType, message: Message, data?: ExternalToast) {
  prepareToasts().then(
    ({ toast }) => toast[type](message, data),
    (error: unknown) => console.error("A notice could not be shown.", error),
  );
}

/** sonner's `toast.success(...)` and siblings, loading sonner on first use. */
export const toast = {
  success: (message: Message, data?: ExternalToast) => show("success", message, data),
  error: (message: Message, data?: ExternalToast) => show("error", message, data),
  warning: (message: Message, data?: ExternalToast) => show("warning", message, data),
  info: (message: Message, data?: ExternalToast) => show("info", message, data),
  loading: (message: Message, data?: ExternalToast) => show("loading", message, data),
};
