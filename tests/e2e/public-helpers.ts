import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** Collects console errors and uncaught exceptions of a page; call `expectNone()` at the end. */
export function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return {
    errors,
    expectNone: () => expect(errors, "console errors").toEqual([]),
  };
}

/** Lets a test see motion: the shared configuration asks every page for reduced motion. */
export async function allowMotion(page: Page) {
  await page.emulateMedia({ reducedMotion: "no-preference" });
}

type CarouselChange = { at: number; name: string; value: string | null };

/**
 * Records, in the page and on the page's own clock, each change of a carousel's
 * state and slide (data-carousel-*), so that a test can hold the interval
 * between them to the design however late its own polling runs on a busy machine.
 * Call before the page loads.
 */
export async function recordCarouselChanges(page: Page, label: string) {
  await page.addInitScript((carouselLabel) => {
    const changes: CarouselChange[] = [];
    (window as unknown as { __carouselChanges: CarouselChange[] }).__carouselChanges = changes;
    new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target as Element;
        if (target.getAttribute("aria-label") !== carouselLabel || !record.attributeName) continue;
        changes.push({
          at: performance.now(),
          name: record.attributeName,
          value: target.getAttribute(record.attributeName),
        });
      }
    }).observe(document, {
      attributes: true,
      subtree: true,
      attributeFilter: ["data-carousel-state", "data-carousel-index"],
    });
  }, label);
  return {
    changes: () =>
      page.evaluate(() => (window as unknown as { __carouselChanges: CarouselChange[] }).__carouselChanges),
  };
}
