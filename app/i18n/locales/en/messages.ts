// Conversations: families with their caregivers, everyone with support.
// English is the reference; texts the product spec gives stay word for word.
export default {
  metaTitle: "Messages | Tendly",
  heading: "Messages",
  intro: "Write to your caregiver or family while care is going on, and to Tendly Support at any time.",
  list: {
    /** A family circle member's conversation: whose care it is about. */
    careOf: "Care for {{names}}",
    label: "Conversations",
    empty: "No conversations yet",
    emptyClient: "A conversation with your caregiver starts when a caregiver confirms your order.",
    emptyCaregiver: "A conversation with a family starts when you confirm their order.",
    emptyAdmin: "No one has written to support yet.",
    messageSupport: "Message support",
    supportHint: "Questions about your care, your account or billing? Tendly Support answers here.",
    unread_one: "{{count}} unread message",
    unread_other: "{{count}} unread messages",
    noMessages: "No messages yet",
    you: "You: {{text}}",
    readOnly: "Read-only",
  },
  title: {
    support: "Tendly Support",
    personWithRole: "{{name}} · {{role}}",
  },
  roles: {
    client: "Client",
    caregiver: "Caregiver",
  },
  conversation: {
    label: "Conversation with {{name}}",
    back: "All conversations",
    choose: "Choose a conversation to read it.",
    history: "Messages with {{name}}",
    loadEarlier: "Load earlier messages",
    loadingEarlier: "Loading earlier messages…",
    loadEarlierFailed: "We couldn't load earlier messages. Please try again.",
    start: "No messages yet. Write the first one below.",
    startSupport:
      "Ask us anything about your care, your account or billing. The Tendly team answers here, usually within a day.",
    readOnlyNote: "This conversation is read-only: the care with {{name}} has ended. You can still read it.",
    you: "You",
    /** Who on the family's side wrote a message (docs/product-rules.md, "Family circle"). */
    author: {
      holder: "{{name}} (account holder)",
      manage: "{{name}} (manages)",
      follow: "{{name}} (follows)",
    },
  },
  composer: {
    label: "Message",
    placeholder: "Write a message…",
    hint: "Press Enter to send, Shift+Enter for a new line.",
    send: "Send",
    remaining: "{{count}} characters left",
  },
  status: {
    sending: "Sending…",
    waiting: "Waiting for connection",
    held: "Waiting to send",
    sent: "Sent",
    delivered: "Delivered",
    read: "Read",
  },
  connection: {
    offline: "You're offline. Messages you write wait on this device and go out when you're back online.",
  },
  admin: {
    heading: "Conversations",
    intro: "Messages families and caregivers send to Tendly Support. Any administrator can answer.",
    ticketsHeading: "Contact form messages",
  },
  errors: {
    empty: "Write a message before sending.",
    tooLong: "A message can be at most 10,000 characters.",
    notFound: "We could not find this conversation.",
    readOnly: "This conversation is read-only: the care with this person has ended.",
    keyReused: "This message was already sent in another conversation.",
    invalid: "This request could not be read. Please reload the page.",
    tooFast: "You are sending messages very quickly. This one waits on your device and goes out by itself shortly.",
    generic: "Something went wrong. Please try again.",
  },
} as const;
