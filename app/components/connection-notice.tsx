import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { useT } from "~/i18n/react";
import { connectionLossSnapshot, subscribeConnectionLoss, type LossReason } from "~/utils/connection-loss";
import { FormNotice } from "./form-controls";

// What a form shows when its send never reached the server
// (docs/product-rules.md, "Connection lost while sending a form"): the root's client middleware
// (utils/connection-loss.ts) keeps the page as it was; these say so.

/** Why the latest send from this page came to nothing, or null (until the next send, or a page that loads). */
export function useConnectionLoss(): LossReason | null {
  const loss = useSyncExternalStore(subscribeConnectionLoss, connectionLossSnapshot, () => null);
  const { pathname, search } = useLocation();
  return loss !== null && loss.page === pathname + search ? loss.reason : null;
}

/** Whether the latest send from this page came to nothing. */
export function useConnectionLost(): boolean {
  return useConnectionLoss() !== null;
}

/**
 * A form's last answer from the server. A send that found no connection
 * answers with nothing; the answer before it (a step reached, errors shown)
 * still describes the form on screen, so it is kept while the loss stands.
 */
export function useLastAnswer<T>(answer: T | undefined): {
  answer: T | undefined;
  isConnectionLost: boolean;
  lossReason: LossReason | null;
} {
  const lossReason = useConnectionLoss();
  const isConnectionLost = lossReason !== null;
  const [kept, setKept] = useState(answer);
  // Set during render, as React advises for state that follows a prop: no extra render with a stale answer.
  if (!isConnectionLost && kept !== answer) setKept(answer);
  return { answer: isConnectionLost ? kept : answer, isConnectionLost, lossReason };
}

/**
 * "Connection hiccup! ...", above a form's send button, while the page's latest send found no
 * connection; "Tendly is restarting ..." while it found the server unable to do it for a moment.
 */
export function ConnectionNotice({ className }: { className?: string }) {
  const lossReason = useConnectionLoss();
  const isConnectionLost = lossReason !== null;
  const { t } = useT("common");
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // On a phone the button may sit at the screen's edge: the message comes into view with it.
    if (isConnectionLost) ref.current?.scrollIntoView({ block: "nearest" });
  }, [isConnectionLost]);
  if (!isConnectionLost) return null;
  return (
    <div ref={ref} className={className}>
      <FormNotice tone="error">
        {t(lossReason === "unavailable" ? "connection.unavailable" : "connection.lost")}
      </FormNotice>
    </div>
  );
}
