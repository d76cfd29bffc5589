import { AlertDialog } from "radix-ui";
import { RotateCcw } from "lucide-react";
import { useFetcher } from "react-router";
import { useAfterEachAnswer } from "~/components/use-after-each-answer";
import { FormNotice, primaryButtonClass, secondaryButtonClass } from "~/components/form-controls";
import { useT } from "~/i18n/react";
import { clearBrowserDrafts } from "./step-parts";

/** What the start-over action answers (routes/caregiver-onboarding/start-over.ts). */
export type StartOverResult = { ok: true; next: string } | { ok: false; error: string };

/**
 * "Start over" with a confirmation (docs/product-rules.md, "Caregiver application and vetting"): it clears the draft, the step and the
 * files. The server clears the answers and deletes the uploads first; only
 * then does the browser forget its copy, and the page reloads on the first
 * step after personal information.
 */
export function StartOverControl() {
  const { t } = useT("onboarding");
  const fetcher = useFetcher<StartOverResult>();
  const isPending = fetcher.state !== "idle";
  const result = fetcher.data;

  // Once the fetcher has settled (its reload of the page data done).
  const settled = fetcher.state === "idle" ? result : undefined;
  useAfterEachAnswer(settled, () => {
    if (!settled?.ok) return;
    clearBrowserDrafts();
    // A full load, so no form keeps what was typed before.
    window.location.assign(settled.next);
  });

  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger className="inline-flex min-h-11 items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 underline-offset-2 hover:bg-slate-100 hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600 dark:text-slate-200 dark:hover:bg-slate-800">
        <RotateCcw aria-hidden="true" className="size-4" />
        {t("startOver.trigger")}
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 text-slate-800 shadow-2xl dark:bg-slate-900 dark:text-slate-100">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">
            {t("startOver.title")}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-slate-700 dark:text-slate-300">
            {t("startOver.description")}
          </AlertDialog.Description>
          {result && !result.ok && (
            <div className="mt-4">
              <FormNotice tone="error">{result.error}</FormNotice>
            </div>
          )}
          <fetcher.Form
            method="post"
            action="/register/caregiver/start-over"
            className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end"
          >
            <AlertDialog.Cancel className={secondaryButtonClass}>{t("startOver.keep")}</AlertDialog.Cancel>
            <button
              type="submit"
              disabled={isPending}
              aria-busy={isPending || undefined}
              className={primaryButtonClass}
            >
              {isPending ? t("startOver.pending") : t("startOver.confirm")}
            </button>
          </fetcher.Form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
