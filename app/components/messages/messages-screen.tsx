import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { FormNotice } from "~/components/form-controls";
import type { ConversationSummary } from "~/features/messaging/list-conversations.server";
import {
  isOwnMessage,
  MESSAGES_PATHS,
  mergeMessages,
  otherSide,
  type MessageSide,
  type MessageView,
  type SideMarks,
} from "~/features/messaging/message-rules";
import { useT } from "~/i18n/react";
import { useLiveRefresh, useRealtime } from "~/client/use-realtime";
import { ConversationList } from "./conversation-list";
import { BackLink, ConversationPane, type EarlierState, type PendingMessage } from "./conversation-pane";
import {
  flushOutbox,
  newClientKey,
  pendingMessages,
  saveAndSend,
  type OutboxMessage,
  type SendOutcome,
} from "~/client/message-outbox";
import { useOnline } from "~/components/use-online";
import { fetchEarlier, higherMarks, postMark, usePageVisible } from "~/client/messages-client";
import type { MessagesPageData } from "./messages-page-data";

// The messages pages (docs/product-rules.md, "Messages"): the person's
// conversations beside the open one on a wide screen; on a phone the list,
// then the conversation with a way back. New messages and marks arrive from
// the realtime stream; messages the person writes go through the device's
// outbox (message-outbox.ts), so one written offline is sent, once, when the
// connection is back.

type MarksBySide = Partial<Record<MessageSide, SideMarks>>;

/** The page's own event: messages held for sending too fast may go now. */
const HELD_MESSAGES_DUE = "tendly:held-messages-due";
/** After the server's time, a moment more, so that the oldest message has surely left its window. */
const HELD_MARGIN_MS = 500;
/** When a 429 says no time: try again after this. */
const HELD_RETRY_MS = 15_000;

