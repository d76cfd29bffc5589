// Electronic visit verification for admins: the exceptions queue and the CSV export.
// Also the caregiver's private calendar feed (the feed's words and the panel on /caregiver/schedule).
// English is the reference; texts the product spec gives stay word for word.
export default {
  meta: {
    title: "Visit verification | Tendly Admin",
    description: "Visits that need a look, corrected visit times and the EVV export.",
  },
  heading: "Visit verification",
  intro:
    "Each visit keeps its six facts: service, client, caregiver, date, location, and its start and end times. Visits below need a look.",
  attention: {
    heading: "Late, missed and uncovered visits",
    intro:
      "Visits not checked in on time, visits no backup caregiver could take, and visits missed in the last {{days}} days. This list updates by itself.",
    none: "No late, uncovered or missed visits right now.",
    count_one: "{{count}} visit needs you.",
    count_other: "{{count}} visits need you.",
    cut: "Only the first {{count}} are listed: work through these, the rest follow.",
    minutesLate: "{{minutes}} minutes since the start",
    callCaregiver: "Call the caregiver, {{name}}: {{phone}}",
    callFamily: "Call the family, {{name}}: {{phone}}",
    caregiverNoPhone: "The caregiver, {{name}}, has no phone on file",
    familyNoPhone: "The family, {{name}}, has no phone on file",
    openOrder: "Open order {{orderNumber}}",
    todo: {
      late: "Call the caregiver now. If they cannot come, call the family. Backup caregivers are asked {{minutes}} minutes after the start.",
      lookingForBackup:
        "Backup caregivers have been asked; the first to accept takes the visit and the family is told.",
      noBackup:
        "Nobody was free to cover it, and the family was told our team is looking. Find a caregiver by hand from the order, or call the family to move the visit.",
      missed:
        "Nobody checked in. Call the family to apologize and offer a new time, and ask the caregiver what happened.",
    },
  },
  queue: {
    heading: "Exceptions",
    kindLabel: "Kind of exception",
    allKinds: "All exceptions",
    show: "Show",
    clear: "Show all",
    count_one: "{{count}} visit needs a look.",
    count_other: "{{count}} visits need a look.",
    none: "No visits need a look. Every visit was checked in and out near its address, on time.",
    noneOfKind: "No visits with this exception.",
    pagesLabel: "Exception pages",
    tolerance:
      "Locations count as far beyond {{meters}} m of the address (for an address not yet placed on the map, beyond its ZIP code's size); syncs as late after {{minutes}} minutes.",
  },
  kinds: {
    no_check_out: "No check-out",
    short_visit: "Short visit",
    far_location: "Far from the address",
    location_unverified: "Location not verified",
    times_edited: "Times edited",
    late_sync: "Late sync",
  },
  row: {
    order: "Order",
    exceptions: "Exceptions of this visit",
    client: "Client",
    caregiver: "Caregiver",
    service: "Service",
    checkIn: "Check-in",
    checkOut: "Check-out",
    status: "Status",
    none: "None",
    farthest: "{{meters}} m ({{miles}} mi) from the address",
    farthestFromZip:
      "{{meters}} m ({{miles}} mi) from the ZIP code's centre, beyond its {{radius}} km: the address is not yet placed on the map",
    unverified:
      "Location not verified: the address is not yet placed on the map; {{meters}} m from the ZIP code's centre, within its {{radius}} km",
    minutesLate: "Synced {{minutes}} min after it happened",
    ended: "Visit ended {{time}}, still checked in",
    reason: "Reason: {{reason}}",
    short: "Worked {{worked}} min of {{booked}} booked. Caregiver's reason: {{reason}}",
  },
  edit: {
    open: "Correct times",
    heading: "Correct the times of {{orderNumber}}",
    checkIn: "Check-in",
    checkOut: "Check-out",
    checkOutHint: "Leave empty while the visit has no check-out.",
    zoneHint: "On the clock where care happens ({{zone}}).",
    reason: "Reason",
    reasonHint: "Kept with the visit's history, with the times before and after.",
    save: "Save times",
    saving: "Saving…",
    saved: "Times corrected for {{orderNumber}}.",
  },
  export: {
    heading: "Export visits",
    intro:
      "A CSV file of every visit whose date falls in the range, in each visit's own time zone: services, client, caregiver, date, location and method, check-in and check-out, status and exceptions.",
    from: "From",
    to: "To",
    hint: "At most 366 days.",
    download: "Download CSV",
  },
  messages: {
    editReason: "Say why the times are being corrected.",
    editOrder: "Check-out must come after check-in.",
    editFuture: "The corrected times cannot be in the future.",
    editTooLong: "A visit cannot last longer than 24 hours.",
    editCheckIn: "Enter the check-in time.",
    editKeepCheckOut: "Enter the check-out time: this visit was checked out.",
    editCancelled: "This visit was cancelled: its times cannot be corrected.",
    rangeOrder: "The end date must be on or after the start date.",
    rangeTooLong: "Export at most 366 days at a time.",
    date: "Enter a date.",
    feedNotFound: "Calendar not found.",
  },
  calendar: {
    name: "Tendly visits",
    summary: "{{services}} · {{name}}",
    description: "Order {{orderNumber}}. Details and check-in: {{link}}",
    panel: {
      heading: "Your visits in your phone's calendar",
      intro:
        "Subscribe to this private link and your Tendly visits appear in your phone's calendar, updated by itself.",
      urlLabel: "Your private calendar link",
      copy: "Copy link",
      copied: "Link copied.",
      howTo: "How to subscribe",
      iphone: "iPhone: Settings, Calendar, Accounts, Add Account, Other, Add Subscribed Calendar, then paste the link.",
      android:
        "Android: open Google Calendar on a computer, Other calendars, From URL, paste the link; it then shows on your phone.",
      privacy:
        "The calendar shows the service, the first name of the person you care for and the area, never the street address or health details: those stay behind your sign-in. Anyone with the link can see your visits, so keep it to yourself.",
      reset: "Reset link",
      resetConfirm:
        "Make a new link? The old one stops working at once, and each calendar that uses it must subscribe again.",
      resetYes: "Yes, make a new link",
      resetNo: "Keep this link",
      resetDone: "New link made. Subscribe again with it.",
    },
  },
};
