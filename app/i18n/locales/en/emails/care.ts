// The words of platform/email/templates/care-emails.ts (server only).
export default {
  requestReceived: {
    subject: "We received your care request {{orderNumber}}",
    preheader: "We are offering it to the caregivers who fit best.",
    heading: "Your care request is in",
    greeting: "Hi {{firstName}}, thank you for choosing Tendly. Your request {{orderNumber}} is received.",
    body: "We offer it to the caregiver you choose, or the best match, and tell you as soon as a caregiver accepts. If a caregiver cannot take it, we offer it to the next best match.",
    action: "See your request",
  },
  offer: {
    subject: "New care offer {{orderNumber}} near {{area}}",
    preheader: "Please accept or decline by {{expiresAt}}.",
    heading: "A family would like your care",
    greeting: "Hi {{firstName}}, you have a new offer ({{orderNumber}}) in {{area}}.",
    body: "Open it to see the schedule and the pay for the job, then accept or decline by {{expiresAt}}. After that it goes to another caregiver.",
    action: "Open the offer",
  },
  confirmed: {
    subject: "{{caregiverName}} confirmed your care {{orderNumber}}",
    preheaderFirstVisit: "First visit: {{firstVisit}}.",
    preheader: "Your caregiver is confirmed.",
    heading: "Your caregiver is confirmed",
    greeting: "Hi {{firstName}}, {{caregiverName}} accepted your request {{orderNumber}}.",
    firstVisit: "The first visit is {{firstVisit}}.",
    noVisit: "Your visits are on your appointments page.",
    action: "See your appointments",
  },
  cancelled: {
    subject: "Care order {{orderNumber}} was cancelled",
    preheader: "Cancelled by {{byWhom}}.",
    heading: "This care order is cancelled",
    greeting: "Hi {{firstName}}, order {{orderNumber}} was cancelled by {{byWhom}}.",
    reason: "Reason given: {{reason}}",
    visits: "Its upcoming visits are cancelled too.",
    action: "See the order",
    // Who cancelled, inside the sentences above.
    byTeam: "the Tendly team",
    byFamily: "the family",
  },
  /** A family circle's invitation (docs/product-rules.md, "Family circle"), in the holder's language. */
  familyInvite: {
    subject: "{{inviterName}} invited you to follow {{recipientName}}'s care on Tendly",
    preheader: "Accept to join the family circle.",
    heading: "Join {{recipientName}}'s family circle",
    invitedBy: "{{inviterName}} invited you to {{roleText}}",
    body: "Sign in or create your Tendly account with this email address, then accept the invitation.",
    action: "Accept invitation",
    footnote:
      "The link expires in 7 days and works once. If you did not expect this invitation, you can ignore this email.",
    roles: {
      manage: "manage {{recipientName}}'s care: book, change, cancel and pay for visits.",
      follow: "follow {{recipientName}}'s care: the visits, notes and messages with the caregiver.",
      alerts: "receive the alerts about {{recipientName}}'s visits.",
    },
  },
};
