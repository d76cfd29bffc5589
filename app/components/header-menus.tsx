import { LogOut } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useRef, type FocusEvent } from "react";
import { Link, useLocation } from "react-router";
import {
  menuRoleFor,
  ROLE_MENUS,
  SERVICE_MENU_LINKS,
  SERVICES_OVERVIEW_LINK,
  type ChromeUser,
} from "~/utils/chrome-rules";
import { useNavLabel, useT } from "~/i18n/react";
import type { DeferredProps } from "./deferred-control";
import { accountTrigger, servicesTrigger } from "./header-triggers";
import { MenuIcon } from "./menu-icon";
import { UnreadMessagesBadge } from "./unread-messages";
import { SignOutForm } from "./sign-out-form";
import { useOpenUntilNavigation } from "./use-open-until-navigation";
import { UserSummary } from "./user-summary";

// The header's dropdown menus, loaded on first use (site-header.tsx).

const menuContentClass =
  "z-50 rounded-2xl border border-slate-200 bg-white p-2 text-slate-800 shadow-xl dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";
const menuItemClass =
  "flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium outline-none select-none data-[highlighted]:bg-teal-50 data-[highlighted]:text-teal-900 dark:data-[highlighted]:bg-slate-800 dark:data-[highlighted]:text-teal-100";

/**
 * Radix focuses a menu's first item when the keyboard opened it, which it
 * learns from a keydown listener; a menu whose code loaded on that keypress
 * missed it, so on its first opening the content hands focus on to the first
 * item itself (later openings go through Radix alone).
 */
function useFirstItemFocus(initialOpening: DeferredProps["initialOpening"]) {
  const isPending = useRef(initialOpening?.withKeyboard === true);
  return (event: FocusEvent<HTMLDivElement>) => {
    if (!isPending.current || event.target !== event.currentTarget) return;
    isPending.current = false;
    event.currentTarget.querySelector<HTMLElement>('[role="menuitem"]')?.focus({ preventScroll: true });
  };
}

/** Services: three service links and the overview, a keyboard-operable menu. */
export function ServicesMenu({ initialOpening }: DeferredProps) {
  const [isOpen, setIsOpen] = useOpenUntilNavigation(initialOpening !== undefined);
  const onContentFocus = useFirstItemFocus(initialOpening);
  const { pathname } = useLocation();
  const { t } = useT();
  const navLabel = useNavLabel();
  return (
    <DropdownMenu.Root open={isOpen} onOpenChange={setIsOpen} modal={false}>
      <DropdownMenu.Trigger {...servicesTrigger(pathname === "/services", t)} />
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={8}
          onFocus={onContentFocus}
          className={`${menuContentClass} w-60`}
        >
          {SERVICE_MENU_LINKS.map((link) => (
            <DropdownMenu.Item key={link.to} asChild className={menuItemClass}>
              <Link to={link.to}>{navLabel(link.label)}</Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          <DropdownMenu.Item asChild className={`${menuItemClass} text-teal-800 dark:text-teal-200`}>
            <Link to={SERVICES_OVERVIEW_LINK.to}>{navLabel(SERVICES_OVERVIEW_LINK.label)}</Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The avatar menu: who is signed in, the My Account tiles and Sign Out. */
export function AccountMenu({ user, initialOpening }: { user: ChromeUser } & DeferredProps) {
  const [isOpen, setIsOpen] = useOpenUntilNavigation(initialOpening !== undefined);
  const onContentFocus = useFirstItemFocus(initialOpening);
  const role = menuRoleFor(user.roles);
  const { t } = useT();
  const navLabel = useNavLabel();
  return (
    <DropdownMenu.Root open={isOpen} onOpenChange={setIsOpen} modal={false}>
      <DropdownMenu.Trigger {...accountTrigger(user, t)} />
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          onFocus={onContentFocus}
          align="end"
          sideOffset={8}
          collisionPadding={8}
          // Nine tiles with large text can be taller than a phone's screen: the menu scrolls within it.
          className={`${menuContentClass} max-h-[var(--radix-dropdown-menu-content-available-height)] w-80 max-w-[calc(100vw-1rem)] overflow-y-auto`}
        >
          <DropdownMenu.Label className="flex items-center gap-3 px-2 py-2">
            <UserSummary user={user} />
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          <DropdownMenu.Group>
            <DropdownMenu.Label className="px-2 pt-1 pb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300">
              {t("account.myAccount")}
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
                    {navLabel(item.label)}
                    <UnreadMessagesBadge label={item.label} />
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
                {t("account.signOut")}
              </button>
            </DropdownMenu.Item>
          </SignOutForm>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
