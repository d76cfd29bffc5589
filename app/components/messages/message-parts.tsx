import { Check, CheckCheck, Clock, WifiOff } from "lucide-react";
import { useMemo } from "react";
import type { ConversationTitle, MessageStatus } from "~/features/messaging/message-rules";
import { messageSegments } from "~/features/messaging/message-text";
import { useT } from "~/i18n/react";
import { ViewerMoment } from "~/components/viewer-time-zone";

// Small pieces of the messages pages: a message's text with its links, its
// time, its status, and a conversation's title.

const linkClass = "font-semibold underline underline-offset-2";

/**
 * A message's text as React text and links (docs/product-rules.md,
 * "Messages"): never HTML, so markup a person typed shows as typed. Web links
 * open in a new tab without giving it this page (rel="noopener noreferrer").
 */
export function MessageText({ body }: { body: string }) {
  const segments = useMemo(() => messageSegments(body), [body]);
  return (
    <p className="break-words whitespace-pre-wrap">
      {segments.map((segment, index) => {
        if (segment.kind === "text") return <span key={index}>{segment.text}</span>;
        if (segment.kind === "phone") {
          return (
            <a key={index} href={segment.href} className={`${linkClass} whitespace-nowrap`}>
              {segment.text}
            </a>
          );
        }
        return (
          <a
            key={index}
            href={segment.href}
            target="_blank"
            rel="noopener noreferrer"
            className={`${linkClass} [overflow-wrap:anywhere]`}
          >
            {segment.text}
          </a>
        );
      })}
    </p>
  );
}

/** When a message was written, on the reader's own clock, its zone named (components/viewer-time-zone.tsx). */
export function MessageTime({ at, className }: { at: string; className?: string }) {
  return <ViewerMoment at={at} className={className} />;
}

export type ShownStatus = MessageStatus | "sending" | "waiting" | "held";

const STATUS_ICONS = {
  sending: Clock,
  waiting: WifiOff,
  held: Clock,
  sent: Check,
  delivered: CheckCheck,
  read: CheckCheck,
};

/** Under one's own message: sending, waiting for connection or for its turn, sent (a check), delivered (two), read. */
export function StatusLabel({ status }: { status: ShownStatus }) {
  const { t } = useT("messages");
  const Icon = STATUS_ICONS[status];
  return (
    <span className="inline-flex items-center gap-1" data-message-status={status}>
      <Icon aria-hidden="true" className={`size-3.5 ${status === "read" ? "text-sky-200" : ""}`} />
      {t(`status.${status}`)}
    </span>
  );
}

/** The other side's name as the reader sees it. */
export function useConversationTitle() {
  const { t } = useT("messages");
  return (title: ConversationTitle) => {
    if (title.kind === "support") return t("title.support");
    if (!title.role) return title.name;
    return t("title.personWithRole", { name: title.name, role: t(`roles.${title.role}`) });
  };
}
