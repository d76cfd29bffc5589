import adminEmails from "./emails/admin";
import careEmails from "./emails/care";
import caregiverEmails from "./emails/caregiver";
import supportEmails from "./emails/support";
import notesEmails from "./emails/notes";
import visitEmails from "./emails/visits";

// The emails' words (app/platform/email/templates). Server only: never sent to the browser.
export default {
  layout: {
    buttonFallback: "If the button does not work, copy this link into your browser:",
    footer: "Tendly · vetted in-home care for the people you love.",
    footerText: "Tendly - vetted in-home care for the people you love.",
  },
  verifyEmail: {
    subject: "Confirm your email for Tendly",
    preheader: "One click and your Tendly account is ready.",
    heading: "Welcome to Tendly, {{name}}",
    body: "Please confirm your email address to finish creating your account.",
    action: "Verify my email",
    footnote: "If you did not create a Tendly account, you can ignore this email.",
  },
  resetPassword: {
    subject: "Reset your Tendly password",
    preheader: "A link to choose a new password.",
    heading: "Reset your password",
    greeting: "Hi {{name}},",
    body: "We received a request to reset the password of your Tendly account.",
    action: "Choose a new password",
    footnote: "The link expires in one hour. If you did not ask for this, you can ignore this email.",
  },
  confirmNewEmail: {
    subject: "Confirm your new email for Tendly",
    preheader: "One click and Tendly will use this address.",
    heading: "Confirm your new email address",
    greeting: "Hi {{name}},",
    body: "You asked to use this address for your Tendly account. Please confirm it; until then we keep using your current address.",
    action: "Confirm my new email",
    footnote: "The link expires in one hour. If you did not ask for this, you can ignore this email.",
  },
  // Each area's emails keep their words in a file of their own (t("care.…")).
  admin: adminEmails,
  care: careEmails,
  caregiver: caregiverEmails,
  support: supportEmails,
  visits: visitEmails,
  notes: notesEmails,
} as const;
