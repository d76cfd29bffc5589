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
