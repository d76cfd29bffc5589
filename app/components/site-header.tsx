import { TendlyLogo } from "~/components/tendly-logo";
import { useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { useT } from "~/i18n/react";
import { headerLinksAfterServices, notificationSettingsPathFor, type ChromeUser } from "~/utils/chrome-rules";
import type { NotificationCenterState } from "./use-notification-center";
import type { Preferences } from "~/utils/preferences";
import { deferredControl, type TriggerStandInHandlers } from "./deferred-control";
import { HIDDEN_BELOW_LINKS_BREAKPOINT } from "./header-breakpoints";
import { LanguageSwitch } from "./language-switch";
import {
  accessibilityTrigger,
  accountTrigger,
  drawerTrigger,
  navLinkClass,
  notificationsTrigger,
  servicesTrigger,
  TriggerStandIn,
} from "./header-triggers";
import { SiteNavLink } from "./site-nav-link";
import { usePublishedHeaderEdge } from "./use-header-edge";

// The menus, panels and drawer of the header load with their UI library on
// first use (deferredControl): a visitor who only reads the page never
// downloads them.
const ServicesMenu = deferredControl(
  () => import("./header-menus").then((module) => module.ServicesMenu),
  function ServicesStandIn({ handlers }) {
    const { pathname } = useLocation();
    const { t } = useT();
    return <TriggerStandIn popup="menu" look={servicesTrigger(pathname === "/services", t)} handlers={handlers} />;
  },
);
const AccountMenu = deferredControl(
  () => import("./header-menus").then((module) => module.AccountMenu),
  function AccountStandIn({ props, handlers }: { props: { user: ChromeUser }; handlers: TriggerStandInHandlers }) {
    const { t } = useT();
    return <TriggerStandIn popup="menu" look={accountTrigger(props.user, t)} handlers={handlers} />;
  },
);
const AccessibilityPanel = deferredControl(
  () => import("./accessibility-panel").then((module) => module.AccessibilityPanel),
  function AccessibilityStandIn({
    handlers,
  }: {
    props: { preferences: Preferences };
    handlers: TriggerStandInHandlers;
  }) {
    const { t } = useT();
    return <TriggerStandIn popup="dialog" look={accessibilityTrigger(t)} handlers={handlers} />;
  },
);
const NotificationCenter = deferredControl(
  () => import("./notification-panel").then((module) => module.NotificationCenter),
  function NotificationsStandIn({
    props,
    handlers,
  }: {
    props: { center: NotificationCenterState; settingsPath: string };
    handlers: TriggerStandInHandlers;
  }) {
    const { t } = useT();
    return (
      <TriggerStandIn popup="dialog" look={notificationsTrigger(props.center.counts.unread, t)} handlers={handlers} />
    );
  },
);
const MobileDrawer = deferredControl(
  () => import("./mobile-drawer").then((module) => module.MobileDrawer),
  function DrawerStandIn({
    handlers,
  }: {
    props: { user: ChromeUser | null; preferences: Preferences };
    handlers: TriggerStandInHandlers;
  }) {
    const { t } = useT();
    return <TriggerStandIn popup="dialog" look={drawerTrigger(t)} handlers={handlers} />;
  },
);

/** The header changes style once the page scrolls past 20 px (docs/product-rules.md, "Public site and header"). */
export const HEADER_SCROLL_THRESHOLD_PX = 20;

function useIsScrolledPast(threshold: number) {
  const [isScrolled, setIsScrolled] = useState(false);
  useEffect(() => {
    const update = () => setIsScrolled(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return isScrolled;
}

export type SiteHeaderProps = {
  user: ChromeUser | null;
  preferences: Preferences;
  notificationCenter: NotificationCenterState | null;
};

export function SiteHeader({ user, preferences, notificationCenter }: SiteHeaderProps) {
  const isScrolled = useIsScrolledPast(HEADER_SCROLL_THRESHOLD_PX);
  const headerRef = useRef<HTMLElement>(null);
  usePublishedHeaderEdge(headerRef);
  const links = headerLinksAfterServices(user?.roles ?? null);
  const { t } = useT();

  return (
    <header
      ref={headerRef}
      data-scrolled={isScrolled ? "true" : "false"}
      className={`sticky top-0 z-40 border-b transition-[background-color,box-shadow,border-color] duration-200 ${
        isScrolled
          ? "border-slate-200 bg-white shadow-md dark:border-slate-700 dark:bg-slate-900"
          : "border-transparent bg-white/85 backdrop-blur dark:bg-slate-900/85"
      }`}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6">
        <Link
          to="/"
          className="mr-2 inline-flex items-center gap-2 rounded-lg text-xl font-bold tracking-tight text-teal-800 dark:text-teal-200"
        >
          <TendlyLogo />
          {t("brand")}
        </Link>

        <nav aria-label={t("nav.main")} className={HIDDEN_BELOW_LINKS_BREAKPOINT}>
          <ul className="flex items-center gap-0.5">
            <li>
              <NavLink to="/" end className={navLinkClass}>
                {t("nav.home")}
              </NavLink>
            </li>
            <li>
              <ServicesMenu />
            </li>
            {links.map((link) => (
              <li key={link.label}>
                <SiteNavLink link={link} className={navLinkClass} />
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-1">
          {/* On phones the switch waits in the drawer. */}
          <LanguageSwitch look="header" className="hidden sm:inline-flex" />
          <AccessibilityPanel preferences={preferences} />
          {user ? (
            <>
              {notificationCenter && (
                <NotificationCenter
                  center={notificationCenter}
                  settingsPath={notificationSettingsPathFor(user.roles)}
                />
              )}
              <AccountMenu user={user} />
            </>
          ) : (
            <div className="flex items-center gap-2">
              {/* Below 768 px with X-Large Spanish text, Sign in waits in the drawer too. */}
              <Link
                to="/login"
                className="rounded-lg px-3 py-2 text-sm font-semibold whitespace-nowrap text-teal-800 hover:bg-teal-50 dark:text-teal-200 dark:hover:bg-slate-800 [html[lang=es][data-text-size=x-large]_&]:max-md:hidden"
              >
                {t("header.signIn")}
              </Link>
              {/* On the narrowest screens Register waits in the drawer, beside Sign in. */}
              <Link
                to="/register"
                className="hidden rounded-lg bg-teal-700 px-4 py-2 text-sm font-semibold whitespace-nowrap text-white hover:bg-teal-800 sm:inline-block"
              >
                {t("header.register")}
              </Link>
            </div>
          )}
          <MobileDrawer user={user} preferences={preferences} />
        </div>
      </div>
    </header>
  );
}
