import { ArrowLeft, Send } from "lucide-react";
import { useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Form, Link } from "react-router";
import { inputClass, labelClass, primaryButtonClass, FieldError } from "~/components/form-controls";
import type { ConversationDetail } from "~/features/messaging/list-conversations.server";
import {
  MESSAGE_ERRORS,
  MESSAGE_MAX,
  isOwnMessage,
  MessageBodySchema,
  messageStatus,
  type MessageAuthor,
  type MessageView,
  type SideMarks,
} from "~/features/messaging/message-rules";
import { useT } from "~/i18n/react";
import { MessageText, MessageTime, StatusLabel, useConversationTitle } from "./message-parts";
import type { OutboxMessage } from "~/client/message-outbox";

// The open conversation on the messages pages (docs/product-rules.md, "Messages"):
// its history with statuses, the way back on a phone, and the composer.

export type PendingMessage = OutboxMessage & { state: "sending" | "waiting" | "held" };
export type EarlierState = { hasEarlier: boolean; isLoading: boolean; hasFailed: boolean };

/** Messages within this distance of the bottom count as "reading the latest": new ones scroll into view. */
const NEAR_BOTTOM_PX = 120;
/** The characters left show once fewer than this remain. */
const COUNT_BELOW = 1000;

export function ConversationPane({
  conversation,
  messages,
  pending,
  theirMarks,
  basePath,
  titleLevel,
  earlier,
  onLoadEarlier,
  draft,
  onDraft,
  sendError,
  onSend,
  formKey,
}: {
  conversation: ConversationDetail;
  messages: MessageView[];
  pending: PendingMessage[];
  theirMarks: SideMarks;
  basePath: string;
  titleLevel: 2 | 3;
  earlier: EarlierState;
  onLoadEarlier: () => Promise<void>;
  draft: string;
  onDraft: (text: string) => void;
  sendError: string | null;
  onSend: (body: string) => void;
  formKey: string;
}) {
  const { t } = useT("messages");
  const titleOf = useConversationTitle();
  const title = titleOf(conversation.title);
  const Heading = titleLevel === 2 ? "h2" : "h3";
  const scroller = useRef<HTMLDivElement>(null);
  const isAtBottom = useRef(true);
  const keptFromBottom = useRef<number | null>(null);
  const layoutKey = `${messages[0]?.id ?? 0}/${messages.at(-1)?.id ?? 0}/${pending.length}`;
  const reader = { id: conversation.viewerId, side: conversation.side };
  const newest = messages.at(-1);
  const newestIsMine = pending.length > 0 || (newest !== undefined && isOwnMessage(newest, reader));
  const laidOut = useRef("");

  // Opening, and each new message: the newest in view (unless the person scrolled up to read);
  // earlier messages added above keep what was on screen in place.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || laidOut.current === layoutKey) return;
    laidOut.current = layoutKey;
    if (keptFromBottom.current !== null) {
      element.scrollTop = element.scrollHeight - keptFromBottom.current;
      keptFromBottom.current = null;
      return;
    }
    if (isAtBottom.current || newestIsMine) element.scrollTop = element.scrollHeight;
  });

  const isEmpty = messages.length === 0 && pending.length === 0;
  return (
    <section
      aria-labelledby={`conversation-${conversation.id}`}
      className="flex h-[min(44rem,calc(100dvh-9rem))] min-h-[26rem] flex-col overflow-hidden rounded-xl border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900"
    >
      <header className="flex flex-col items-start border-b border-slate-200 px-4 py-2 dark:border-slate-700">
        <BackLink to={basePath} />
        <Heading
          id={`conversation-${conversation.id}`}
          className="w-full min-w-0 truncate py-1 text-lg font-semibold text-slate-900 md:py-2 dark:text-white"
        >
          {title}
        </Heading>
        {conversation.careOf.length > 0 && (
          <p className="text-sm font-semibold text-teal-800 dark:text-teal-300">
            {t("list.careOf", { names: conversation.careOf.join(", ") })}
          </p>
        )}
      </header>
      {/* Focusable, so that the history scrolls by keyboard too; a log, so that new messages are read out. */}
      <div
        ref={scroller}
        role="log"
        aria-label={t("conversation.history", { name: title })}
        // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take keyboard focus to scroll (WCAG 2.1.1)
        tabIndex={0}
        onScroll={(event) => {
          const element = event.currentTarget;
          isAtBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
        }}
        className="flex-1 space-y-3 overflow-y-auto px-3 py-4 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-teal-600 sm:px-4"
      >
        {earlier.hasEarlier && (
          <div className="flex flex-col items-center gap-1">
            <button
              type="button"
              disabled={earlier.isLoading}
              aria-busy={earlier.isLoading || undefined}
              onClick={() => {
                const element = scroller.current;
                if (element) keptFromBottom.current = element.scrollHeight - element.scrollTop;
                void onLoadEarlier();
              }}
              className="inline-flex min-h-11 items-center rounded-full border border-slate-300 px-4 text-sm font-semibold text-slate-800 hover:bg-slate-100 disabled:cursor-progress dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800"
            >
              {earlier.isLoading ? t("conversation.loadingEarlier") : t("conversation.loadEarlier")}
            </button>
            {earlier.hasFailed && <FieldError>{t("conversation.loadEarlierFailed")}</FieldError>}
          </div>
        )}
        {isEmpty && (
          <p className="mx-auto max-w-md py-8 text-center text-slate-600 dark:text-slate-300">
            {conversation.kind === "support" && conversation.side === "a"
              ? t("conversation.startSupport")
              : t("conversation.start")}
          </p>
        )}
        <ol className="space-y-3">
          {messages.map((message) => {
            const isMine = isOwnMessage(message, reader);
            return (
              <MessageBubble
                key={message.id}
                message={message}
                isMine={isMine}
                senderName={title}
                status={isMine ? messageStatus(message.id, theirMarks) : null}
              />
            );
          })}
          {pending.map((item) => (
            <MessageBubble
              key={item.clientKey}
              message={{
                id: 0,
                conversationId: item.conversationId,
                side: conversation.side,
                body: item.body,
                clientKey: item.clientKey,
                createdAt: item.savedAt,
                author: null,
              }}
              isMine
              senderName={title}
              status={item.state}
            />
          ))}
        </ol>
      </div>
      {conversation.isWritable ? (
        <Composer
          conversationId={conversation.id}
          draft={draft}
          onDraft={onDraft}
          error={sendError}
          onSend={onSend}
          formKey={formKey}
        />
      ) : (
        <p
          role="note"
          className="border-t border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-200"
        >
          {t("conversation.readOnlyNote", { name: title })}
        </p>
      )}
    </section>
  );
}

