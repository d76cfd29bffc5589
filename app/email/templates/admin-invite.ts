import { renderEmail } from "./layout";

export function adminInviteEmail({ inviterName, url }: { inviterName: string; url: string }) {
  return renderEmail({
    subject: "You are invited to administer Tendly",
    preheader: "Set your name and password to join the Tendly team.",
    heading: "Join the Tendly team",
    paragraphs: [
      `${inviterName} invited you to become a Tendly administrator.`,
      "Accept the invitation to set your name and password. Administrators manage caregivers, orders, users and pricing.",
    ],
    action: { label: "Accept invitation", url },
    footnote:
      "The link expires in 72 hours and works once. If you did not expect this invitation, you can ignore this email.",
  });
}
