import { Link } from "react-router";
import { DeliverySettings, type DeliverySettingsData } from "~/components/delivery-settings";
import { TwoFactorSettings } from "~/components/two-factor-settings";
import { useT } from "~/i18n/react";
import { SETTINGS_TABS, type SettingsTab } from "./settings-tabs";

// The settings page of the client and caregiver areas: a tab per section,
// chosen by ?tab= (links, so that each tab has its address, works without
// script and is reached with Tab and Enter).

export function SettingsPage({
  tab,
  isTwoFactorEnabled,
  delivery,
}: {
  tab: SettingsTab;
  isTwoFactorEnabled: boolean;
  delivery: DeliverySettingsData | null;
}) {
  const { t } = useT("account");
  const { t: td } = useT("delivery");
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{t("settings.heading")}</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">{td("settings.intro")}</p>
      </header>
      <nav aria-label={td("settings.tabsLabel")}>
        <ul className="flex gap-1 border-b border-slate-200 dark:border-slate-700">
          {SETTINGS_TABS.map((name) => {
            const isCurrent = name === tab;
            return (
              <li key={name}>
                <Link
                  to={`?tab=${name}`}
                  aria-current={isCurrent ? "page" : undefined}
                  className={`-mb-px inline-flex min-h-11 items-center border-b-2 px-4 font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600 ${
                    isCurrent
                      ? "border-teal-700 text-teal-800 dark:border-teal-300 dark:text-teal-200"
                      : "border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
                  }`}
                >
                  {td(`settings.tabs.${name}`)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {tab === "notifications" && delivery ? (
        <DeliverySettings settings={delivery} />
      ) : (
        <TwoFactorSettings isEnabled={isTwoFactorEnabled} />
      )}
    </div>
  );
}
