// The list kit shared by every admin list (app/components/list-kit.tsx): the pager, the sort links and the search;
// and each list's own words for them.
export default {
  showing: "Showing {{first}}–{{last}} of {{total}}",
  showingNone: "Nothing to show",
  previous: "Previous",
  next: "Next",
  pageLabel: "Page {{page}}",
  sortBy: "Sort by:",
  sortAscending: "(sort ascending)",
  sortDescending: "(sort descending)",
  sortedAscending: "(sorted ascending)",
  sortedDescending: "(sorted descending)",
  search: "Search",
  caregivers: {
    pagesLabel: "Pages of caregivers",
    sortLabel: "Sort caregivers",
    sort: { applied: "Applied", name: "Name", city: "City" },
  },
  support: {
    search: "Search messages",
    searchHint: "Name, email or words of the message",
    topic: "Topic",
    anyTopic: "Any topic",
    noMatch: "No message matches these filters.",
    pagesLabel: "Pages of support messages",
    sortLabel: "Sort support messages",
    sort: { received: "Received", name: "Name", topic: "Topic" },
  },
  orders: {
    sortLabel: "Sort orders",
    sort: { submitted: "Submitted", number: "Order", status: "Status", starts: "Start date" },
  },
  users: {
    role: "Role",
    anyRole: "Any role",
    sortLabel: "Sort users",
  },
  visits: {
    search: "Order, family or caregiver",
    sortLabel: "Sort visits",
    sort: { starts: "Visit time", order: "Order" },
  },
  invoices: {
    sortLabel: "Sort invoices",
    sort: { issued: "Issued", number: "Invoice", due: "Due date", total: "Total" },
  },
  payouts: {
    search: "Caregiver",
    searchHint: "Name or email of a caregiver paid in the batch",
    status: "Payout status",
    anyStatus: "Any status",
    statuses: { pending: "Waiting", paid: "Paid", failed: "Failed" },
    noMatch: "No batch matches these filters.",
    pagesLabel: "Pages of payout batches",
    sortLabel: "Sort payout batches",
    sort: { created: "Created", through: "Earnings through" },
  },
};
