// The words of platform/email/templates/visit-emails.ts (server only): late and missed
// visits, backup caregivers and caregivers' cancellations.
export default {
  lateCaregiver: {
    subject: "You have not checked in for your visit on {{when}}",
    preheader: "Check in now, or tell us if you cannot make it.",
    heading: "Your visit has started",
    greeting:
      "Hi {{firstName}}, your visit for order {{orderNumber}} was due to start on {{when}} and you have not checked in.",
    body: "If you are there, please check in now. If you cannot make it, tell us from your schedule so that we can send another caregiver.",
    action: "Open your schedule",
  },
  lateFamily: {
    subject: "{{caregiverName}} has not checked in yet",
    preheader: "The visit on {{when}} has not started.",
    heading: "Your caregiver has not checked in yet",
    greeting:
      "Hi {{firstName}}, {{caregiverName}} has not checked in for the visit on {{when}} (order {{orderNumber}}).",
    body: "We have told them and our team. If they cannot come, we offer the visit to other caregivers nearby and tell you who is coming.",
    action: "See your order",
  },
  lateAdmin: {
    subject: "Late visit: {{orderNumber}} on {{when}}",
    preheader: "{{caregiverName}} has not checked in.",
    heading: "A visit has not started",
    greeting: "{{caregiverName}} has not checked in for the visit of order {{orderNumber}} on {{when}}.",
    body: "The caregiver and the family have been told. Backup caregivers are offered the visit {{backupMinutes}} minutes after its start.",
    action: "Open the order",
  },
  backupOffer: {
    subject: "A family near {{area}} needs a caregiver on {{when}}",
    preheader: "The first caregiver to accept takes the visit.",
    heading: "Can you cover a visit?",
    greeting: "Hi {{firstName}}, a visit in {{area}} on {{when}} needs a caregiver.",
    body: "Open it to see the details and accept. The first caregiver to accept takes it.",
    action: "See the visit",
  },
  noBackup: {
    subject: "No backup caregiver for {{orderNumber}}, {{when}}",
    preheader: "Nobody is free to cover this visit.",
    heading: "Nobody is free to cover a visit",
    greeting:
      "The visit of order {{orderNumber}} on {{when}} needs a caregiver, and no other matching caregiver is free at that time.",
    body: "Please call the family and find someone by hand.",
    action: "Open the order",
  },
  noBackupFamily: {
    subject: "No backup caregiver is free yet for your visit on {{when}}",
    preheader: "Our care team is looking for someone by hand.",
    heading: "We are looking for a caregiver for your visit",
    greeting:
      "Hi {{firstName}}, no other caregiver near you is free for the visit on {{when}} (order {{orderNumber}}).",
    body: "Our care team has been alerted and is looking for someone by hand. We will tell you who is coming, or contact you to change the visit. You can also message us from your messages page.",
    action: "See your order",
  },
  backupTakenFamily: {
    subject: "{{caregiverName}} is coming for your visit on {{when}}",
    preheader: "Another caregiver is covering this visit.",
    heading: "{{caregiverName}} is coming",
    greeting: "Hi {{firstName}}, {{caregiverName}} is covering the visit on {{when}} (order {{orderNumber}}).",
    body: "Your usual caregiver could not make it. Your other visits do not change.",
    action: "See your order",
  },
  backupTakenOriginal: {
    subject: "Your visit on {{when}} is covered",
    preheader: "{{caregiverName}} is taking it over.",
    heading: "Another caregiver is covering your visit",
    greeting: "Hi {{firstName}}, {{caregiverName}} is taking over your visit on {{when}} (order {{orderNumber}}).",
    body: "You do not need to go to this visit. Your other visits do not change.",
    action: "See your orders",
  },
  cancelledFamily: {
    subject: "{{caregiverName}} cannot make your visit on {{when}}",
    preheader: "We are finding another caregiver.",
    heading: "Your caregiver cannot make a visit",
    greeting: "Hi {{firstName}}, {{caregiverName}} cannot make the visit on {{when}} (order {{orderNumber}}).",
    body: "We are offering it to other caregivers nearby and will tell you who is coming.",
    action: "See your order",
  },
  cancelledAdmin: {
    subject: "Visit cancelled by the caregiver: {{orderNumber}} on {{when}}",
    subjectLate: "Late cancellation: {{orderNumber}} on {{when}}",
    preheader: "{{caregiverName}} cannot make it.",
    heading: "A caregiver cannot make a visit",
    greeting: "{{caregiverName}} cancelled the visit of order {{orderNumber}} on {{when}}.",
    late: "This is a late cancellation: less than {{hours}} hours before the start.",
    reason: "Reason given: {{reason}}",
    reasonTimeOff: "Reason given: time off",
    body: "The visit is offered to backup caregivers.",
    action: "Open the order",
  },
} as const;
