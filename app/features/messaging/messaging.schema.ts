import { z } from "zod";

// The forms that send and mark messages (docs/architecture.md, "A message, from the composer to the
// other person's screen"). The fields stay plain text here: sendMessage and markMessages check them
// (message-rules.ts's SendMessageSchema) and refuse with the messages the person reads.

/** The area a person acts in, which decides their side of a conversation. */
export const MessagingAreaSchema = z.enum(["client", "caregiver", "admin"]);

/** The composer's fields: the conversation, the key the device made when Send was pressed, the text. */
const composerFields = { conversationId: z.string(), clientKey: z.string(), body: z.string() };

/** The composer posted to its page without JavaScript (the page names the area). */
export const PageMessageSchema = z.object(composerFields);

/** POST /api/messages: a message from the page or the device's outbox, or the delivered and read marks. */
export const MessagesApiSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("send"), as: MessagingAreaSchema, ...composerFields }),
  z.object({
    intent: z.enum(["delivered", "read"]),
    as: MessagingAreaSchema,
    conversationId: z.string(),
    upTo: z.coerce.number().int().nonnegative(),
  }),
]);

/** GET /api/messages?as=&c=&before=: "Load earlier messages". */
export const EarlierMessagesSchema = z.object({
  as: MessagingAreaSchema,
  c: z.string(),
  before: z.coerce.number().int().positive(),
});

/** The support inbox's "Mark as answered" on a message sent through the contact page. */
export const CloseTicketSchema = z.object({ intent: z.literal("close"), ticketId: z.uuid() });

/** The support inbox's forms: an answer from the composer, or closing a contact-form ticket. */
export const AdminSupportSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("send"), ...composerFields }),
  CloseTicketSchema,
]);
