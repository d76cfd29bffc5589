import { randomUUID } from "node:crypto";
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "react-router";
import type { z } from "zod";
import { actorAs } from "~/platform/auth/actor";
import type { CurrentUser } from "~/platform/auth/session.server";
import {
  getConversation,
  listConversations,
  type ConversationDetail,
} from "~/features/messaging/list-conversations.server";
import { markAllDelivered } from "~/features/messaging/mark-messages.server";
import { conversationUrl, MESSAGE_ERRORS, type MessagingArea } from "~/features/messaging/message-rules";
import { PageMessageSchema } from "~/features/messaging/messaging.schema";
import { openSupportConversation } from "~/features/messaging/open-support-conversation.server";
import { sendMessage } from "~/features/messaging/send-message.server";
import type { Locale } from "~/i18n/config";
import { getServerT, messageText } from "~/i18n/i18n.server";
import { isAppError } from "~/utils/app-error";
import { refusalData } from "~/i18n/refusal-response";
import { parseForm } from "~/utils/form-data.server";

import type { MessagesPageData } from "~/components/messages/messages-page-data";

// The loader of the three messages pages (the family's, the caregiver's and
// the support inbox): the person's conversations and the open one
// (?c=<id>). Loading the page delivers the messages waiting for them.
// ?c=support opens the person's support conversation, creating it the first
// time. Without JavaScript the composer posts to the page itself
// (sendFromPage); with it, the page sends through its outbox.

/** The query parameter naming the open conversation. */
export const CONVERSATION_PARAM = "c";

/** Room for a message of 10,000 characters of any script, percent-encoded, and its other fields. */
export const MESSAGE_FORM_MAX_BYTES = 160 * 1024;

/** The support inbox's filter: `?waiting=1` lists only the conversations waiting for an answer. */
export const WAITING_PARAM = "waiting";

export async function loadMessagesPage({
  user,
  area,
  url,
}: {
  user: CurrentUser;
  area: MessagingArea;
  url: URL;
}): Promise<MessagesPageData> {
  const actor = actorAs(user, area);
  const requested = url.searchParams.get(CONVERSATION_PARAM);
  if (requested === "support" && area !== "admin") {
    throw redirect(conversationUrl(area, await openSupportConversation({ actor })));
  }
  await markAllDelivered({ actor });
  const isWaitingOnly = area === "admin" && url.searchParams.get(WAITING_PARAM) === "1";
  const conversations = await listConversations({ actor, isWaitingOnly });
  let active: ConversationDetail | null = null;
  let isActiveMissing = false;
  if (requested) {
    try {
      active = await getConversation({ actor, conversationId: requested });
    } catch (error) {
      if (!isAppError(error) || error.code !== "not_found") throw error;
      isActiveMissing = true;
    }
  }
  return { area, userId: user.id, conversations, active, isActiveMissing, formKey: randomUUID() };
}

export type SendFromPageResult = { error: string; status?: "invalid"; result?: SubmissionResult<string[]> };

/**
 * The answer to a composer's post that is not one (a field missing or not text, only in a hand-made
 * post): the message the outbox shows for it, on the page.
 */
export function invalidPageMessage(locale: Locale, result: SubmissionResult<string[]>) {
  return data<SendFromPageResult>(
    { status: "invalid", error: messageText(locale, { key: MESSAGE_ERRORS.invalid }), result },
    400,
  );
}

/** The composer's post without JavaScript: sends, then shows the conversation again. */
export async function sendFromPage({
  request,
  user,
  area,
  fields,
}: {
  request: Request;
  user: CurrentUser;
  area: MessagingArea;
  /** The composer's fields when the caller has parsed its form already. */
  fields?: z.output<typeof PageMessageSchema>;
}) {
  const { locale } = getServerT(request, "messages", user.locale);
  let input = fields;
  if (!input) {
    const submission = await parseForm(request, PageMessageSchema, { maxBytes: MESSAGE_FORM_MAX_BYTES });
    if (submission.status !== "success") return invalidPageMessage(locale, submission.reply());
    input = submission.value;
  }
  try {
    const { message } = await sendMessage({ actor: actorAs(user, area), input });
    return redirect(conversationUrl(area, message.conversationId));
  } catch (error) {
    return refusalData<SendFromPageResult>(error, locale, (refusal) => ({ error: refusal.text }));
  }
}
