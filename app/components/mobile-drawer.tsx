import { LogOut, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { Link, NavLink } from "react-router";
import {
  headerLinksAfterServices,
  menuRoleFor,
  ROLE_MENUS,
  SERVICE_MENU_LINKS,
  SERVICES_OVERVIEW_LINK,
  type ChromeUser,
} from "~/utils/chrome-rules";
import { useNavLabel, useT } from "~/i18n/react";
import type { Preferences } from "~/utils/preferences";
import { AccessibilityControls } from "./accessibility-panel";
import type { DeferredProps } from "./deferred-control";
import { drawerTrigger } from "./header-triggers";
import { LanguageSwitch } from "./language-switch";
import { MenuIcon } from "./menu-icon";
import { UnreadMessagesBadge } from "./unread-messages";
import { useOpenUntilNavigation } from "./use-open-until-navigation";
import { SignOutForm } from "./sign-out-form";
import { SiteNavLink } from "./site-nav-link";
import { UserSummary } from "./user-summary";

const drawerLinkClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-lg px-3 py-2.5 text-base font-medium ${
    isActive
      ? "bg-teal-50 text-teal-900 dark:bg-teal-900/40 dark:text-teal-100"
      : "text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800"
  }`;

const sectionHeadingClass =
  "px-3 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300";

/**
 * The phone and tablet menu (docs/product-rules.md, "Public site and header"): a hamburger opening a drawer from the
 * right with the person's card, the header links, their role menu, the
 * accessibility controls and Sign Out. Any navigation closes it. Loaded on
 * first use (site-header.tsx).
 */
export function MobileDrawer({
  user,
  preferences,
  initialOpening,
}: { user: ChromeUser | null; preferences: Preferences } & DeferredProps) {
  const [isOpen, setIsOpen] = useOpenUntilNavigation(initialOpening !== undefined);

  const role = user ? menuRoleFor(user.roles) : null;
  const links = headerLinksAfterServices(user?.roles ?? null);
  const { t } = useT();
  const navLabel = useNavLabel();

  return (
    <Dialog.Root open={isOpen} onOpenChange={setIsOpen}>
      <Dialog.Trigger {...drawerTrigger(t)} />
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-[2px]" />
        <Dialog.Content
          aria-describedby={undefined}
          data-testid="mobile-drawer"
          className="fixed inset-y-0 right-0 z-50 flex w-[min(22rem,90vw)] flex-col bg-white text-slate-800 shadow-2xl dark:bg-slate-900 dark:text-slate-100"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3 dark:border-slate-700">
            <Dialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">
              {t("drawer.title")}
            </Dialog.Title>
            <Dialog.Close
              aria-label={t("drawer.close")}
              className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>

          <div className="flex-1 space-y-6 overflow-y-auto px-3 py-4">
            {user && role ? (
              <div className="flex items-center gap-3 rounded-xl bg-slate-50 p-3 dark:bg-slate-800">
                <UserSummary user={user} />
              </div>
            ) : (
              <div className="grid grid-cols-2 gap-2">
                <Link
                  to="/login"
                  className="rounded-lg border border-teal-700 px-4 py-2.5 text-center font-semibold text-teal-800 hover:bg-teal-50 dark:border-teal-300 dark:text-teal-200 dark:hover:bg-slate-800"
                >
                  {t("header.signIn")}
                </Link>
                <Link
                  to="/register"
                  className="rounded-lg bg-teal-700 px-4 py-2.5 text-center font-semibold text-white hover:bg-teal-800"
                >
                  {t("header.register")}
                </Link>
              </div>
            )}

            <nav aria-label={t("nav.site")}>
              <ul className="space-y-0.5">
                <li>
                  <NavLink to="/" end className={drawerLinkClass}>
                    {t("nav.home")}
                  </NavLink>
                </li>
                <li>
                  <NavLink to={SERVICES_OVERVIEW_LINK.to} end className={drawerLinkClass}>
                    {t("nav.services")}
                  </NavLink>
                  <ul className="ml-4 border-l border-slate-200 pl-2 dark:border-slate-700">
                    {SERVICE_MENU_LINKS.map((link) => (
                      <li key={link.to}>
                        <Link
                          to={link.to}
                          className="block rounded-lg px-3 py-2 text-sm text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
                        >
                          {navLabel(link.label)}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </li>
                {links.map((link) => (
                  <li key={link.label}>
                    <SiteNavLink link={link} className={drawerLinkClass} />
                  </li>
                ))}
              </ul>
            </nav>

            {user && role && (
              <nav aria-labelledby="drawer-account-heading">
                <h2 id="drawer-account-heading" className={sectionHeadingClass}>
                  {t("account.myAccount")}
                </h2>
                <ul className="space-y-0.5">
                  {ROLE_MENUS[role].map((item) => (
                    <li key={item.to}>
                      <NavLink
                        to={item.to}
                        end={item.to === "/dashboard" || item.to === "/caregiver" || item.to === "/admin"}
                        className={drawerLinkClass}
                      >
                        <MenuIcon name={item.icon} className="size-5 text-teal-700 dark:text-teal-300" />
                        {navLabel(item.label)}
                        <UnreadMessagesBadge label={item.label} />
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </nav>
            )}

            <section aria-labelledby="drawer-accessibility-heading" className="px-3">
              <h2
                id="drawer-accessibility-heading"
                className="pb-3 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300"
              >
                {t("drawer.accessibility")}
              </h2>
              <AccessibilityControls preferences={preferences} />
            </section>

            <section aria-labelledby="drawer-language-heading" className="px-3">
              <h2
                id="drawer-language-heading"
                className="pb-3 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300"
              >
                {t("language.label")}
              </h2>
              <LanguageSwitch look="drawer" />
            </section>
          </div>

          {user && (
            <SignOutForm className="border-t border-slate-200 p-3 dark:border-slate-700">
              <button
                type="submit"
                className="flex w-full items-center justify-center gap-2 rounded-lg bg-slate-800 px-4 py-2.5 font-semibold text-white hover:bg-slate-900 dark:bg-slate-700 dark:hover:bg-slate-600"
              >
                <LogOut aria-hidden="true" className="size-4" />
                {t("account.signOut")}
              </button>
            </SignOutForm>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
