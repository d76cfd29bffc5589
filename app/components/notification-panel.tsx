import { formatDistanceToNow } from "date-fns/formatDistanceToNow";
import { es } from "date-fns/locale/es";
import {
  Archive,
  CalendarClock,
  Check,
  CheckCheck,
  CircleCheck,
  CreditCard,
  Ellipsis,
  HeartHandshake,
  Info,
  Mail,
  MessageCircle,
  Package,
  Settings,
  Trash2,
  X,
  type LucideIcon,
} from "lucide-react";
import { Dialog, DropdownMenu } from "radix-ui";
import { useEffect, useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import {
  filterNotifications,
  NOTIFICATION_FILTERS,
  type Notification,
  type NotificationChange,
  type NotificationFilter,
  type NotificationType,
} from "~/utils/notifications";
import { groupNotifications, type NotificationGroup } from "~/utils/notification-groups";
import { chipCountLabel } from "~/utils/count-labels";
import { useT } from "~/i18n/react";
import { LastUpdated } from "./last-updated";
import type { DeferredProps } from "./deferred-control";
import { notificationsTrigger } from "./header-triggers";
import type { NotificationCenterState } from "./use-notification-center";
import { useOpenUntilNavigation } from "./use-open-until-navigation";

// The notification panel (docs/product-rules.md, "Notifications panel"): a 420 x 720 px panel under the bell on
// desktop, full screen on phones; Escape, the close button or a click outside
// close it. The list, the counts and the changes come from the live
// notification center (use-notification-center.ts).

/** After a click the panel closes, and 150 ms later the action opens (docs/product-rules.md, "Notifications panel"). */
const NAVIGATION_DELAY_MS = 150;

/** The message keys of the list's headings (utils/notifications.ts keeps them in English). */
const GROUP_KEYS: Record<NotificationGroup, string> = {
  Today: "today",
  Yesterday: "yesterday",
  "This Week": "thisWeek",
  "Last Week": "lastWeek",
  "This Month": "thisMonth",
  Older: "older",
};

const TYPE_ICONS: Record<NotificationType, LucideIcon> = {
  order: Package,
  payment: CreditCard,
  caregiver: HeartHandshake,
  schedule: CalendarClock,
  message: MessageCircle,
  system: Info,
};

export type NotificationCenterProps = {
  center: NotificationCenterState;
  settingsPath: string;
};

/** The header bell with its unread badge (9+), opening the panel (loaded on first use, see site-header.tsx). */
export function NotificationCenter({ center, settingsPath, initialOpening }: NotificationCenterProps & DeferredProps) {
  // Following a link out of the panel (e.g. settings) closes it.
  const [isOpen, setIsOpen] = useOpenUntilNavigation(initialOpening !== undefined);
  const { t } = useT();

  return (
    <Dialog.Root open={isOpen} onOpenChange={setIsOpen}>
      <Dialog.Trigger {...notificationsTrigger(center.counts.unread, t)} />
      <NotificationPanel center={center} settingsPath={settingsPath} onClose={() => setIsOpen(false)} />
    </Dialog.Root>
  );
}

type PanelProps = NotificationCenterProps & { onClose: () => void };

export function NotificationPanel(props: PanelProps) {
  return (
    <Dialog.Portal>
      <Dialog.Content
        data-testid="notification-panel"
        className="fixed inset-0 z-50 flex flex-col bg-white text-slate-800 md:inset-auto md:top-[4.5rem] md:right-4 md:h-[720px] md:max-h-[calc(100dvh-5.5rem)] md:w-[420px] md:rounded-2xl md:border md:border-slate-200 md:shadow-2xl dark:bg-slate-900 dark:text-slate-100 md:dark:border-slate-700"
      >
        <PanelBody {...props} />
      </Dialog.Content>
    </Dialog.Portal>
  );
}

/** Mounted each time the panel opens: the filter starts at All and "Today" means today. */
function PanelBody({ center, settingsPath, onClose }: PanelProps) {
  const [filter, setFilter] = useState<NotificationFilter>("all");
  const [openedAt] = useState(() => new Date());
  const navigate = useNavigate();
  const { counts, change, openList } = center;
  // The list is read each time the panel opens, then kept current by the realtime stream (use-notification-center.ts).
  useEffect(() => openList(), [openList]);
  const unread = counts.unread;
  const sections =
    center.notifications === null
      ? null
      : groupNotifications(filterNotifications(center.notifications, filter), openedAt);
  const canMarkAllRead = unread > 0;
  const { t } = useT("account");

  const open = (item: Notification) => {
    if (item.status === "unread") change({ action: "read", ids: [item.id] });
    onClose();
    const target = item.actionUrl;
    if (target) setTimeout(() => navigate(target), NAVIGATION_DELAY_MS);
  };

  return (
    <>
      <div className="flex flex-col gap-1 border-b border-slate-200 px-4 pt-4 pb-3 dark:border-slate-700">
        <div className="flex items-center gap-2">
          <Dialog.Title className="min-w-0 flex-1 text-lg font-semibold text-slate-900 dark:text-white">
            {t("notifications.title")}
          </Dialog.Title>
          <Link
            to={settingsPath}
            aria-label={t("notifications.settings")}
            title={t("notifications.settings")}
            className="rounded-lg p-1.5 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
          >
            <Settings aria-hidden="true" className="size-5" />
          </Link>
          <Dialog.Close
            aria-label={t("notifications.close")}
            className="rounded-lg p-1.5 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
          >
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
        </div>
        {/* The count and Mark all read on a line of their own: long words ("Marcar todo como leído") never crowd the title. */}
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <Dialog.Description className="text-sm text-slate-600 dark:text-slate-300">
            {t("notifications.unreadSummary", { count: unread })}
          </Dialog.Description>
          <button
            type="button"
            onClick={() => canMarkAllRead && change({ action: "read-all" })}
            aria-disabled={!canMarkAllRead}
            className="-mx-2 inline-flex items-center gap-1 rounded-lg px-2 py-1.5 text-sm font-medium text-teal-800 hover:bg-teal-50 aria-disabled:cursor-not-allowed aria-disabled:text-slate-500 aria-disabled:hover:bg-transparent dark:text-teal-200 dark:hover:bg-slate-800 dark:aria-disabled:text-slate-400"
          >
            <CheckCheck aria-hidden="true" className="size-4" />
            {t("notifications.markAllRead")}
          </button>
        </div>
      </div>

      <fieldset className="flex flex-wrap gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-700">
        <legend className="sr-only">{t("notifications.show")}</legend>
        {NOTIFICATION_FILTERS.map((chip) => {
          const isActive = filter === chip.id;
          return (
            <button
              key={chip.id}
              type="button"
              aria-pressed={isActive}
              onClick={() => setFilter(chip.id)}
              className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-xs font-medium ${
                isActive
                  ? "border-teal-700 bg-teal-700 text-white"
                  : "border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800"
              }`}
            >
              {t(`notifications.filters.${chip.id}`)}
              <span
                className={`rounded-full px-1.5 text-[0.6875rem] font-semibold ${
                  isActive
                    ? "bg-white text-teal-900"
                    : "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200"
                }`}
              >
                {chipCountLabel(counts[chip.id])}
              </span>
            </button>
          );
        })}
      </fieldset>

      <div className="min-h-0 flex-1 overflow-y-auto">
        {/* The list as last read, when the phone shows the one it kept (no connection) or an old one. */}
        {sections !== null && center.listLoadedAt !== null && (
          <LastUpdated fetchedAt={new Date(center.listLoadedAt)} className="mx-4 mt-3" />
        )}
        {sections === null ? (
          <ListNotRead state={center.listState} onRetry={openList} />
        ) : sections.length === 0 ? (
          <EmptyState />
        ) : (
          sections.map((section) => (
            <NotificationSectionList
              key={section.group}
              title={t(`notifications.groups.${GROUP_KEYS[section.group]}`)}
              items={section.items}
              onOpen={open}
              onChange={change}
            />
          ))
        )}
      </div>
    </>
  );
}

type RowHandlers = { onOpen: (item: Notification) => void; onChange: (change: NotificationChange) => void };

function NotificationSectionList({
  title,
  items,
  ...handlers
}: { title: string; items: Notification[] } & RowHandlers) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="py-2">
      <h3
        id={headingId}
        className="px-4 py-1 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300"
      >
        {title}
      </h3>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            <NotificationRow item={item} {...handlers} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function NotificationRow({ item, onOpen, onChange }: { item: Notification } & RowHandlers) {
  const Icon = TYPE_ICONS[item.type];
  const isUnread = item.status === "unread";
  const date = new Date(item.createdAt);
  const { t, locale } = useT("account");
  return (
    <div className={`flex items-start ${isUnread ? "bg-teal-50/60 dark:bg-teal-950/40" : ""}`}>
      <button
        type="button"
        onClick={() => onOpen(item)}
        className="flex min-w-0 flex-1 gap-3 py-3 pl-4 text-left hover:bg-slate-50 dark:hover:bg-slate-800"
      >
        {item.avatarUrl ? (
          <img src={item.avatarUrl} alt="" className="size-9 shrink-0 rounded-full object-cover" />
        ) : (
          <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
            <Icon aria-hidden="true" className="size-4" />
          </span>
        )}
        <span className="min-w-0 flex-1">
          <span className="flex items-start gap-2">
            <span className="line-clamp-2 font-semibold text-slate-900 dark:text-white">{item.title}</span>
            {item.priority === "urgent" && (
              <span className="rounded bg-red-100 px-1.5 text-[0.6875rem] font-semibold text-red-800 dark:bg-red-900/60 dark:text-red-100">
                {t("notifications.urgent")}
              </span>
            )}
          </span>
          <span className="mt-0.5 line-clamp-2 block text-sm text-slate-700 dark:text-slate-300">{item.message}</span>
          <span className="mt-1 flex items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
            <time dateTime={item.createdAt}>
              {formatDistanceToNow(date, { addSuffix: true, locale: locale === "es" ? es : undefined })}
            </time>
            {item.actionText && <span className="font-medium text-teal-800 dark:text-teal-200">{item.actionText}</span>}
          </span>
        </span>
        {isUnread && (
          <span className="mt-2 size-2.5 shrink-0 rounded-full bg-teal-700">
            <span className="sr-only">{t("notifications.unread")}</span>
          </span>
        )}
      </button>
      <RowActions item={item} onChange={onChange} />
    </div>
  );
}

/** Mark read or unread, archive, delete: the states of docs/product-rules.md, "Notifications". */
function RowActions({ item, onChange }: { item: Notification; onChange: RowHandlers["onChange"] }) {
  const { t } = useT("account");
  const itemClass =
    "flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none select-none data-[highlighted]:bg-teal-50 data-[highlighted]:text-teal-900 dark:data-[highlighted]:bg-slate-800 dark:data-[highlighted]:text-teal-100";
  const ids = [item.id];
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={t("notifications.actions.more", { title: item.title })}
        className="m-2 rounded-lg p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <Ellipsis aria-hidden="true" className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-[60] min-w-44 rounded-xl border border-slate-200 bg-white p-1 text-slate-800 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        >
          {item.status === "unread" ? (
            <DropdownMenu.Item className={itemClass} onSelect={() => onChange({ action: "read", ids })}>
              <Check aria-hidden="true" className="size-4" />
              {t("notifications.actions.markRead")}
            </DropdownMenu.Item>
          ) : (
            <DropdownMenu.Item className={itemClass} onSelect={() => onChange({ action: "unread", ids })}>
              <Mail aria-hidden="true" className="size-4" />
              {t("notifications.actions.markUnread")}
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item className={itemClass} onSelect={() => onChange({ action: "archive", ids })}>
            <Archive aria-hidden="true" className="size-4" />
            {t("notifications.actions.archive")}
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={`${itemClass} text-red-800 dark:text-red-200`}
            onSelect={() => onChange({ action: "delete", ids })}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            {t("notifications.actions.delete")}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** Before the list has come: a status while it is read, a message and a retry when it could not be. */
function ListNotRead({ state, onRetry }: { state: NotificationCenterState["listState"]; onRetry: () => void }) {
  const { t } = useT("account");
  if (state === "failed") {
    return (
      <div role="alert" className="flex h-full flex-col items-center justify-center gap-3 px-8 py-16 text-center">
        <p className="text-sm text-slate-700 dark:text-slate-200">{t("notifications.loadFailed")}</p>
        <button
          type="button"
          onClick={onRetry}
          className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800"
        >
          {t("notifications.retry")}
        </button>
      </div>
    );
  }
  return (
    <output className="flex h-full items-center justify-center px-8 py-16 text-sm text-slate-600 dark:text-slate-300">
      {t("notifications.loading")}
    </output>
  );
}

function EmptyState() {
  const { t } = useT("account");
  return (
    <div className="flex h-full flex-col items-center justify-center gap-2 px-8 py-16 text-center">
      <CircleCheck aria-hidden="true" className="size-10 text-teal-700 dark:text-teal-300" />
      <p className="text-base font-semibold text-slate-900 dark:text-white">{t("notifications.emptyTitle")}</p>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("notifications.emptyBody")}</p>
    </div>
  );
}
