import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { useT } from "~/i18n/react";
import { connectionLossSnapshot, subscribeConnectionLoss } from "~/utils/connection-loss";
import { FormNotice } from "./form-controls";

// What a form shows when its send never reached the server
// (docs/product-rules.md, "Connection lost while sending a form"): the root's client middleware
// (utils/connection-loss.ts) keeps the page as it was; these say so.

/** Whether the latest send from this page found no connection (until the next send, or a page that loads). */
export function useConnectionLost(): boolean {
  const loss = useSyncExternalStore(subscribeConnectionLoss, connectionLossSnapshot, () => null);
  const { pathname, search } = useLocation();
  return loss !== null && loss.page === pathname + search;
}

/**
 * A form's last answer from the server. A send that found no connection
 * answers with nothing; the answer before it (a step reached, errors shown)
 * still describes the form on screen, so it is kept while the loss stands.
 */
export function useLastAnswer<T>(answer: T | undefined): { answer: T | undefined; isConnectionLost: boolean } {
  const isConnectionLost = useConnectionLost();
  const [kept, setKept] = useState(answer);
  // Set during render, as React advises for state that follows a prop: no extra render with a stale answer.
  if (!isConnectionLost && kept !== answer) setKept(answer);
  return { answer: isConnectionLost ? kept : answer, isConnectionLost };
}

/** "Connection hiccup! ...", above a form's send button, while the page's latest send found no connection. */
export function ConnectionNotice({ className }: { className?: string }) {
  const isConnectionLost = useConnectionLost();
  const { t } = useT("common");
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // On a phone the button may sit at the screen's edge: the message comes into view with it.
    if (isConnectionLost) ref.current?.scrollIntoView({ block: "nearest" });
  }, [isConnectionLost]);
  if (!isConnectionLost) return null;
  return (
    <div ref={ref} className={className}>
      <FormNotice tone="error">{t("connection.lost")}</FormNotice>
    </div>
  );
}
