import { useEffect } from "react";
import { Link } from "react-router";
import { useLiveRefresh, useRealtime, useRealtimeStatus } from "~/client/use-realtime";
import { sectionClass } from "~/components/form-controls";
import { useFormat, useT } from "~/i18n/react";
import type { AttentionCount } from "~/features/admin/attention.server";

// The admin home's "Needs attention now" (docs/product-rules.md, "The admin's home"): one link per count,
// each to its list filtered to the same rows. Live: the page's data is read again whenever the realtime
// stream says something a count watches changed (an admin-attention event: an application, an offer, a
// contact message, a card charge, a check-in or out, earnings to pay; a visit going late or back on time; a
// notification; a support message), and when the tab is looked at again after a dropped stream.

export function AttentionCounts({ counts }: { counts: readonly AttentionCount[] }) {
  const { t } = useT("console");
  const format = useFormat();
  const status = useRealtimeStatus();
  const refresh = useLiveRefresh();
  useRealtime("visit-attention", refresh);
  useRealtime("notification", refresh);
  useRealtime("message", refresh);
  useRealtime("admin-attention", refresh);
  // A stream that was away (asleep, offline) replays what it missed, or the page reloads its data on
  // resync; coming back to the tab reads the counts again as well.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible") refresh();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [refresh]);
  const isAllClear = counts.every((entry) => entry.count === 0);
  return (
    <section aria-labelledby="attention-now" className={sectionClass} data-attention-counts>
      <h2 id="attention-now" className="text-xl font-semibold text-slate-900 dark:text-white">
        {t("home.attentionHeading")}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {t("home.attentionIntro")} {status === "closed" ? t("home.offline") : t("home.live")}
      </p>
      {isAllClear && <p className="mt-3 font-medium text-teal-800 dark:text-teal-300">{t("home.allClear")}</p>}
      <ul className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4" aria-live="polite">
        {counts.map((entry) => {
          const figure = entry.isCut ? t("home.cut", { count: entry.count }) : format.number(entry.count);
          return (
            <li key={entry.item}>
              <Link
                to={entry.href}
                data-attention={entry.item}
                data-count={entry.count}
                className={`flex h-full min-h-24 flex-col justify-between gap-2 rounded-lg border p-3 sm:p-4 hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600 dark:hover:bg-slate-800 ${
                  entry.count > 0
                    ? "border-amber-400 bg-amber-50/60 dark:border-amber-600 dark:bg-amber-950/30"
                    : "border-slate-200 dark:border-slate-700"
                }`}
              >
                <span className="text-3xl font-bold text-slate-900 tabular-nums dark:text-white">{figure}</span>
                <span className="text-sm font-medium text-slate-800 dark:text-slate-100">
                  {t(`home.items.${entry.item}`)}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
