import { useCallback, useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { useT } from "~/i18n/react";
import { FormNotice, primaryButtonClass, secondaryButtonClass, sectionClass } from "./form-controls";

// Push notifications on this device (docs/product-rules.md, "Notification
// delivery"): asks the browser's permission, subscribes through the service
// worker with the server's VAPID key and hands the subscription to
// /api/push-subscriptions. The state shown is this browser's: on, off, blocked
// by the browser, not supported, or not set up on the server.

type PushState = "checking" | "on" | "off" | "blocked" | "unsupported" | "unavailable";

const PUSH_API = "/api/push-subscriptions";
/** How long to wait for the service worker before saying push is not supported here. */
const WORKER_WAIT_MS = 5000;

function isPushSupported(): boolean {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** The page's service worker registration, or null when none comes (development, or a blocked worker). */
async function workerRegistration(): Promise<ServiceWorkerRegistration | null> {
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), WORKER_WAIT_MS));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/** The VAPID key as the push manager takes it (base64url to bytes). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

async function postSubscription(subscription: PushSubscription): Promise<void> {
  const { endpoint, keys } = subscription.toJSON();
  const response = await fetch(PUSH_API, {
    method: "POST",
    body: new URLSearchParams({
      intent: "subscribe",
      endpoint: endpoint ?? "",
      p256dh: keys?.p256dh ?? "",
      auth: keys?.auth ?? "",
    }),
  });
  if (!response.ok) throw new Error(`The subscription was refused (${response.status})`);
}

async function deleteSubscription(endpoint: string): Promise<void> {
  const response = await fetch(PUSH_API, {
    method: "POST",
    body: new URLSearchParams({ intent: "unsubscribe", endpoint }),
  });
  if (!response.ok) throw new Error(`The subscription could not be removed (${response.status})`);
}

export function PushDeviceSettings({ publicKey, deviceCount }: { publicKey: string | null; deviceCount: number }) {
  const { t } = useT("delivery");
  const revalidator = useRevalidator();
  const [state, setState] = useState<PushState>(publicKey ? "checking" : "unavailable");
  const [isBusy, setIsBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);

  useEffect(() => {
    if (!publicKey) return;
    let isCurrent = true;
    const settle = (next: PushState) => {
      if (isCurrent) setState(next);
    };
    const check = async () => {
      if (!isPushSupported()) return settle("unsupported");
      if (Notification.permission === "denied") return settle("blocked");
      const registration = await workerRegistration();
      if (!registration) return settle("unsupported");
      const subscription = await registration.pushManager.getSubscription();
      if (!subscription) return settle("off");
      // The server may have dropped it (a push service said it was gone): hand it over again.
      await postSubscription(subscription).catch(() => {});
      settle("on");
    };
    check().catch(() => settle("unsupported"));
    return () => {
      isCurrent = false;
    };
  }, [publicKey]);

  const turnOn = useCallback(async () => {
    if (!publicKey) return;
    setIsBusy(true);
    setNotice(null);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        setState(permission === "denied" ? "blocked" : "off");
        return;
      }
      const registration = await workerRegistration();
      if (!registration) {
        setState("unsupported");
        return;
      }
      const options = { userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) };
      let subscription: PushSubscription;
      try {
        subscription = await registration.pushManager.subscribe(options);
      } catch (error) {
        // A subscription made with another server key must go first.
        const previous = await registration.pushManager.getSubscription();
        if (!previous) throw error;
        await previous.unsubscribe();
        subscription = await registration.pushManager.subscribe(options);
      }
      try {
        await postSubscription(subscription);
      } catch (error) {
        await subscription.unsubscribe();
        throw error;
      }
      setState("on");
      setNotice({ tone: "success", text: t("push.turnedOn") });
      void revalidator.revalidate();
    } catch (error) {
      console.error("Push notifications could not be turned on.", error);
      setNotice({ tone: "error", text: t("push.failed") });
    } finally {
      setIsBusy(false);
    }
  }, [publicKey, revalidator, t]);

  const turnOff = useCallback(async () => {
    setIsBusy(true);
    setNotice(null);
    try {
      const registration = await workerRegistration();
      const subscription = await registration?.pushManager.getSubscription();
      if (subscription) {
        await deleteSubscription(subscription.endpoint);
        await subscription.unsubscribe();
      }
      setState("off");
      setNotice({ tone: "success", text: t("push.turnedOff") });
      void revalidator.revalidate();
    } catch (error) {
      console.error("Push notifications could not be turned off.", error);
      setNotice({ tone: "error", text: t("push.failed") });
    } finally {
      setIsBusy(false);
    }
  }, [revalidator, t]);

  const hint =
    state === "blocked" || state === "unsupported" || state === "unavailable" ? t(`push.hints.${state}`) : null;
  return (
    <section aria-labelledby="push-heading" className={sectionClass}>
      <h2 id="push-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        {t("push.heading")}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("push.description")}</p>
      <p className="mt-4 text-slate-800 dark:text-slate-100" aria-live="polite">
        {t("push.status")} <strong data-testid="push-state">{t(`push.states.${state}`)}</strong>
      </p>
      {hint && <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{hint}</p>}
      {deviceCount > 0 && (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("push.devices", { count: deviceCount })}</p>
      )}
      <div className="mt-4">
        {state === "on" ? (
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={isBusy}
            aria-busy={isBusy || undefined}
            onClick={turnOff}
          >
            {isBusy ? t("push.turningOff") : t("push.turnOff")}
          </button>
        ) : state === "off" ? (
          <button
            type="button"
            className={primaryButtonClass}
            disabled={isBusy}
            aria-busy={isBusy || undefined}
            onClick={turnOn}
          >
            {isBusy ? t("push.turningOn") : t("push.turnOn")}
          </button>
        ) : null}
      </div>
      {notice && (
        <div className="mt-4">
          <FormNotice tone={notice.tone}>{notice.text}</FormNotice>
        </div>
      )}
    </section>
  );
}
