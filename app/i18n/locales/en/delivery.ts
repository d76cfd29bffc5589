// How notifications reach a person: preferences per type and channel, quiet hours, web push, unsubscribing.
// English is the reference; texts the product spec gives stay word for word.
export default {
  settings: {
    intro: "Your account's security, and how Tendly reaches you.",
    tabsLabel: "Settings sections",
    tabs: { security: "Security", notifications: "Notifications" },
  },
  types: {
    order: "Orders",
    payment: "Payments",
    caregiver: "Caregivers",
    schedule: "Schedule",
    message: "Messages",
    system: "System",
  },
  typeHints: {
    order: "Requests, offers, confirmations and cancellations",
    payment: "Invoices, payments due and receipts",
    caregiver: "A caregiver assigned or changed",
    schedule: "Visits, visit notes, late and missed visits",
    message: "New messages",
    system: "Notices about your account and Tendly",
  },
  /** The types inside a sentence ("Stop emails about orders"). */
  typeNames: {
    order: "orders",
    payment: "payments",
    caregiver: "your caregivers",
    schedule: "your schedule and visits",
    message: "messages",
    system: "your account and Tendly",
  },
  channels: { inApp: "In the app", email: "Email", push: "Push" },
  preferences: {
    heading: "How we notify you",
    description:
      "For each kind of notification, choose where it reaches you. Push notifications go to the devices where you turned them on below.",
    typeColumn: "Notification",
    checkbox: "{{type}} by {{channel}}",
    save: "Save preferences",
    saving: "Saving...",
    saved: "Saved. Your notification preferences are updated.",
    failed: "Your preferences could not be saved. Please try again.",
    securityNote: "Emails about your account's security, such as password resets and email confirmations, always come.",
  },
  quietHours: {
    heading: "Quiet hours",
    description:
      "No emails or push notifications between these times: they come when quiet hours end. Urgent notices, such as a caregiver running late, still come at once.",
    mode: "Quiet hours",
    off: "Off",
    on: "On",
    start: "From",
    end: "Until",
    timeZone: "On your clock: {{timeZone}}",
    save: "Save quiet hours",
    saving: "Saving...",
    saved: "Saved. Your quiet hours are updated.",
    savedOff: "Saved. Quiet hours are off.",
    failed: "Your quiet hours could not be saved. Please try again.",
  },
  push: {
    heading: "Push notifications on this device",
    description:
      "Get notifications on this phone or computer even when Tendly is closed. Turn them on on each device you use.",
    status: "Status on this device:",
    states: {
      checking: "Checking...",
      on: "On",
      off: "Off",
      blocked: "Blocked by the browser",
      unsupported: "Not supported",
      unavailable: "Not set up on this server",
    },
    hints: {
      blocked:
        "This browser blocks notifications from Tendly. Allow them in the browser's site settings, then try again.",
      unsupported:
        "This browser cannot receive push notifications. On an iPhone or iPad, add Tendly to the Home Screen first.",
      unavailable: "Push notifications are not available on this Tendly server.",
    },
    turnOn: "Turn on push notifications on this device",
    turningOn: "Turning on...",
    turnOff: "Turn off on this device",
    turningOff: "Turning off...",
    turnedOn: "Push notifications are on for this device.",
    turnedOff: "Push notifications are off for this device.",
    failed: "Push notifications could not be changed. Please try again.",
    devices_one: "Push notifications are on for {{count}} of your devices.",
    devices_other: "Push notifications are on for {{count}} of your devices.",
  },
  errors: {
    time: "Enter a time such as 22:00.",
    sameTimes: "The end must be another time than the start.",
    timeZone: "This time zone is not known. Please reload the page and try again.",
    pushEndpoint: "This browser's push service is not supported.",
    pushKeys: "The browser sent an incomplete subscription. Please try again.",
    unknownAction: "This change is not known.",
  },
  unsubscribe: {
    metaTitle: "Unsubscribe from emails | Tendly",
    title: "Unsubscribe from emails",
    questionType: "Stop emails about {{type}} to {{email}}?",
    questionAll: "Stop all notification emails to {{email}}?",
    keep: "You will still see these notifications in the app. Emails about your account's security, such as password resets, always come.",
    button: "Unsubscribe",
    done: "You will no longer get these emails.",
    settings: "Change your notification settings",
    invalid:
      "This unsubscribe link is not valid. Copy the whole link from the email, or sign in and change your notification settings.",
  },
  email: {
    open: "Open Tendly",
    unsubscribeIntro: "You get this email because of your notification settings.",
    unsubscribe: "Unsubscribe",
  },
} as const;
