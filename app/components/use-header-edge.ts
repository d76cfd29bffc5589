import { useEffect, type RefObject } from "react";

/** The custom property on <html> holding where the header ends on screen (px from the viewport's top). */
export const HEADER_BOTTOM_PROPERTY = "--header-bottom";

/**
 * Publishes the header's bottom edge for what floats over the page (the toasts, toaster.tsx) to stay below it, clear
 * of the avatar and of the drawer's close button (docs/product-rules.md, "Public site and header"). The edge moves:
 * the header is sticky under the public demo's notice, which scrolls away, and text size and wrapping change heights.
 * Written as a style, not React state, so that scrolling re-renders nothing.
 */
export function usePublishedHeaderEdge(headerRef: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const header = headerRef.current;
    if (!header) return;
    const root = document.documentElement;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const bottom = Math.max(0, Math.round(header.getBoundingClientRect().bottom));
      root.style.setProperty(HEADER_BOTTOM_PROPERTY, `${bottom}px`);
    };
    const schedule = () => {
      if (frame === 0) frame = window.requestAnimationFrame(measure);
    };
    measure();
    // The header's own size, and the page's (the notice above it wrapping anew).
    const observer = new ResizeObserver(schedule);
    observer.observe(header);
    observer.observe(document.body);
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    return () => {
      window.cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      root.style.removeProperty(HEADER_BOTTOM_PROPERTY);
    };
  }, [headerRef]);
}
