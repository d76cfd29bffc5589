import { LifeBuoy } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import type { ConversationSummary } from "~/features/messaging/list-conversations.server";
import { useT } from "~/i18n/react";
import { MessageTime, useConversationTitle } from "./message-parts";
import type { MessagesPageData } from "./messages-page-data";

// The list of a person's conversations on the messages pages (docs/product-rules.md,
// "Messages"): newest activity first, with unread counts and a way to reach support.

export type ListItem = {
  summary: ConversationSummary;
  unread: number;
  lastMessage: { isMine: boolean; preview: string; createdAt: string } | null;
  activityAt: string;
};

export function ConversationList({
  className,
  area,
  basePath,
  items,
  activeId,
  hasSupport,
  titleLevel,
}: {
  className: string;
  area: MessagesPageData["area"];
  basePath: string;
  items: ListItem[];
  activeId: string | null;
  hasSupport: boolean;
  titleLevel: 2 | 3;
}) {
  const { t } = useT("messages");
  const titleOf = useConversationTitle();
  const Heading = titleLevel === 2 ? "h2" : "h3";
  const headingId = useId();
  const supportLink = area !== "admin" && !hasSupport && (
    <Link
      to={`${basePath}?c=support`}
      className="inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg border border-teal-700 px-4 py-2 font-semibold text-teal-800 hover:bg-teal-50 dark:border-teal-400 dark:text-teal-200 dark:hover:bg-slate-800"
    >
      <LifeBuoy aria-hidden="true" className="size-4" />
      {t("list.messageSupport")}
    </Link>
  );
  return (
    <nav aria-labelledby={headingId} className={`min-w-0 ${className}`}>
      <Heading id={headingId} className="sr-only">
        {t("list.label")}
      </Heading>
      {items.length === 0 ? (
        <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900">
          <p className="font-semibold text-slate-900 dark:text-white">
            {area === "admin" ? t("list.emptyAdmin") : t("list.empty")}
          </p>
          {area !== "admin" && (
            <p className="text-sm text-slate-700 dark:text-slate-200">
              {area === "client" ? t("list.emptyClient") : t("list.emptyCaregiver")}
            </p>
          )}
          {supportLink}
          {supportLink && <p className="text-sm text-slate-600 dark:text-slate-300">{t("list.supportHint")}</p>}
        </div>
      ) : (
        <div className="space-y-3">
          <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white dark:divide-slate-700 dark:border-slate-700 dark:bg-slate-900">
            {items.map(({ summary, unread, lastMessage }) => {
              const isActive = summary.id === activeId;
              const name = summary.title.kind === "support" ? titleOf(summary.title) : summary.title.name;
              const role = summary.title.kind === "person" ? summary.title.role : undefined;
              return (
                <li key={summary.id}>
                  <Link
                    to={`${basePath}?c=${summary.id}`}
                    aria-current={isActive ? "page" : undefined}
                    data-conversation={summary.id}
                    className={`flex min-h-16 flex-col gap-0.5 px-4 py-3 hover:bg-slate-50 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-teal-600 dark:hover:bg-slate-800 ${isActive ? "bg-teal-50 dark:bg-teal-900/30" : ""}`}
                  >
                    <span className="flex items-center justify-between gap-2">
                      <span
                        className={`min-w-0 truncate ${unread > 0 ? "font-bold" : "font-semibold"} text-slate-900 dark:text-white`}
                      >
                        {name}
                      </span>
                      {unread > 0 && (
                        <span
                          data-unread={unread}
                          className="inline-flex min-w-6 shrink-0 items-center justify-center rounded-full bg-teal-700 px-1.5 text-xs font-bold text-white"
                        >
                          <span aria-hidden="true">{unread > 99 ? "99+" : unread}</span>
                          <span className="sr-only">{t("list.unread", { count: unread })}</span>
                        </span>
                      )}
                    </span>
                    {summary.careOf.length > 0 && (
                      <span className="truncate text-sm font-semibold text-teal-800 dark:text-teal-300">
                        {t("list.careOf", { names: summary.careOf.join(", ") })}
                      </span>
                    )}
                    <span className="truncate text-sm text-slate-600 dark:text-slate-300">
                      {lastMessage ? (
                        lastMessage.isMine ? (
                          <AroundWords line={(text) => t("list.you", { text })} words={lastMessage.preview} />
                        ) : (
                          <bdi>{lastMessage.preview}</bdi>
                        )
                      ) : (
                        t("list.noMessages")
                      )}
                    </span>
                    <span className="flex flex-wrap items-center gap-x-2 text-xs text-slate-600 dark:text-slate-300">
                      {role && (
                        <span className="rounded-full bg-slate-100 px-2 font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-100">
                          {t(`roles.${role}`)}
                        </span>
                      )}
                      {lastMessage && <MessageTime at={lastMessage.createdAt} />}
                      {!summary.isWritable && <span>{t("list.readOnly")}</span>}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
          {supportLink}
        </div>
      )}
    </nav>
  );
}

const WORDS_MARK = "\u2063";

/**
 * A line of ours around a person's words ("You: …"): the words in <bdi>, isolated as theirs, in whatever
 * language and direction they were written.
 */
function AroundWords({ line, words }: { line: (text: string) => string; words: string }) {
  const [before = "", after = ""] = line(WORDS_MARK).split(WORDS_MARK);
  return (
    <>
      {before}
      <bdi>{words}</bdi>
      {after}
    </>
  );
}
