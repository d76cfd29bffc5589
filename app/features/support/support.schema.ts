import { z } from "zod";
import { messageKey } from "~/i18n/message-keys";
import { listParamsSchema, optionalFilter } from "~/utils/list-params";

// The contact form and the newsletter box (the footer and the contact page; docs/product-rules.md, "Public site and header").
// The messages are keys of the public namespace's contact.errors, worded in the reader's language by the
// route (docs/decisions/0025-messages-as-keys.md).

export const CONTACT_TOPICS = [
  { id: "general", label: "General question" },
  { id: "care", label: "Arranging care" },
  { id: "caregiver-application", label: "My caregiver application" },
  { id: "billing", label: "Billing and payments" },
  { id: "safety", label: "A safety concern" },
  { id: "accessibility", label: "Accessibility" },
  { id: "feedback", label: "Feedback" },
] as const;
export type ContactTopicId = (typeof CONTACT_TOPICS)[number]["id"];
const TOPIC_IDS = CONTACT_TOPICS.map((topic) => topic.id) as [ContactTopicId, ...ContactTopicId[]];

export function topicLabel(id: string): string {
  return CONTACT_TOPICS.find((topic) => topic.id === id)?.label ?? id;
}

/** The support inbox's URL (docs/decisions/0040-admin-lists-and-audit-log.md): open or answered, a topic, a search. */
export const SUPPORT_SORTS = ["received", "name", "topic"] as const;
export const SupportQuerySchema = listParamsSchema({
  sorts: SUPPORT_SORTS,
  defaultSort: "received",
  defaultDir: "desc",
  perPage: 20,
  filters: {
    status: z.enum(["open", "closed"]).catch("open"),
    topic: optionalFilter(TOPIC_IDS),
  },
});
export type SupportQuery = z.infer<typeof SupportQuerySchema>;
export const SUPPORT_TOPIC_IDS = TOPIC_IDS;

/** Inputs are at most 10000 characters. */
export const MESSAGE_MAX = 10_000;

const EMAIL_INVALID = messageKey("public:contact.errors.emailInvalid");

const EmailField = z
  .string()
  .trim()
  .min(1, messageKey("public:contact.errors.emailRequired"))
  .max(254, EMAIL_INVALID)
  .pipe(z.email(EMAIL_INVALID))
  .transform((email) => email.toLowerCase());

export const ContactSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, messageKey("public:contact.errors.nameRequired"))
    .max(100, messageKey("public:contact.errors.nameTooLong")),
  email: EmailField,
  topic: z.enum(TOPIC_IDS, { message: messageKey("public:contact.errors.topicRequired") }),
  message: z
    .string()
    .trim()
    .min(10, messageKey("public:contact.errors.messageTooShort"))
    .max(MESSAGE_MAX, messageKey("public:contact.errors.messageTooLong")),
});
export type ContactInput = z.infer<typeof ContactSchema>;

export const NewsletterSchema = z.object({ email: EmailField });

/**
 * The confirmation link's button: the token of the email's link. An empty or unknown token is
 * answered as an expired link by the action, so no message of its own is needed here.
 */
export const NewsletterConfirmSchema = z.object({ token: z.string() });

/** The unsubscribe link's button: the address and its signed token, checked by the action. */
export const NewsletterUnsubscribeSchema = z.object({ email: z.string(), token: z.string() });

/**
 * Per client address: at most this many contact messages or newsletter
 * sign-ups an hour; per email address, this many contact messages an hour.
 */
export const SUPPORT_RATE_LIMIT = { perHour: 5, perEmailPerHour: 5 } as const;
