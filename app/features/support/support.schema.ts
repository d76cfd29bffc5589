import { z } from "zod";

// The contact form and the newsletter box (the footer and the contact page; docs/product-rules.md, "Public site and header").

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

/** Inputs are at most 10000 characters. */
export const MESSAGE_MAX = 10_000;

const EmailField = z
  .string()
  .trim()
  .min(1, "Please enter your email address.")
  .max(254, "Please enter a valid email address.")
  .pipe(z.email("Please enter a valid email address."))
  .transform((email) => email.toLowerCase());

export const ContactSchema = z.object({
  name: z.string().trim().min(1, "Please enter your name.").max(100, "Please keep your name under 100 characters."),
  email: EmailField,
  topic: z.enum(TOPIC_IDS, { message: "Please choose a topic." }),
  message: z
    .string()
    .trim()
    .min(10, "Please write at least 10 characters so we can help.")
    .max(MESSAGE_MAX, `Please keep your message under ${MESSAGE_MAX} characters.`),
});
export type ContactInput = z.infer<typeof ContactSchema>;

export const NewsletterSchema = z.object({ email: EmailField });

/**
 * Per client address: at most this many contact messages or newsletter
 * sign-ups an hour; per email address, this many contact messages an hour.
 */
export const SUPPORT_RATE_LIMIT = { perHour: 5, perEmailPerHour: 5 } as const;
