// The words of platform/email/templates/caregiver-emails.ts (server only).
export default {
  reason: "Reason: {{reason}}",
  openDashboard: "Open your dashboard",
  received: {
    subject: "We received your Tendly caregiver application",
    preheader: "Your application is pending review.",
    heading: "Your application is pending review",
    thanks: "Thank you, {{firstName}}. We received your application to care with Tendly.",
    next: "We now run your background check (usually 5-7 business days), verify your credentials and may invite you to a short interview.",
    decision: "We will email you as soon as a decision is made.",
  },
  approved: {
    subject: "Welcome to Tendly: your application is approved",
    preheader: "You can now sign in to your caregiver dashboard.",
    heading: "You're approved!",
    congratulations: "Congratulations, {{firstName}}. Your caregiver application is approved.",
    next: "Sign in to your dashboard to complete your training modules and start accepting jobs.",
  },
  rejected: {
    subject: "Your Tendly caregiver application",
    preheader: "An update on your application.",
    heading: "An update on your application",
    body: "Thank you for applying to Tendly, {{firstName}}. We are unable to approve your application.",
    questions: "If you have questions or believe something is wrong, reply to this email or contact our support team.",
  },
  suspended: {
    subject: "Your Tendly caregiver account is suspended",
    preheader: "You cannot accept jobs while your account is suspended.",
    heading: "Your account is suspended",
    body: "{{firstName}}, your Tendly caregiver account has been suspended.",
    next: "Please contact our support team to talk about next steps.",
  },
  reinstated: {
    subject: "Your Tendly caregiver account is active again",
    preheader: "You can accept jobs again.",
    heading: "Your account is active again",
    body: "Welcome back, {{firstName}}. Your caregiver account is reinstated.",
  },
  preAdverse: {
    subject: "Pre-adverse action notice about your Tendly application",
    preheader: "Information in your background check may affect your application.",
    heading: "Pre-adverse action notice",
    body: "{{firstName}}, information in your background check report may lead us to decline your caregiver application.",
    rights:
      "Before we make a final decision you may review the report and tell us if anything in it is wrong or incomplete. You have the right to a free copy of your report from the consumer reporting agency and to dispute its accuracy with them.",
    wait: "We will not make a final decision for at least {{waitDays}} days. Reply to this email to respond.",
  },
  finalAdverse: {
    subject: "Adverse action notice about your Tendly application",
    preheader: "Our final decision on your application.",
    heading: "Adverse action notice",
    body: "{{firstName}}, after the waiting period we have decided not to approve your caregiver application, based in whole or in part on your background check report.",
    rights:
      "The consumer reporting agency did not make this decision and cannot explain why it was made. You have the right to a free copy of your report within 60 days and to dispute the accuracy or completeness of any information in it.",
  },
};
