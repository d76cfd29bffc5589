import { describe, expect, test } from "vitest";
import en from "~/i18n/locales/en/reviews";
import { DAY_MS, editableUntil, feedbackState, ratingRollup, REVIEW_TAG_LABELS } from "./review-rules";
import { REVIEW_TAGS } from "./reviews.schema";

const now = new Date("2026-11-26T12:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);

describe("feedbackState", () => {
  test("nothing to rate before a visit is completed", () => {
    expect(feedbackState({ completedVisits: 0, reviewCreatedAt: null, editDays: 14, now })).toBe("waiting");
  });

  test("a completed visit opens the form", () => {
    expect(feedbackState({ completedVisits: 1, reviewCreatedAt: null, editDays: 14, now })).toBe("new");
  });

  test("a review can be changed for editDays days after it was left, then only read", () => {
    const state = (reviewCreatedAt: Date, editDays = 14) =>
      feedbackState({ completedVisits: 3, reviewCreatedAt, editDays, now });
    expect(state(daysAgo(0))).toBe("editable");
    expect(state(new Date(daysAgo(14).getTime() + 1))).toBe("editable");
    expect(state(daysAgo(14))).toBe("closed");
    expect(state(daysAgo(30))).toBe("closed");
    expect(state(daysAgo(3), 2)).toBe("closed");
    // Zero days: read only as soon as it is left.
    expect(state(now, 0)).toBe("closed");
  });

  test("editableUntil is editDays whole days after the review was left", () => {
    expect(editableUntil(new Date("2026-11-01T09:30:00Z"), 14).toISOString()).toBe("2026-11-15T09:30:00.000Z");
  });
});

describe("ratingRollup", () => {
  test("the average of all stars to two decimals, and their count", () => {
    expect(ratingRollup(5 + 4 + 4, 3)).toEqual({ ratingAvg: 4.33, ratingCount: 3 });
    expect(ratingRollup(5 + 4, 2)).toEqual({ ratingAvg: 4.5, ratingCount: 2 });
    expect(ratingRollup(2, 1)).toEqual({ ratingAvg: 2, ratingCount: 1 });
    expect(ratingRollup(5 + 5 + 4, 3)).toEqual({ ratingAvg: 4.67, ratingCount: 3 });
  });

  test("no reviews is no rating (not zero stars)", () => {
    expect(ratingRollup(0, 0)).toEqual({ ratingAvg: null, ratingCount: 0 });
  });
});

describe("the reviews messages name the tags", () => {
  test("tags", () => {
    expect(en.tags).toEqual(REVIEW_TAG_LABELS);
    expect(Object.keys(REVIEW_TAG_LABELS)).toEqual([...REVIEW_TAGS]);
  });
});
