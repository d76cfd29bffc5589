import { useState } from "react";
import { useLocation } from "react-router";

/**
 * Open state for menus, panels and drawers that close on any navigation:
 * it remembers the location it was opened at, so a new location (a link
 * followed from inside, a redirect, back/forward) reads as closed. A control
 * whose code loaded on the click that opens it starts open.
 */
export function useOpenUntilNavigation(isInitiallyOpen = false) {
  const { key } = useLocation();
  const [openedAt, setOpenedAt] = useState<string | null>(isInitiallyOpen ? key : null);
  const isOpen = openedAt === key;
  const setIsOpen = (open: boolean) => setOpenedAt(open ? key : null);
  return [isOpen, setIsOpen] as const;
}