/** Back to the list; only on a phone, where the list and the conversation take turns. */
export function BackLink({ to }: { to: string }) {
  const { t } = useT("messages");
  return (
    <Link
      to={to}
      className="inline-flex min-h-11 items-center gap-1 font-semibold text-teal-800 hover:underline md:hidden dark:text-teal-300"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t("conversation.back")}
    </Link>
  );
}

function MessageBubble({
  message,
  isMine,
  senderName,
  status,
}: {
  message: MessageView;
  isMine: boolean;
  senderName: string;
  status: ReturnType<typeof messageStatus> | PendingMessage["state"] | null;
}) {
  const { t } = useT("messages");
  const authorLabel = (author: MessageAuthor) =>
    author.role ? t(`conversation.author.${author.role}`, { name: author.firstName }) : author.firstName;
  return (
    <li
      className={`flex ${isMine ? "justify-end" : "justify-start"}`}
      data-message={message.id || undefined}
      data-client-key={message.clientKey}
    >
      <div
        className={`max-w-[85%] rounded-2xl px-3.5 py-2 sm:max-w-[75%] ${
          isMine
            ? "rounded-br-sm bg-teal-700 text-white"
            : "rounded-bl-sm bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-50"
        }`}
      >
        {!isMine && message.author ? (
          <span
            className="block text-xs font-semibold text-slate-700 dark:text-slate-200"
            data-author={message.author.userId}
          >
            {authorLabel(message.author)}
            <span className="sr-only">: </span>
          </span>
        ) : (
          <span className="sr-only">{isMine ? t("conversation.you") : senderName}: </span>
        )}
        <MessageText body={message.body} />
        <p
          className={`mt-1 flex flex-wrap items-center justify-end gap-x-2 text-xs ${isMine ? "text-teal-50" : "text-slate-600 dark:text-slate-300"}`}
        >
          <MessageTime at={message.createdAt} />
          {status && <StatusLabel status={status} />}
        </p>
      </div>
    </li>
  );
}

function Composer({
  conversationId,
  draft,
  onDraft,
  error,
  onSend,
  formKey,
}: {
  conversationId: string;
  draft: string;
  onDraft: (text: string) => void;
  error: string | null;
  onSend: (body: string) => void;
  formKey: string;
}) {
  const { t } = useT("messages");
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const shownError = problem ?? error;
  const remaining = MESSAGE_MAX - draft.trim().length;

  function submit(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    const parsed = MessageBodySchema.safeParse(draft);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message;
      setProblem(message === MESSAGE_ERRORS.tooLong ? t("errors.tooLong") : t("errors.empty"));
      return;
    }
    setProblem(null);
    onDraft("");
    onSend(parsed.data);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends; Shift+Enter, and Enter while an input method is composing a word, do not.
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  }

  return (
    <Form method="post" onSubmit={submit} className="border-t border-slate-200 px-3 py-3 sm:px-4 dark:border-slate-700">
      <input type="hidden" name="intent" value="send" />
      <input type="hidden" name="conversationId" value={conversationId} />
      <input type="hidden" name="clientKey" value={formKey} />
      <label htmlFor={`${id}-body`} className={labelClass}>
        {t("composer.label")}
      </label>
      <div className="mt-1 flex items-end gap-2">
        <textarea
          id={`${id}-body`}
          name="body"
          rows={2}
          value={draft}
          onChange={(event) => {
            onDraft(event.target.value);
            if (problem) setProblem(null);
          }}
          onKeyDown={onKeyDown}
          placeholder={t("composer.placeholder")}
          aria-describedby={`${id}-hint${shownError ? ` ${id}-error` : ""}`}
          aria-invalid={shownError ? true : undefined}
          className={`${inputClass.replace("mt-1 ", "")} max-h-40 min-h-11 flex-1 resize-y`}
        />
        <button type="submit" className={`${primaryButtonClass} shrink-0 gap-2 px-4`}>
          <Send aria-hidden="true" className="size-4" />
          {t("composer.send")}
        </button>
      </div>
      <p
        id={`${id}-hint`}
        className="mt-1 flex flex-wrap justify-between gap-x-3 text-xs text-slate-600 dark:text-slate-300"
      >
        <span>{t("composer.hint")}</span>
        {remaining < COUNT_BELOW && (
          <span aria-live="polite">{t("composer.remaining", { count: Math.max(0, remaining) })}</span>
        )}
      </p>
      {shownError && <FieldError id={`${id}-error`}>{shownError}</FieldError>}
    </Form>
  );
}
