import { useId, useState } from "react";
import { useFetcher } from "react-router";
import { FormNotice, inputClass, labelClass, secondaryButtonClass, sectionClass } from "~/components/form-controls";
import { useT } from "~/i18n/react";

// The caregiver's private calendar feed (docs/product-rules.md, "Visits"),
// for /caregiver/schedule: the secret address to subscribe to, how to do it
// on a phone, and a reset (with a confirm step) that makes a new address and
// ends the old one. The page's loader gives `feedUrl` through
// loadCalendarFeedUrl (routes/caregiver/calendar-feed.server.ts).

type ResetAnswer = { ok: true; feedUrl: string; message: string } | { ok: false };

export function CalendarFeedPanel({ feedUrl }: { feedUrl: string }) {
  const { t } = useT("evv");
  const id = useId();
  const reset = useFetcher<ResetAnswer>({ key: "calendar-feed-reset" });
  const [isConfirming, setIsConfirming] = useState(false);
  const [isCopied, setIsCopied] = useState(false);
  const answer = reset.state === "idle" && reset.data?.ok ? reset.data : null;
  const url = answer?.feedUrl ?? feedUrl;

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setIsCopied(true);
    } catch {
      // No clipboard (an old browser, no permission): the field is selected instead, to copy by hand.
      (document.getElementById(`${id}-url`) as HTMLInputElement | null)?.select();
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className={sectionClass}>
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-slate-900 dark:text-white">
        {t("calendar.panel.heading")}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("calendar.panel.intro")}</p>
      <div className="mt-4">
        <label htmlFor={`${id}-url`} className={labelClass}>
          {t("calendar.panel.urlLabel")}
        </label>
        <div className="mt-1 flex flex-col gap-2 sm:flex-row">
          <input
            id={`${id}-url`}
            type="text"
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
            className={`${inputClass} mt-0 min-w-0 flex-1 font-mono text-sm`}
          />
          <button type="button" onClick={copy} className={secondaryButtonClass}>
            {t("calendar.panel.copy")}
          </button>
        </div>
        <output className="mt-1 block min-h-5 text-sm text-teal-800 dark:text-teal-300">
          {isCopied ? t("calendar.panel.copied") : ""}
        </output>
      </div>
      <h3 className="mt-4 font-semibold text-slate-900 dark:text-white">{t("calendar.panel.howTo")}</h3>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-200">
        <li>{t("calendar.panel.iphone")}</li>
        <li>{t("calendar.panel.android")}</li>
      </ul>
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{t("calendar.panel.privacy")}</p>
      {answer && (
        <div className="mt-3">
          <FormNotice tone="success">{answer.message}</FormNotice>
        </div>
      )}
      <div className="mt-4">
        {isConfirming ? (
          <reset.Form
            method="post"
            action="/caregiver/calendar-feed"
            onSubmit={() => setIsConfirming(false)}
            className="space-y-3"
          >
            <input type="hidden" name="intent" value="reset" />
            <p className="text-sm font-medium text-slate-900 dark:text-white">{t("calendar.panel.resetConfirm")}</p>
            <div className="flex flex-wrap gap-3">
              <button type="submit" className={secondaryButtonClass}>
                {t("calendar.panel.resetYes")}
              </button>
              <button type="button" onClick={() => setIsConfirming(false)} className={secondaryButtonClass}>
                {t("calendar.panel.resetNo")}
              </button>
            </div>
          </reset.Form>
        ) : (
          <button
            type="button"
            onClick={() => {
              setIsCopied(false);
              setIsConfirming(true);
            }}
            className={secondaryButtonClass}
            aria-busy={reset.state !== "idle" || undefined}
          >
            {t("calendar.panel.reset")}
          </button>
        )}
      </div>
    </section>
  );
}
