import { useLocation } from "react-router";
import { isFooterHidden, showsCareBookingButton, type ChromeUser } from "~/utils/chrome-rules";
import { useT } from "~/i18n/react";
import type { Preferences } from "~/utils/preferences";
import { DisplayPreferencesEffect } from "./display-preferences";
import { CareBookingButton } from "./care-booking-button";
import { ScrollToTop } from "./scroll-to-top";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { UnreadMessagesProvider } from "./unread-messages";
import { useAppMode } from "./use-app-mode";
import type { NotificationCenterState } from "./use-notification-center";

export type SiteChromeProps = {
  children: React.ReactNode;
  user: ChromeUser | null;
  preferences: Preferences;
  contact: { phone: string; email: string };
  /** The signed-in person's notifications and unread messages; null when signed out or unknown. */
  notificationCenter: NotificationCenterState | null;
  /** A public demo (DEMO_MODE=true) says so on every page. */
  isPublicDemo?: boolean;
};

/** The shared chrome around every screen (docs/product-rules.md, "Public site and header"): header, main landmark, footer, floating button. */
export function SiteChrome({
  children,
  user,
  preferences,
  contact,
  notificationCenter,
  isPublicDemo,
}: SiteChromeProps) {
  const { pathname } = useLocation();
  const appMode = useAppMode(preferences);
  const hasCareBookingButton = showsCareBookingButton(pathname, appMode === "mobile");
  const { t } = useT();

  return (
    <UnreadMessagesProvider value={notificationCenter?.unreadMessages ?? 0}>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only rounded-lg bg-teal-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60]"
        >
          {t("skipToMain")}
        </a>
        <ScrollToTop />
        <DisplayPreferencesEffect preferences={preferences} />
        {isPublicDemo && <PublicDemoNotice />}
        <SiteHeader user={user} preferences={preferences} notificationCenter={notificationCenter} />
        <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
          {children}
        </main>
        {!isFooterHidden(pathname, !!user) && <SiteFooter contact={contact} hasFloatingButton={hasCareBookingButton} />}
        {hasCareBookingButton && <CareBookingButton />}
      </div>
    </UnreadMessagesProvider>
  );
}

/** docs/decisions/0010: a public demo is no place for anything real. */
function PublicDemoNotice() {
  const { t } = useT();
  return (
    <p
      role="note"
      className="bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950 dark:bg-amber-900 dark:text-amber-50"
    >
      {t("publicDemo")}
    </p>
  );
}