export function MessagesScreen({
  data,
  actionError,
  heading,
  titleLevel = 2,
}: {
  data: MessagesPageData;
  /** A send without JavaScript that was refused. */
  actionError?: string | null;
  /** The page's heading and introduction above the panes. */
  heading?: ReactNode;
  /** The heading level of the open conversation's title (the list's is the same). */
  titleLevel?: 2 | 3;
}) {
  const { area, userId, conversations, active, isActiveMissing } = data;
  const { t } = useT("messages");
  const refresh = useLiveRefresh();
  const isVisible = usePageVisible();
  const isOnline = useOnline();
  const [live, setLive] = useState<Record<string, MessageView[]>>({});
  const [liveMarks, setLiveMarks] = useState<Record<string, MarksBySide>>({});
  const [earlier, setEarlier] = useState<Record<string, EarlierState>>({});
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [sendErrors, setSendErrors] = useState<Record<string, string>>({});
  /** When messages held for sending too fast go out again (the server's time), if any are held. */
  const [heldUntil, setHeldUntil] = useState<string | null>(null);
  const basePath = MESSAGES_PATHS[area];

  const sides = useMemo(() => {
    const map = new Map<string, MessageSide>(conversations.map((conversation) => [conversation.id, conversation.side]));
    if (active) map.set(active.id, active.side);
    return map;
  }, [conversations, active]);

  function addMessages(conversationId: string, list: readonly MessageView[]) {
    setLive((previous) => ({ ...previous, [conversationId]: mergeMessages(previous[conversationId] ?? [], list) }));
  }

  function raiseMarks(conversationId: string, side: MessageSide, marks: SideMarks) {
    setLiveMarks((previous) => {
      const current = previous[conversationId]?.[side];
      if (current && current.deliveredUpTo >= marks.deliveredUpTo && current.readUpTo >= marks.readUpTo) {
        return previous;
      }
      return { ...previous, [conversationId]: { ...previous[conversationId], [side]: higherMarks(current, marks) } };
    });
  }

  function applyOutcome(outcome: SendOutcome) {
    const { entry } = outcome;
    if (outcome.state === "waiting") {
      const { hold } = outcome;
      setPending((previous) =>
        previous.map((item) =>
          item.clientKey === entry.clientKey ? { ...item, state: hold ? "held" : "waiting" } : item,
        ),
      );
      if (hold) {
        setSendErrors((previous) => ({ ...previous, [entry.conversationId]: hold.message || t("errors.tooFast") }));
        setHeldUntil(hold.retryAt ?? new Date(Date.now() + HELD_RETRY_MS).toISOString());
      }
      return;
    }
    setPending((previous) => previous.filter((item) => item.clientKey !== entry.clientKey));
    if (outcome.state === "done") {
      addMessages(entry.conversationId, [outcome.result]);
      // A message held for sending too fast has gone: its notice with it.
      setSendErrors((previous) =>
        previous[entry.conversationId] ? { ...previous, [entry.conversationId]: "" } : previous,
      );
      return;
    }
    setSendErrors((previous) => ({ ...previous, [entry.conversationId]: outcome.message || t("errors.generic") }));
    // The refused text goes back into an empty composer, so that nothing typed is lost.
    setDrafts((previous) =>
      previous[entry.conversationId] ? previous : { ...previous, [entry.conversationId]: entry.body },
    );
  }

  // The handlers read the latest render's values (applyOutcome, active) without resubscribing.
  const latest = useRef({ applyOutcome, activeId: active?.id });
  useEffect(() => {
    latest.current = { applyOutcome, activeId: active?.id };
  });

  // Messages waiting on this device go out now, and whenever the connection comes back.
  useEffect(() => {
    let isCurrent = true;
    const sync = async () => {
      const waiting = await pendingMessages(userId).catch(() => []);
      if (!isCurrent || waiting.length === 0) return;
      const state = navigator.onLine ? "sending" : "waiting";
      setPending((previous) => {
        const known = new Set(previous.map((item) => item.clientKey));
        const all = [
          ...previous,
          ...waiting.filter((entry) => !known.has(entry.clientKey)).map((entry) => ({ ...entry, state })),
        ];
        return all.map((item) => ({ ...item, state }));
      });
      if (!navigator.onLine) return;
      const outcomes = await flushOutbox(userId).catch(() => []);
      if (!isCurrent) return;
      for (const outcome of outcomes) latest.current.applyOutcome(outcome);
      // What the flush did not reach is still waiting: for a connection, or for its turn (held).
      const stopped = outcomes.find((outcome) => outcome.state === "waiting");
      if (stopped) {
        const sent = new Set(
          outcomes.filter((outcome) => outcome.state !== "waiting").map((outcome) => outcome.entry.clientKey),
        );
        const waitsFor = stopped.state === "waiting" && stopped.hold ? "held" : "waiting";
        setPending((previous) =>
          previous.filter((item) => !sent.has(item.clientKey)).map((item) => ({ ...item, state: waitsFor })),
        );
      }
    };
    void sync();
    window.addEventListener("online", sync);
    window.addEventListener(HELD_MESSAGES_DUE, sync);
    return () => {
      isCurrent = false;
      window.removeEventListener("online", sync);
      window.removeEventListener(HELD_MESSAGES_DUE, sync);
    };
  }, [userId]);

  // Messages held for sending too fast go out by themselves once the server's time has come.
  useEffect(() => {
    if (!heldUntil) return;
    const timer = window.setTimeout(
      () => {
        setHeldUntil(null);
        window.dispatchEvent(new Event(HELD_MESSAGES_DUE));
      },
      Math.max(0, Date.parse(heldUntil) - Date.now()) + HELD_MARGIN_MS,
    );
    return () => window.clearTimeout(timer);
  }, [heldUntil]);

  useRealtime("message", ({ conversationId, message: payload }) => {
    const message = payload as MessageView;
    const side = sides.get(conversationId);
    // A conversation this page does not show yet (a new one in the inbox): read the list again.
    if (!side) {
      refresh();
      return;
    }
    addMessages(conversationId, [message]);
    setPending((previous) => previous.filter((item) => item.clientKey !== message.clientKey));
    const isReading = latest.current.activeId === conversationId && document.visibilityState === "visible";
    // The device has it; once it is on screen the read mark follows (below).
    if (message.side !== side && !isReading) void postMark(area, conversationId, "delivered", message.id);
  });

  useRealtime("message-marks", ({ conversationId, side, deliveredUpTo, readUpTo }) =>
    raiseMarks(conversationId, side, { deliveredUpTo, readUpTo }),
  );

  const activeMessages = useMemo(
    () => (active ? mergeMessages(active.messages, live[active.id] ?? []) : []),
    [active, live],
  );
  const myMarks = active ? higherMarks(active.mine, liveMarks[active.id]?.[active.side]) : null;
  const theirMarks = active ? higherMarks(active.theirs, liveMarks[active.id]?.[otherSide(active.side)]) : null;
  const latestIncoming = active
    ? Math.max(0, ...activeMessages.filter((message) => message.side !== active.side).map((message) => message.id))
    : 0;

  // Read: the open conversation is on screen with messages the person has not read yet.
  const postedRead = useRef<Record<string, number>>({});
  useEffect(() => {
    if (!active || !myMarks || !isVisible || latestIncoming <= myMarks.readUpTo) return;
    if ((postedRead.current[active.id] ?? 0) >= latestIncoming) return;
    postedRead.current[active.id] = latestIncoming;
    const conversationId = active.id;
    void postMark(area, conversationId, "read", latestIncoming).then((result) => {
      if (result) raiseMarks(conversationId, result.side, result.marks);
      else postedRead.current[conversationId] = 0;
    });
  });

  async function send(conversationId: string, body: string) {
    const entry: OutboxMessage = {
      clientKey: newClientKey(),
      userId,
      area,
      conversationId,
      body,
      savedAt: new Date().toISOString(),
    };
    setPending((previous) => [...previous, { ...entry, state: navigator.onLine ? "sending" : "waiting" }]);
    setSendErrors((previous) => ({ ...previous, [conversationId]: "" }));
    applyOutcome(await saveAndSend(entry).catch((): SendOutcome => ({ state: "waiting", entry })));
  }

  function unreadOf(summary: ConversationSummary): number {
    if (active?.id === summary.id && isVisible) return 0;
    const readLive = liveMarks[summary.id]?.[summary.side]?.readUpTo ?? 0;
    const stored = readLive >= summary.lastIncomingId && readLive > 0 ? 0 : summary.unreadCount;
    const arrived = (live[summary.id] ?? []).filter(
      (message) => message.side !== summary.side && message.id > summary.lastIncomingId && message.id > readLive,
    ).length;
    return stored + arrived;
  }

  const shownConversations = conversations
    .map((summary) => {
      const newest = (live[summary.id] ?? []).at(-1);
      const isNewer = newest && newest.id > (summary.lastMessage?.id ?? 0);
      return {
        summary,
        unread: unreadOf(summary),
        lastMessage: isNewer
          ? {
              isMine: isOwnMessage(newest, { id: userId, side: summary.side }),
              preview: newest.body.slice(0, 120),
              createdAt: newest.createdAt,
            }
          : summary.lastMessage,
        activityAt: isNewer && newest.createdAt > summary.activityAt ? newest.createdAt : summary.activityAt,
      };
    })
    .toSorted((left, right) => right.activityAt.localeCompare(left.activityAt));
  const hasSupport = conversations.some((conversation) => conversation.kind === "support");
  const isConversationOpen = Boolean(active) || isActiveMissing;

  return (
    <div className="flex flex-col gap-4">
      {/* On a phone the open conversation takes the screen: the page's heading stays for screen readers. */}
      <div className={isConversationOpen ? "max-md:sr-only" : ""}>{heading}</div>
      {!isOnline && <FormNotice tone="warning">{t("connection.offline")}</FormNotice>}
      <div className="grid min-w-0 gap-4 md:grid-cols-[minmax(14rem,18rem)_minmax(0,1fr)]">
        <ConversationList
          className={isConversationOpen ? "hidden md:block" : ""}
          area={area}
          basePath={basePath}
          items={shownConversations}
          activeId={active?.id ?? null}
          hasSupport={hasSupport}
          titleLevel={titleLevel}
        />
        <div className={`min-w-0 ${isConversationOpen ? "" : "hidden md:block"}`}>
          {active && myMarks && theirMarks ? (
            <ConversationPane
              key={active.id}
              conversation={active}
              messages={activeMessages}
              pending={pending.filter(
                (item) =>
                  item.conversationId === active.id &&
                  !activeMessages.some(
                    (message) => message.clientKey === item.clientKey && message.side === active.side,
                  ),
              )}
              theirMarks={theirMarks}
              basePath={basePath}
              titleLevel={titleLevel}
              earlier={earlier[active.id] ?? { hasEarlier: active.hasEarlier, isLoading: false, hasFailed: false }}
              onLoadEarlier={async () => {
                const first = activeMessages[0];
                if (!first) return;
                const conversationId = active.id;
                const hasEarlier = earlier[conversationId]?.hasEarlier ?? active.hasEarlier;
                setEarlier((previous) => ({
                  ...previous,
                  [conversationId]: { hasEarlier, isLoading: true, hasFailed: false },
                }));
                const page = await fetchEarlier(area, conversationId, first.id);
                if (page) addMessages(conversationId, page.messages);
                setEarlier((previous) => ({
                  ...previous,
                  [conversationId]: page
                    ? { hasEarlier: page.hasEarlier, isLoading: false, hasFailed: false }
                    : { hasEarlier, isLoading: false, hasFailed: true },
                }));
              }}
              draft={drafts[active.id] ?? ""}
              onDraft={(text) => setDrafts((previous) => ({ ...previous, [active.id]: text }))}
              sendError={sendErrors[active.id] || actionError || null}
              onSend={(body) => void send(active.id, body)}
              formKey={data.formKey}
            />
          ) : isActiveMissing ? (
            <div className="space-y-4">
              <BackLink to={basePath} />
              <FormNotice tone="error">{t("errors.notFound")}</FormNotice>
            </div>
          ) : (
            <div className="flex h-full min-h-48 items-center justify-center rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-600 dark:text-slate-300">
              <p>{t("conversation.choose")}</p>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
