// The words of platform/email/templates/support-emails.ts (server only).
export default {
  contactConfirmation: {
    subject: "We received your message",
    preheader: "Tendly support will reply within one business day.",
    heading: "We received your message",
    body: "We received your message and will reply within one business day.",
    urgent:
      "For anything urgent, call us at {{phone}}: we answer 24 hours a day, 7 days a week. You can also write to {{email}}.",
    footnote: "If you did not contact Tendly, you can ignore this email: we send this confirmation at most once a day.",
  },
  newsletterConfirm: {
    subject: "Confirm your Tendly newsletter subscription",
    preheader: "One click to start receiving our care guides.",
    heading: "Please confirm your subscription",
    body: "You asked to receive the Tendly newsletter: practical guides for families and caregivers, about once a month.",
    onlyOnceConfirmed: "We will only send it once you confirm. The link is valid for 7 days.",
    unsubscribe: "Changed your mind? Unsubscribe at any time: {{url}}",
    action: "Confirm my subscription",
    footnote: "If you did not ask for this, ignore this email and you will not hear from us again.",
  },
} as const;
