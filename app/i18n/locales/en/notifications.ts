// The notifications each event sends, by key: <key>.title, <key>.message and <key>.action (the button).
// English is the reference; texts the product spec gives stay word for word.
// {{when}}, {{firstVisit}} and {{expiresAt}} arrive written in the reader's language, on the clock where
// care happens. A title names what it is about (the order, the visit's time): an identical unread
// title is not added twice (docs/product-rules.md, "Notifications"), so two visits must not share one.
export default {
  // Messaging (features/messaging).
  newMessage: {
    title: "New message from {{name}}",
    message: "{{preview}}",
    action: "Reply",
  },

  // Orders: the caregiver's offer, the family's confirmation, an admin's assignment, completion, cancellation.
  offerReceived: {
    title: "New care offer {{orderNumber}}",
    message: "A family in {{area}} would like you as their caregiver. Accept or decline by {{expiresAt}}.",
    action: "View offer",
  },
  orderConfirmed: {
    title: "Care confirmed: {{orderNumber}}",
    message: "{{caregiverName}} accepted your care request. First visit: {{firstVisit}}.",
    action: "View order",
  },
  orderConfirmedNoVisit: {
    title: "Care confirmed: {{orderNumber}}",
    message: "{{caregiverName}} accepted your care request. Your visits are on your order page.",
    action: "View order",
  },
  caregiverAssigned: {
    title: "Caregiver assigned: {{orderNumber}}",
    message: "{{caregiverName}}, whom the Tendly team found for you, accepted your care. First visit: {{firstVisit}}.",
    action: "View order",
  },
  caregiverAssignedNoVisit: {
    title: "Caregiver assigned: {{orderNumber}}",
    message:
      "{{caregiverName}}, whom the Tendly team found for you, accepted your care. Your visits are on your order page.",
    action: "View order",
  },
  // No caregiver matched: the team found one by hand and asked them (features/orders/assign-caregiver.server.ts).
  caregiverFound: {
    title: "Caregiver found for {{orderNumber}}: {{caregiverName}}",
    message: "The Tendly team asked {{caregiverName}} to take your care. We will tell you as soon as they answer.",
    action: "View order",
  },
  // Nobody is left to offer the order to (features/orders/needs-caregiver.server.ts).
  noCaregiverYet: {
    title: "Still looking for a caregiver: {{orderNumber}}",
    message:
      "No caregiver is free for this request yet. The Tendly team is looking for one and will tell you when they find one. Changing the times, days or preferences can help.",
    action: "See what you can change",
  },
  orderCompleted: {
    title: "Care completed: {{orderNumber}}",
    message: "We hope everything went well. Tell us how {{caregiverName}} did: your rating helps other families.",
    action: "Rate this care",
  },
  orderCancelledByFamily: {
    title: "Order cancelled: {{orderNumber}}",
    message: "The family cancelled this care. Its upcoming visits are off your schedule.",
    action: "View order",
  },
  orderCancelledByTeam: {
    title: "Order cancelled: {{orderNumber}}",
    message: "The Tendly team cancelled this care. The upcoming visits are cancelled too.",
    action: "View order",
  },

  // Visits: late and missed, a caregiver who cannot come, backup caregivers, reminders.
  visitLateFamily: {
    title: "Caregiver not checked in: {{when}}",
    message:
      "{{caregiverName}} has not checked in for this visit yet. Our team has been alerted and will find a backup caregiver if needed.",
    action: "View order",
  },
  visitLateCaregiver: {
    title: "You have not checked in: {{when}}",
    message: "Your visit has started. Check in now, or tell us at once if you cannot make it.",
    action: "Open schedule",
  },
  visitLateAdmin: {
    title: "Late visit: order {{orderNumber}}, {{when}}",
    message:
      "{{caregiverName}} has not checked in for this visit in {{area}}. The caregiver and the family have been told, and backup caregivers are asked next. Call the caregiver, or open the order.",
    action: "View order",
  },
  caregiverOnTheWay: {
    title: "{{caregiverName}} is on the way: {{when}}",
    message: "{{caregiverName}} is on the way to your visit. Arriving about: {{arrival}}.",
    action: "View order",
  },
  familyCodeClosedFamily: {
    title: "Your visit code was tried too many times: {{when}}",
    message:
      "Several wrong codes were entered to check in or out of this visit with {{caregiverName}}, so the code no longer works for it. Our team has been alerted. If this was not your caregiver, contact us.",
    action: "View order",
  },
  familyCodeClosedAdmin: {
    title: "Family code closed after wrong tries: order {{orderNumber}}",
    message:
      "Too many wrong family codes were entered for the visit {{when}} with {{caregiverName}} in {{area}}. The code no longer works for this visit. Check with the caregiver and the family.",
    action: "View order",
  },
  visitMissedFamily: {
    title: "Visit missed: {{when}}",
    message: "No caregiver checked in for this visit. Contact us if you need help rescheduling it.",
    action: "View order",
  },
  visitMissedCaregiver: {
    title: "Visit missed: {{when}}",
    message: "No check-in was recorded for this visit. If you were there, open the app so your phone can send it.",
    action: "Open schedule",
  },
  visitHandedOverTimeOff: {
    title: "Caregiver on time off: {{when}}",
    message:
      "{{caregiverName}} has time off on the day of this visit (notice given: {{noticeHours}} h). We are asking other caregivers to cover it, and our care team steps in if nobody can.",
    action: "View order",
  },
  visitMoveRequested: {
    title: "Visit move asked: {{when}}",
    message: "The family asks to move this visit in {{area}} to {{newWhen}}. Accept or decline it.",
    action: "Answer",
  },
  visitMovedLateCaregiver: {
    title: "Urgent: visit move asked for {{when}}",
    message: "The family asks to move this visit in {{area}} to {{newWhen}}, less than a day ahead. Please answer now.",
    action: "Answer",
  },
  visitMoveWithdrawn: {
    title: "Move withdrawn: {{when}}",
    message: "The family withdrew its request. The visit stays as booked.",
    action: "View visit",
  },
  visitMoveAccepted: {
    title: "Visit moved: {{when}}",
    message: "{{caregiverName}} accepted. The visit that was on {{oldWhen}} is now on {{when}}.",
    action: "View order",
  },
  visitMoveDeclined: {
    title: "Move declined: {{when}}",
    message:
      "{{caregiverName}} cannot come at the new time. The visit is now on {{when}}, and we are asking other caregivers to cover it.",
    action: "View order",
  },
  visitMoveExpired: {
    title: "Move not answered: {{when}}",
    message:
      "{{caregiverName}} did not answer in time. The visit is now on {{when}}, and we are asking other caregivers to cover it.",
    action: "View order",
  },
  scheduleChangeRequested: {
    title: "Schedule change asked from {{fromWhen}}",
    message: "The family asks to change the weekly schedule in {{area}} from {{fromWhen}}. Accept or decline it.",
    action: "Answer",
  },
  scheduleChangeLateCaregiver: {
    title: "Urgent: schedule change asked from {{fromWhen}}",
    message:
      "The family asks to change the weekly schedule in {{area}} from {{fromWhen}}, less than a day ahead. Please answer now.",
    action: "Answer",
  },
  scheduleChangeWithdrawn: {
    title: "Schedule change withdrawn",
    message: "The family withdrew its request. Your visits stay as booked.",
    action: "View schedule",
  },
  scheduleChangeBackupReleased: {
    title: "Visit no longer needed: {{when}}",
    message:
      "The family changed its weekly schedule. The visit you covered in {{area}} on {{when}} is no longer needed.",
    action: "View schedule",
  },
  scheduleChangeAccepted: {
    title: "Schedule changed from {{fromWhen}}",
    message: "{{caregiverName}} accepted. Your visits from {{fromWhen}} follow the new schedule.",
    action: "View order",
  },
  scheduleChangeDeclined: {
    title: "Schedule change declined",
    message:
      "{{caregiverName}} cannot take the new schedule. Your visits stay as booked, and our team will contact you to arrange it.",
    action: "View order",
  },
  scheduleChangeExpired: {
    title: "Schedule change not answered",
    message:
      "{{caregiverName}} did not answer in time. Your visits stay as booked, and our team will contact you to arrange it.",
    action: "View order",
  },
  scheduleChangeNotTakenAdmin: {
    title: "Schedule change not taken: {{orderNumber}}",
    message:
      "The caregiver declined or did not answer the family's new weekly schedule from {{fromWhen}}. Arrange it with the family or another caregiver.",
    action: "View order",
  },
  visitMoveNotMade: {
    title: "Visit not moved: {{when}}",
    message: "{{caregiverName}} could not take the new time and nobody could be asked. The visit stays on {{when}}.",
    action: "View order",
  },
  visitCancelledByCaregiver: {
    title: "Caregiver cannot come: {{when}}",
    message: "{{caregiverName}} cannot make this visit. We are asking other caregivers to cover it.",
    action: "View order",
  },
  backupOffered: {
    title: "Backup caregiver needed: {{when}}",
    message: "A family in {{area}} needs a caregiver for this visit. The first to accept takes it.",
    action: "View visit",
  },
  noBackupFamily: {
    title: "No backup caregiver free yet: {{when}}",
    message:
      "No other caregiver near you is free for this visit. Our care team has been alerted and is looking for someone by hand: we will tell you who is coming, or contact you to change the visit.",
    action: "View order",
  },
  noBackupAdmin: {
    title: "No backup caregiver: order {{orderNumber}}, {{when}}",
    message:
      "No other matching caregiver is free for this visit in {{area}}. The family has been told that our team is looking for someone. Find a caregiver by hand, or call the family to change the visit.",
    action: "View order",
  },
  backupTakenFamily: {
    title: "New caregiver: {{when}}",
    message: "{{caregiverName}} will cover this visit.",
    action: "View order",
  },
  backupTakenPrevious: {
    title: "Visit covered: {{when}}",
    message: "{{caregiverName}} is covering this visit, so you do not need to go.",
    action: "Open schedule",
  },
  reminderDayBeforeFamily: {
    title: "Visit reminder: {{when}}",
    message: "{{caregiverName}} is scheduled for this care visit.",
    action: "View order",
  },
  reminderHourBeforeFamily: {
    title: "Visit starting soon: {{when}}",
    message: "{{caregiverName}} is due to arrive within the hour.",
    action: "View order",
  },
  reminderDayBeforeCaregiver: {
    title: "Visit reminder: {{when}}",
    message: "You have a care visit in {{area}}. Check its details before you go.",
    action: "Open schedule",
  },
  reminderHourBeforeCaregiver: {
    title: "Visit starting soon: {{when}}",
    message: "Your visit in {{area}} starts within the hour. Remember to check in when you arrive.",
    action: "Open schedule",
  },

  // The account: a caregiver application decided, a verified email.
  applicationApproved: {
    title: "Your application was approved",
    message: "Welcome to Tendly! Complete your training to start accepting care jobs.",
    action: "Open dashboard",
  },
  applicationDeclined: {
    title: "Your application was not approved",
    message: "We sent you an email with the details.",
  },
  welcomeFamily: {
    title: "Welcome to Tendly",
    message: "Your email is verified. Tell us about the care you need and we will find a caregiver who fits.",
    action: "Find care",
  },
  welcomeCaregiver: {
    title: "Welcome to Tendly",
    message: "Your email is verified. Open your dashboard to see the next step of your application.",
    action: "Open dashboard",
  },
} as const;
