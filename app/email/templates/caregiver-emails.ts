import { renderEmail } from "./layout";

// Emails about a caregiver application and account status (spec 2.13: an
// email notification once approved; DESIGN section 3: every decision is told).

export function applicationReceivedEmail({ firstName }: { firstName: string }) {
  return renderEmail({
    subject: "We received your Tendly caregiver application",
    preheader: "Your application is pending review.",
    heading: "Your application is pending review",
    paragraphs: [
      `Thank you, ${firstName}. We received your application to care with Tendly.`,
      "We now run your background check (usually 5-7 business days), verify your credentials and may invite you to a short interview.",
      "We will email you as soon as a decision is made.",
    ],
  });
}

export function applicationApprovedEmail({ firstName, url }: { firstName: string; url: string }) {
  return renderEmail({
    subject: "Welcome to Tendly: your application is approved",
    preheader: "You can now sign in to your caregiver dashboard.",
    heading: "You're approved!",
    paragraphs: [
      `Congratulations, ${firstName}. Your caregiver application is approved.`,
      "Sign in to your dashboard to complete your training modules and start accepting jobs.",
    ],
    action: { label: "Open your dashboard", url },
  });
}

export function applicationRejectedEmail({ firstName, reason }: { firstName: string; reason: string }) {
  return renderEmail({
    subject: "Your Tendly caregiver application",
    preheader: "An update on your application.",
    heading: "An update on your application",
    paragraphs: [
      `Thank you for applying to Tendly, ${firstName}. We are unable to approve your application.`,
      `Reason: ${reason}`,
      "If you have questions or believe something is wrong, reply to this email or contact our support team.",
    ],
  });
}

export function accountSuspendedEmail({ firstName, reason }: { firstName: string; reason: string }) {
  return renderEmail({
    subject: "Your Tendly caregiver account is suspended",
    preheader: "You cannot accept jobs while your account is suspended.",
    heading: "Your account is suspended",
    paragraphs: [
      `${firstName}, your Tendly caregiver account has been suspended.`,
      `Reason: ${reason}`,
      "Please contact our support team to talk about next steps.",
    ],
  });
}

export function accountReinstatedEmail({ firstName, url }: { firstName: string; url: string }) {
  return renderEmail({
    subject: "Your Tendly caregiver account is active again",
    preheader: "You can accept jobs again.",
    heading: "Your account is active again",
    paragraphs: [`Welcome back, ${firstName}. Your caregiver account is reinstated.`],
    action: { label: "Open your dashboard", url },
  });
}

export function preAdverseNoticeEmail({ firstName, waitDays }: { firstName: string; waitDays: number }) {
  return renderEmail({
    subject: "Pre-adverse action notice about your Tendly application",
    preheader: "Information in your background check may affect your application.",
    heading: "Pre-adverse action notice",
    paragraphs: [
      `${firstName}, information in your background check report may lead us to decline your caregiver application.`,
      "Before we make a final decision you may review the report and tell us if anything in it is wrong or incomplete. You have the right to a free copy of your report from the consumer reporting agency and to dispute its accuracy with them.",
      `We will not make a final decision for at least ${waitDays} days. Reply to this email to respond.`,
    ],
  });
}

export function finalAdverseNoticeEmail({ firstName, reason }: { firstName: string; reason: string }) {
  return renderEmail({
    subject: "Adverse action notice about your Tendly application",
    preheader: "Our final decision on your application.",
    heading: "Adverse action notice",
    paragraphs: [
      `${firstName}, after the waiting period we have decided not to approve your caregiver application, based in whole or in part on your background check report.`,
      `Reason: ${reason}`,
      "The consumer reporting agency did not make this decision and cannot explain why it was made. You have the right to a free copy of your report within 60 days and to dispute the accuracy or completeness of any information in it.",
    ],
  });
}
