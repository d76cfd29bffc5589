// The list kit shared by every admin list (app/components/list-kit.tsx): the pager, the sort links and the search.
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
  search: "Search",
};
