import { ChevronDown, LogOut } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useEffect, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import {
  headerLinksAfterServices,
  menuRoleFor,
  notificationSettingsPathFor,
  ROLE_MENUS,
  SERVICE_MENU_LINKS,
  SERVICES_OVERVIEW_LINK,
  type ChromeUser,
} from "~/utils/chrome-rules";
import type { Notification } from "~/utils/notifications";
import type { Preferences } from "~/utils/preferences";
import { AccessibilityPanel } from "./accessibility-panel";
import { HIDDEN_BELOW_LINKS_BREAKPOINT } from "./header-breakpoints";
import { MenuIcon } from "./menu-icon";
import { MobileDrawer } from "./mobile-drawer";
import { NotificationCenter } from "./notification-panel";
import { SignOutForm } from "./sign-out-form";
import { useOpenUntilNavigation } from "./use-open-until-navigation";
import { UserAvatar } from "./user-avatar";
import { SiteNavLink } from "./site-nav-link";
import { UserSummary } from "./user-summary";

/** Spec 2.8 and 9: the header changes style once the page scrolls past 20 px. */
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

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap ${
    isActive
      ? "text-teal-800 underline decoration-2 underline-offset-8 dark:text-teal-200"
      : "text-slate-700 hover:bg-slate-100 hover:text-teal-800 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-teal-200"
  }`;

const menuContentClass =
  "z-50 rounded-2xl border border-slate-200 bg-white p-2 text-slate-800 shadow-xl dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";
const menuItemClass =
  "flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium outline-none select-none data-[highlighted]:bg-teal-50 data-[highlighted]:text-teal-900 dark:data-[highlighted]:bg-slate-800 dark:data-[highlighted]:text-teal-100";

export type SiteHeaderProps = {
  user: ChromeUser | null;
  preferences: Preferences;
  notifications: Notification[];
};

export function SiteHeader({ user, preferences, notifications }: SiteHeaderProps) {
  const isScrolled = useIsScrolledPast(HEADER_SCROLL_THRESHOLD_PX);
  const links = headerLinksAfterServices(user?.roles ?? null);

  return (
    <header
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
          <img src="/icons/tendly.svg" alt="" width={32} height={32} className="size-8 rounded-lg" />
          Tendly
        </Link>

        <nav aria-label="Main" className={`hidden lg:block ${HIDDEN_BELOW_LINKS_BREAKPOINT}`}>
          <ul className="flex items-center gap-0.5">
            <li>
              <NavLink to="/" end className={navLinkClass}>
                Home
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
          <AccessibilityPanel preferences={preferences} />
          {user ? (
            <>
              <NotificationCenter
                notifications={notifications}
                settingsPath={notificationSettingsPathFor(user.roles)}
              />
              <AccountMenu user={user} />
            </>
          ) : (
            <div className="flex items-center gap-2">
              <Link
                to="/login"
                className="rounded-lg px-3 py-2 text-sm font-semibold whitespace-nowrap text-teal-800 hover:bg-teal-50 dark:text-teal-200 dark:hover:bg-slate-800"
              >
                Sign in
              </Link>
              {/* On the narrowest screens Register waits in the drawer, beside Sign in. */}
              <Link
                to="/register"
                className="hidden rounded-lg bg-teal-700 px-4 py-2 text-sm font-semibold whitespace-nowrap text-white hover:bg-teal-800 sm:inline-block"
              >
                Register
              </Link>
            </div>
          )}
          <MobileDrawer user={user} preferences={preferences} />
        </div>
      </div>
    </header>
  );
}

/** Services: three service links and the overview, a keyboard-operable menu. */
function ServicesMenu() {
  const [isOpen, setIsOpen] = useOpenUntilNavigation();
  const { pathname } = useLocation();
  const isActive = pathname === "/services";
  return (
    <DropdownMenu.Root open={isOpen} onOpenChange={setIsOpen} modal={false}>
      <DropdownMenu.Trigger className={`inline-flex items-center gap-1 ${navLinkClass({ isActive })}`}>
        Services
        <ChevronDown aria-hidden="true" className="size-4 transition-transform in-data-[state=open]:rotate-180" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="start" sideOffset={8} className={`${menuContentClass} w-60`}>
          {SERVICE_MENU_LINKS.map((link) => (
            <DropdownMenu.Item key={link.to} asChild className={menuItemClass}>
              <Link to={link.to}>{link.label}</Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          <DropdownMenu.Item asChild className={`${menuItemClass} text-teal-800 dark:text-teal-200`}>
            <Link to={SERVICES_OVERVIEW_LINK.to}>{SERVICES_OVERVIEW_LINK.label}</Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The avatar menu: who is signed in, the My Account tiles and Sign Out. */
function AccountMenu({ user }: { user: ChromeUser }) {
  const [isOpen, setIsOpen] = useOpenUntilNavigation();
  const role = menuRoleFor(user.roles);
  return (
    <DropdownMenu.Root open={isOpen} onOpenChange={setIsOpen} modal={false}>
      <DropdownMenu.Trigger
        aria-label={`Account menu for ${user.name}`}
        className="rounded-full p-0.5 hover:ring-2 hover:ring-teal-200 data-[state=open]:ring-2 data-[state=open]:ring-teal-700"
      >
        <UserAvatar name={user.name} avatarUrl={user.avatarUrl} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className={`${menuContentClass} w-80 max-w-[calc(100vw-1rem)]`}
        >
          <DropdownMenu.Label className="flex items-center gap-3 px-2 py-2">
            <UserSummary user={user} />
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          <DropdownMenu.Group>
            <DropdownMenu.Label className="px-2 pt-1 pb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300">
              My Account
            </DropdownMenu.Label>
            <div className="grid grid-cols-2 gap-1.5">
              {ROLE_MENUS[role].map((item) => (
                <DropdownMenu.Item
                  key={item.to}
                  asChild
                  className="flex cursor-pointer flex-col items-center gap-1 rounded-xl border border-slate-200 px-2 py-3 text-center text-xs font-medium outline-none select-none data-[highlighted]:border-teal-700 data-[highlighted]:bg-teal-50 data-[highlighted]:text-teal-900 dark:border-slate-700 dark:data-[highlighted]:border-teal-300 dark:data-[highlighted]:bg-slate-800 dark:data-[highlighted]:text-teal-100"
                >
                  <Link to={item.to}>
                    <MenuIcon name={item.icon} className="size-5 text-teal-700 dark:text-teal-300" />
                    {item.label}
                  </Link>
                </DropdownMenu.Item>
              ))}
            </div>
          </DropdownMenu.Group>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          {/* A real form post: the server ends the session and lands on the login page with the toast. */}
          <SignOutForm>
            <DropdownMenu.Item
              asChild
              className={`${menuItemClass} w-full text-red-800 dark:text-red-200`}
              // Keep the menu (and this form) mounted until the submission has
              // started; the navigation that follows closes it.
              onSelect={(event) => event.preventDefault()}
            >
              <button type="submit">
                <LogOut aria-hidden="true" className="size-4" />
                Sign Out
              </button>
            </DropdownMenu.Item>
          </SignOutForm>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
