import { describe, expect, test } from "vitest";
import { HideReviewSchema, ReviewSchema, reviewFormValues } from "./reviews.schema";

function form(entries: [string, string][]) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

const messages = (input: unknown) => ReviewSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

describe("ReviewSchema", () => {
  test("reads stars, a trimmed comment and each checked tag once, in the list's order", () => {
    const parsed = ReviewSchema.parse(
      reviewFormValues(
        form([
          ["rating", "4"],
          ["comment", "  Always on time.  "],
          ["tags", "skilled"],
          ["tags", "punctual"],
          ["tags", "skilled"],
        ]),
      ),
    );
    expect(parsed).toEqual({ rating: 4, comment: "Always on time.", tags: ["punctual", "skilled"] });
  });

  test("a comment and tags are optional", () => {
    expect(ReviewSchema.parse(reviewFormValues(form([["rating", "5"]])))).toEqual({
      rating: 5,
      comment: "",
      tags: [],
    });
  });

  test("1 to 5 whole stars, and no star chosen is refused", () => {
    for (const rating of ["0", "6", "3.5", "abc"]) {
      expect(messages(reviewFormValues(form([["rating", rating]])))).toEqual(["reviews:errors.ratingRequired"]);
    }
    expect(messages(reviewFormValues(form([["rating", ""]])))).toEqual(["reviews:errors.ratingRequired"]);
    expect(messages(reviewFormValues(form([])))).toEqual(["reviews:errors.ratingRequired"]);
  });

  test("a comment over 2,000 characters and an unknown tag are refused with their messages", () => {
    expect(messages({ rating: 3, comment: "a".repeat(2001), tags: [] })).toEqual(["reviews:errors.commentTooLong"]);
    expect(messages({ rating: 3, comment: "a".repeat(2000), tags: [] })).toEqual([]);
    expect(messages({ rating: 3, comment: "", tags: ["rude"] })).toEqual(["reviews:errors.unknownTag"]);
  });
});

describe("HideReviewSchema", () => {
  const reviewId = "5f0c6c1e-8d1a-4c36-9b8e-2f3a4b5c6d7e";

  test("needs a reason of 3 to 500 characters", () => {
    expect(HideReviewSchema.parse({ reviewId, reason: " Insults the caregiver " }).reason).toBe(
      "Insults the caregiver",
    );
    expect(HideReviewSchema.safeParse({ reviewId, reason: " x " }).error?.issues[0]?.message).toBe(
      "reviews:errors.reasonRequired",
    );
    expect(HideReviewSchema.safeParse({ reviewId }).error?.issues[0]?.message).toBe("reviews:errors.reasonRequired");
    expect(HideReviewSchema.safeParse({ reviewId, reason: "r".repeat(501) }).error?.issues[0]?.message).toBe(
      "reviews:errors.reasonTooLong",
    );
  });
});
