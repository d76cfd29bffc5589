import { Accessibility, Bell, ChevronDown, Menu } from "lucide-react";
import type { ReactNode } from "react";
import type { Translate } from "~/i18n/react";
import type { ChromeUser } from "~/utils/chrome-rules";
import { headerBadgeLabel } from "~/utils/count-labels";
import type { TriggerStandInHandlers } from "./deferred-control";
import { SHOWN_BELOW_LINKS_BREAKPOINT } from "./header-breakpoints";
import { UserAvatar } from "./user-avatar";

// The header's trigger buttons, drawn the same by the real controls (on Radix,
// loaded on first use) and by their stand-ins before that, so that nothing
// moves or changes when one replaces the other.

type TriggerLook = { className: string; "aria-label"?: string; children: ReactNode };

export const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap ${
    isActive
      ? "text-teal-800 underline decoration-2 underline-offset-8 dark:text-teal-200"
      : "text-slate-700 hover:bg-slate-100 hover:text-teal-800 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-teal-200"
  }`;

export const servicesTrigger = (isActive: boolean, t: Translate): TriggerLook => ({
  className: `inline-flex items-center gap-1 ${navLinkClass({ isActive })}`,
  children: (
    <>
      {t("nav.services")}
      <ChevronDown aria-hidden="true" className="size-4 transition-transform in-data-[state=open]:rotate-180" />
    </>
  ),
});

export const accessibilityTrigger = (t: Translate): TriggerLook => ({
  className:
    "inline-flex items-center gap-2 rounded-lg p-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-teal-800 data-[state=open]:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-teal-200 dark:data-[state=open]:bg-slate-800",
  children: (
    <>
      <Accessibility aria-hidden="true" className="size-5" />
      {/* Spanish labels are longer: there the button keeps to its icon (header-breakpoints.ts). */}
      <span className="sr-only xl:not-sr-only [html[lang=es]_&]:sr-only">{t("nav.accessibility")}</span>
    </>
  ),
});

export const drawerTrigger = (t: Translate): TriggerLook => ({
  "aria-label": t("header.openMenu"),
  className: `inline-flex items-center justify-center rounded-lg p-2 text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800 ${SHOWN_BELOW_LINKS_BREAKPOINT}`,
  children: <Menu aria-hidden="true" className="size-6" />,
});

/** The bell with its unread badge (9+). */
export const notificationsTrigger = (unread: number, t: Translate): TriggerLook => {
  return {
    // The name holds the badge's own text ("9+"), as what is seen must be what is read out.
    "aria-label":
      unread > 0
        ? t("header.notificationsUnread", { count: unread, shown: headerBadgeLabel(unread) })
        : t("header.notifications"),
    className:
      "relative inline-flex items-center justify-center rounded-lg p-2 text-slate-700 hover:bg-slate-100 hover:text-teal-800 data-[state=open]:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-teal-200 dark:data-[state=open]:bg-slate-800",
    children: (
      <>
        <Bell aria-hidden="true" className="size-5" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-[0.6875rem] leading-5 font-bold text-white"
          >
            {headerBadgeLabel(unread)}
          </span>
        )}
      </>
    ),
  };
};

export const accountTrigger = (user: ChromeUser, t: Translate): TriggerLook => ({
  "aria-label": t("header.accountMenuFor", { name: user.name }),
  className:
    "rounded-full p-0.5 hover:ring-2 hover:ring-teal-200 data-[state=open]:ring-2 data-[state=open]:ring-teal-700",
  children: <UserAvatar name={user.name} avatarUrl={user.avatarUrl} />,
});

/** A closed control's trigger until its code has loaded (see deferredControl). */
export function TriggerStandIn({
  popup,
  look,
  handlers,
}: {
  popup: "menu" | "dialog";
  look: TriggerLook;
  handlers: TriggerStandInHandlers;
}) {
  return (
    <button type="button" aria-haspopup={popup} aria-expanded={false} data-state="closed" {...look} {...handlers} />
  );
}
