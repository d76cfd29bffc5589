/// <reference types="vite-plugin-pwa/vanillajs" />
import { LoaderCircle, RefreshCw } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { prepareToasts, toast } from "~/components/toast";
import { useT } from "~/i18n/react";
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
  type AcceptedUpdate,
  type UpdateEvent,
  type UpdatePhase,
} from "~/utils/pwa-update";

const TOAST_ID = "app-update";

type ServiceWorkerUpdate = {
  /** Sends skip-waiting to the waiting worker (vite-plugin-pwa's updateSW). */
  activateWaitingWorker: () => Promise<void>;
  registration?: ServiceWorkerRegistration;
};

/** An update accepted in this tab, with the timers that follow it. */
type Acceptance = AcceptedUpdate & { timers: number[] };

/**
 * Registers the service worker and runs the update flow (docs/product-rules.md, "PWA and updates"): when a new
 * version is waiting, shows "Update Required"; "Update Now" activates it and
 * reloads the page 1 s later, once the new version is in control.
 */
export function UpdateBanner() {
  // The texts of utils/pwa-update.ts UPDATE_TEXT, in the reader's language (`update` messages).
  const { t } = useT();
  const [phase, setPhase] = useState<UpdatePhase>("idle");
  // The phase as of now, for the event handlers (state lags until the next render).
  const phaseRef = useRef<UpdatePhase>("idle");
  const dispatch = useCallback((event: UpdateEvent) => {
    phaseRef.current = nextUpdatePhase(phaseRef.current, event);
    setPhase(phaseRef.current);
  }, []);
  const workerRef = useRef<ServiceWorkerUpdate | undefined>(undefined);
  const acceptanceRef = useRef<Acceptance | undefined>(undefined);

  /** Ends the accepted update: by the reload when it is due (isReloadDue), or as failed. */
  const settleAcceptance = useCallback(
    (failure?: unknown) => {
      const acceptance = acceptanceRef.current;
      if (!acceptance || (failure === undefined && !isReloadDue(acceptance))) return;
      acceptance.timers.forEach((timer) => window.clearTimeout(timer));
      if (failure === undefined) {
        window.location.reload();
        return;
      }
      acceptanceRef.current = undefined;
      console.error("The update could not be installed.", failure);
      dispatch("failed");
      toast.error(t("update.failedToast"), { id: TOAST_ID, description: t("update.failedDescription") });
    },
    [dispatch, t],
  );

  useEffect(() => {
    // Production builds only: in development `virtual:pwa-register` is a no-op.
    if (!("serviceWorker" in navigator)) return;
    const serviceWorker = navigator.serviceWorker;
    let isDisposed = false;
    let wasControlled = serviceWorker.controller !== null;

    const onControllerChange = () => {
      const acceptance = acceptanceRef.current;
      if (acceptance) {
        acceptance.hasTakenOver = true;
        settleAcceptance();
      } else if (shouldReloadOnControllerChange({ wasControlled, isUpdateAccepted: false })) {
        console.info("A new version of Tendly was activated; reloading.");
        window.location.reload();
      }
      wasControlled = true;
    };

    const checkForUpdate = () => {
      const registration = workerRef.current?.registration;
      if (
        !registration ||
        !shouldCheckForUpdate({
          isVisible: document.visibilityState === "visible",
          isOnline: navigator.onLine,
          isWorkerInstalling: registration.installing !== null,
          phase: phaseRef.current,
        })
      ) {
        return;
      }
      registration
        .update()
        .catch((error: unknown) => console.warn("Could not check for a new version of Tendly.", error));
    };
    const onVisibilityChange = () => {
      if (document.visibilityState === "visible") checkForUpdate();
    };

    serviceWorker.addEventListener("controllerchange", onControllerChange);
    document.addEventListener("visibilitychange", onVisibilityChange);
    const interval = window.setInterval(checkForUpdate, UPDATE_CHECK_INTERVAL_MS);

    import("virtual:pwa-register").then(
      ({ registerSW }) => {
        if (isDisposed) return;
        const worker: ServiceWorkerUpdate = {
          activateWaitingWorker: registerSW({
            immediate: true,
            onNeedRefresh: () => dispatch("new-version-waiting"),
            // Reloads are decided in onControllerChange and acceptUpdate alone;
            // without this, vite-plugin-pwa would reload at once on activation.
            onNeedReload: () => undefined,
            onOfflineReady: () => console.info("Tendly is ready to work offline."),
            onRegisteredSW: (url, registration) => {
              worker.registration = registration;
              console.info(`Service worker registered: ${url}`);
            },
            onRegisterError: (error: unknown) => console.error("The service worker could not be registered.", error),
          }),
        };
        workerRef.current = worker;
      },
      (error: unknown) => console.error("The service worker could not be registered.", error),
    );

    return () => {
      isDisposed = true;
      serviceWorker.removeEventListener("controllerchange", onControllerChange);
      document.removeEventListener("visibilitychange", onVisibilityChange);
      window.clearInterval(interval);
    };
  }, [dispatch, settleAcceptance]);

  // "Installing Update" shows for the second before the reload: its code is loaded
  // when the banner appears, not when the person accepts.
  const isUpdateOffered = phase === "available";
  useEffect(() => {
    if (!isUpdateOffered) return;
    prepareToasts().catch((error: unknown) => console.warn("The notices could not be loaded.", error));
  }, [isUpdateOffered]);

  const acceptUpdate = useCallback(async () => {
    if (!canAcceptUpdate(phaseRef.current)) return;
    dispatch("accepted");
    toast.loading(t("update.installingToast"), { id: TOAST_ID });
    // Begun before skip-waiting is sent, so that the controller change it causes counts as the takeover.
    const acceptance: Acceptance = { isDelayOver: false, hasTakenOver: false, timers: [] };
    acceptanceRef.current = acceptance;
    acceptance.timers.push(
      window.setTimeout(() => {
        acceptance.isDelayOver = true;
        settleAcceptance();
      }, RELOAD_DELAY_MS),
      window.setTimeout(
        () => settleAcceptance(new Error("The new version did not take control of the page in time.")),
        TAKEOVER_TIMEOUT_MS,
      ),
    );
    try {
      const worker = workerRef.current;
      // Nothing to activate (e.g. the waiting worker became redundant): skip-waiting would be ignored silently.
      if (!worker?.registration?.waiting) throw new Error("No new version is waiting to be activated.");
      await worker.activateWaitingWorker();
    } catch (error) {
      settleAcceptance(error);
    }
  }, [dispatch, settleAcceptance, t]);

  const isInstalling = phase === "installing";
  const isShown = isBannerShown(phase);
  return (
    <>
      {/* Always rendered, so that screen readers announce the banner when it appears. */}
      <output aria-live="polite" className="sr-only">
        {isShown ? `${t("update.title")}. ${t("update.description")}` : ""}
      </output>
      {isShown ? (
        <section
          aria-labelledby="update-banner-title"
          className="fixed inset-x-0 bottom-0 z-50 flex justify-center px-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]"
        >
          <div className="flex w-full max-w-lg flex-wrap items-center gap-x-4 gap-y-3 rounded-2xl border border-teal-200 bg-white p-4 shadow-xl dark:border-teal-800 dark:bg-slate-800">
            <RefreshCw aria-hidden="true" className="size-6 shrink-0 text-teal-700 dark:text-teal-300" />
            <div className="min-w-0 flex-1 basis-48">
              <h2 id="update-banner-title" className="font-semibold text-slate-900 dark:text-white">
                {t("update.title")}
              </h2>
              <p className="text-sm text-slate-600 dark:text-slate-300">{t("update.description")}</p>
            </div>
            <button
              type="button"
              onClick={acceptUpdate}
              // aria-disabled rather than disabled keeps keyboard focus on the button while it works.
              aria-disabled={isInstalling}
              className="inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg bg-teal-700 px-5 py-2.5 font-semibold text-white hover:bg-teal-800 aria-disabled:cursor-progress sm:w-auto"
            >
              {isInstalling ? (
                <>
                  <LoaderCircle aria-hidden="true" className="size-4 motion-safe:animate-spin" />
                  {t("update.installing")}
                </>
              ) : (
                t("update.action")
              )}
            </button>
          </div>
        </section>
      ) : null}
    </>
  );
}
