// Where the header's desktop links give way to the hamburger drawer. Sizes in
// rem grow with the accessibility text size but media queries do not, so the
// links need 1024 px at Normal, 1280 px at Large and 1536 px at X-Large.
// (Tailwind reads these class names from this file.)
export const HIDDEN_BELOW_LINKS_BREAKPOINT =
  "[html[data-text-size=large]_&]:max-xl:hidden [html[data-text-size=x-large]_&]:max-2xl:hidden";
export const SHOWN_BELOW_LINKS_BREAKPOINT =
  "[html[data-text-size=large]_&]:max-xl:inline-flex [html[data-text-size=x-large]_&]:max-2xl:inline-flex";
