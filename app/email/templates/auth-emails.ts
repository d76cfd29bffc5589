import { renderEmail } from "./layout";

export function verifyEmailEmail({ name, url }: { name: string; url: string }) {
  return renderEmail({
    subject: "Confirm your email for Tendly",
    preheader: "One click and your Tendly account is ready.",
    heading: `Welcome to Tendly, ${name}`,
    paragraphs: ["Please confirm your email address to finish creating your account."],
    action: { label: "Verify my email", url },
    footnote: "If you did not create a Tendly account, you can ignore this email.",
  });
}

export function resetPasswordEmail({ name, url }: { name: string; url: string }) {
  return renderEmail({
    subject: "Reset your Tendly password",
    preheader: "A link to choose a new password.",
    heading: "Reset your password",
    paragraphs: [`Hi ${name},`, "We received a request to reset the password of your Tendly account."],
    action: { label: "Choose a new password", url },
    footnote: "The link expires in one hour. If you did not ask for this, you can ignore this email.",
  });
}

export function confirmNewEmailEmail({ name, url }: { name: string; url: string }) {
  return renderEmail({
    subject: "Confirm your new email for Tendly",
    preheader: "One click and Tendly will use this address.",
    heading: "Confirm your new email address",
    paragraphs: [
      `Hi ${name},`,
      "You asked to use this address for your Tendly account. Please confirm it; until then we keep using your current address.",
    ],
    action: { label: "Confirm my new email", url },
    footnote: "The link expires in one hour. If you did not ask for this, you can ignore this email.",
  });
}
