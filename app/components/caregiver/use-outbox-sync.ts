import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { toast } from "~/components/toast";
import { useT } from "~/i18n/react";
import { flushOutbox } from "~/client/check-outbox";

/**
 * Sends the phone's waiting check-ins and check-outs whenever a caregiver page
 * opens and whenever the browser comes back online; the page's data is then
 * read again so it shows what the server recorded.
 */
export function useOutboxSync(userId: string) {
  const { revalidate } = useRevalidator();
  const { t } = useT("visits");
  useEffect(() => {
    const sync = async () => {
      const outcomes = await flushOutbox(userId).catch(() => []);
      if (outcomes.length === 0) return;
      const recorded = outcomes.filter((outcome) => outcome.state === "done").length;
      for (const outcome of outcomes) {
        if (outcome.state === "refused") toast.error(outcome.message || t("refusal.generic"));
      }
      if (recorded > 0) {
        toast.success(t("outbox.sent", { count: recorded }));
        await revalidate();
      }
    };
    void sync();
    window.addEventListener("online", sync);
    return () => window.removeEventListener("online", sync);
  }, [userId, revalidate, t]);
}
