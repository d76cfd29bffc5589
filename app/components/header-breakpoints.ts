// Where the header's desktop links give way to the hamburger drawer. Sizes in
// rem grow with the accessibility text size but media queries do not, and
// Spanish labels are longer than English ones. Measured: the links need
// 1,072 px in English and 1,216 px in Spanish at Normal (links from 1280 px,
// `xl`), 1,264 px in English at Large and 1,520 px at X-Large (from 1536 px,
// `2xl`: 1280 px left too little room for the browser's own font metrics). Spanish at Large or X-Large needs more than the
// header's widest row (80rem) holds, so its links stay in the drawer, and in
// Spanish the accessibility button keeps to its icon (header-triggers.tsx).
// (Tailwind reads these class names from this file.)
export const HIDDEN_BELOW_LINKS_BREAKPOINT =
  "hidden xl:block [html[data-text-size=large]_&]:max-2xl:hidden [html[data-text-size=x-large]_&]:max-2xl:hidden [html[lang=es][data-text-size=large]_&]:hidden [html[lang=es][data-text-size=x-large]_&]:hidden";
export const SHOWN_BELOW_LINKS_BREAKPOINT =
  "xl:hidden [html[data-text-size=large]_&]:max-2xl:inline-flex [html[data-text-size=x-large]_&]:max-2xl:inline-flex [html[lang=es][data-text-size=large]_&]:inline-flex [html[lang=es][data-text-size=x-large]_&]:inline-flex";
