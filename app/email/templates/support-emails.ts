import { renderEmail } from "./layout";

export function contactConfirmationEmail({ name, topic, message }: { name: string; topic: string; message: string }) {
  return renderEmail({
    subject: "We received your message",
    preheader: "A copy of what you sent to Tendly support.",
    heading: `Thank you, ${name}`,
    paragraphs: [
      `We received your message about "${topic}". A member of our support team will reply to this address within one business day; for anything urgent, call us: we answer 24/7.`,
      "Your message:",
      message,
    ],
    footnote: "If you did not contact Tendly, you can ignore this email.",
  });
}

export function newsletterConfirmEmail({ confirmUrl, unsubscribeUrl }: { confirmUrl: string; unsubscribeUrl: string }) {
  return renderEmail({
    subject: "Confirm your Tendly newsletter subscription",
    preheader: "One click to start receiving our care guides.",
    heading: "Please confirm your subscription",
    paragraphs: [
      "You asked to receive the Tendly newsletter: practical guides for families and caregivers, about once a month.",
      "We will only send it once you confirm. The link is valid for 7 days.",
      `Changed your mind? Unsubscribe at any time: ${unsubscribeUrl}`,
    ],
    action: { label: "Confirm my subscription", url: confirmUrl },
    footnote: "If you did not ask for this, ignore this email and you will not hear from us again.",
  });
}
