import type { ConversationDetail, ConversationSummary } from "~/features/messaging/list-conversations.server";
import type { MessagingArea } from "~/features/messaging/message-rules";

/** What a messages page renders: loaded by routes/client/messages.server.ts for each area's page. */
export type MessagesPageData = {
  area: MessagingArea;
  userId: string;
  conversations: ConversationSummary[];
  active: ConversationDetail | null;
  /** ?c= named a conversation that is not the person's to see (or none at all). */
  isActiveMissing: boolean;
  /** The clientKey of a message sent without JavaScript (a resent form is stored once). */
  formKey: string;
};
