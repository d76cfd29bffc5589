// The words of platform/email/templates/visit-note-emails.ts (server only).
export default {
  newNote: {
    subject: "A note from the visit of {{visit}} ({{orderNumber}})",
    preheader: "What was done, meals, mood and observations.",
    heading: "Your caregiver wrote a visit note",
    greeting: "Hi {{firstName}}, your caregiver wrote a note about the visit of {{visit}} (order {{orderNumber}}).",
    body: "Read it on the order's care timeline: what was done or refused, meals, mood and observations, and any photos.",
    action: "Read the note",
  },
};
