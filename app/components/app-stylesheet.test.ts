import { describe, expect, test } from "vitest";
import { inlinesStylesheet } from "./app-stylesheet";

describe("inlinesStylesheet", () => {
  const page = { waitsForInteraction: false, isSignedIn: false, isKeptOffline: false };

  test("a page read signed out that starts at once carries the style sheet", () => {
    expect(inlinesStylesheet(page)).toBe(true);
  });

  test("a page that starts on interaction links it", () => {
    expect(inlinesStylesheet({ ...page, waitsForInteraction: true })).toBe(false);
  });

  test("a signed-in page links it, but for a page kept for use offline", () => {
    expect(inlinesStylesheet({ ...page, isSignedIn: true })).toBe(false);
    expect(inlinesStylesheet({ ...page, isSignedIn: true, isKeptOffline: true })).toBe(true);
  });
});
