// The labels of unread counts. Apart from utils/notifications.ts (which groups notifications by date with
// date-fns), so that the header's badge costs a public page no date library
// (docs/decisions/0041-what-a-page-carries.md).

/** The header badge stops at 9+, the bell's list and the chips at 99+. */
export const HEADER_BADGE_CAP = 9;
export const CHIP_COUNT_CAP = 99;

export function capCount(count: number, cap: number): string {
  return count > cap ? `${cap}+` : String(count);
}

export function headerBadgeLabel(unread: number): string {
  return capCount(unread, HEADER_BADGE_CAP);
}

export function chipCountLabel(count: number): string {
  return capCount(count, CHIP_COUNT_CAP);
}
