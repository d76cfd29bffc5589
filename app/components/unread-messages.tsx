import { createContext, useContext } from "react";
import { useT } from "~/i18n/react";
import { headerBadgeLabel } from "~/utils/count-labels";

// The unread messages count beside every Messages link: header, account menu
// and drawer (docs/product-rules.md, "Messages"). SiteChrome provides it from the live notification center.

const UnreadMessagesContext = createContext(0);

export const UnreadMessagesProvider = UnreadMessagesContext.Provider;

/** Beside a link whose label is Messages: the unread count (9+), read out as "N unread". */
export function UnreadMessagesBadge({ label }: { label: string }) {
  const count = useContext(UnreadMessagesContext);
  const { t } = useT();
  if (label !== "Messages" || count <= 0) return null;
  return (
    <span
      data-testid="unread-messages"
      className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-[0.6875rem] leading-5 font-bold text-white"
    >
      <span aria-hidden="true">{headerBadgeLabel(count)}</span>
      <span className="sr-only">{t("header.unreadMessages", { count })}</span>
    </span>
  );
}
