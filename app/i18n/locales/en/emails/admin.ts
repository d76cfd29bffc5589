// The words of platform/email/templates/admin-invite.ts (server only).
export default {
  invite: {
    subject: "You are invited to administer Tendly",
    preheader: "Set your name and password to join the Tendly team.",
    heading: "Join the Tendly team",
    invitedBy: "{{inviterName}} invited you to become a Tendly administrator.",
    body: "Accept the invitation to set your name and password. Administrators manage caregivers, orders, users and pricing.",
    action: "Accept invitation",
    footnote:
      "The link expires in 72 hours and works once. If you did not expect this invitation, you can ignore this email.",
    /** The inviter of the first administrator, invited from the command line. */
    defaultInviter: "The Tendly team",
  },
};
