// The admin's home (/admin) and analytics (/admin/analytics): what needs attention now, this week against
// last week, and the charts with their tables and CSV exports (docs/product-rules.md, "The admin's home",
// "Analytics").
export default {
  meta: {
    homeTitle: "Dashboard | Tendly Admin",
    homeDescription: "What needs attention now, and this week against last week.",
    analyticsTitle: "Analytics | Tendly Admin",
    analyticsDescription: "Bookings, hours, revenue, matching, caregivers and visits by week or month and by metro.",
  },
  home: {
    heading: "Dashboard",
    intro: "What needs someone now, and how this week compares with last week.",
    attentionHeading: "Needs attention now",
    attentionIntro: "Each count opens its list, filtered to the same rows.",
    live: "These counts update by themselves as things change.",
    offline: "Live updates are paused; the counts are as of when the page loaded.",
    allClear: "Nothing is waiting.",
    cut: "{{count}}+",
    open: "Open the list",
    items: {
      applications: "Applications waiting for review",
      offers: "Offers unanswered by caregivers",
      visits: "Late, missed or uncovered visits",
      evv: "EVV exceptions",
      conversations: "Support conversations waiting for an answer",
      tickets: "Contact messages not answered",
      payments: "Failed card payments",
      payouts: "Caregivers with payouts to send",
    },
    analyticsLink: "See every figure in Analytics",
  },
  week: {
    heading: "This week so far",
    intro: "From Monday, {{monday}}, against last week from Monday, {{lastMonday}}, to the same day and hour.",
    metrics: {
      bookings: "Bookings",
      hours: "Hours of care",
      revenue: "Revenue invoiced",
    },
    lastWeek: "Last week by now: {{value}}",
    up: "Up {{difference}} ({{percent}}%) on last week",
    upFromNone: "Up {{difference}} on last week, which had none",
    down: "Down {{difference}} ({{percent}}%) on last week",
    same: "The same as last week",
  },
  analytics: {
    heading: "Analytics",
    intro:
      "Bookings, hours, revenue, matching, caregivers and visits, by week or month and by metro. Each chart has its table and a CSV file with the same rows.",
    filtersHeading: "What to show",
    period: "Group by",
    periods: { week: "Week", month: "Month" },
    metro: "Metro",
    anyMetro: "Every metro",
    from: "From",
    to: "To",
    show: "Show",
    showing: "Showing…",
    zone: "Weeks start on Monday; days are counted in {{zone}}.",
    errors: {
      date: "Enter dates as YYYY-MM-DD.",
      order: "The end date must be on or after the start date.",
      tooLong: "Choose a range of two years or less.",
    },
    table: "Table of {{title}}",
    showTable: "Show the table",
    csv: "Download CSV: {{title}}",
    loadingChart: "Loading the chart…",
    noData: "No data in this range yet.",
    columns: { period: "Period starting" },
    metrics: {
      bookings: {
        title: "Bookings",
        description: "Orders submitted in each period, cancelled ones included.",
        value: "Orders",
      },
      hours: {
        title: "Hours of care",
        description: "Hours worked, check-in to check-out, of the visits checked out in each period.",
        value: "Hours",
      },
      revenue: {
        title: "Revenue",
        description: "The totals of the invoices issued in each period, in dollars; void invoices left out.",
        value: "Revenue (USD)",
      },
      fillRate: {
        title: "Fill rate",
        description: "Of the orders submitted in each period, the share that got a confirmed caregiver.",
        value: "Fill rate (%)",
        numerator: "Orders confirmed",
        denominator: "Orders submitted",
      },
      timeToMatch: {
        title: "Time to match",
        description:
          "The median hours from an order's submission to its confirmed caregiver, by the period it was submitted in.",
        value: "Median hours",
        denominator: "Orders confirmed",
      },
      utilisation: {
        title: "Caregiver utilisation",
        description:
          "Hours worked by approved caregivers over the hours their weekly availability offers in each period.",
        value: "Utilisation (%)",
        numerator: "Hours worked",
        denominator: "Hours available",
      },
      retention: {
        title: "Caregiver retention",
        description:
          "Of the caregivers who worked in a period, the share who worked in the next one. Blank until the next period is over.",
        value: "Retention (%)",
        numerator: "Worked again in the next period",
        denominator: "Caregivers who worked",
      },
      lateRate: {
        title: "Late visits",
        description:
          "Of the visits due in each period (not cancelled), the share whose caregiver had not checked in by the late-alert time.",
        value: "Late (%)",
        numerator: "Late visits",
        denominator: "Visits due",
      },
      missedRate: {
        title: "Missed visits",
        description: "Of the visits due in each period (not cancelled), the share nobody checked in to by their end.",
        value: "Missed (%)",
        numerator: "Missed visits",
        denominator: "Visits due",
      },
    },
  },
  support: {
    waitingOnly: "Showing only the conversations waiting for an answer.",
    showAll: "Show every conversation",
  },
} as const;
