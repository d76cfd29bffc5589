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
  search: "Search",
};
