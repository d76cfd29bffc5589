import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import { schemaErrorMap } from "~/utils/form-schema";
import { HideReviewSchema, ReviewSchema } from "./reviews.schema";

/** The review form posted, parsed as the action's parseForm does: its value, or its first errors. */
function posted(entries: [string, string][]) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  const submission = parseWithZod(data, { schema: ReviewSchema, disableAutoCoercion: true, error: schemaErrorMap });
  return submission.status === "success" ? submission.value : submission.error;
}

const messages = (input: unknown) => ReviewSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

describe("ReviewSchema", () => {
  test("reads stars, a trimmed comment and each checked tag once, in the list's order", () => {
    const parsed = posted([
      ["rating", "4"],
      ["comment", "  Always on time.  "],
      ["tags", "skilled"],
      ["tags", "punctual"],
      ["tags", "skilled"],
    ]);
    expect(parsed).toEqual({ rating: 4, comment: "Always on time.", tags: ["punctual", "skilled"] });
  });

  test("one checked tag is a list of one", () => {
    expect(
      posted([
        ["rating", "4"],
        ["tags", "kind"],
      ]),
    ).toEqual({ rating: 4, comment: "", tags: ["kind"] });
  });

  test("a comment and tags are optional", () => {
    expect(posted([["rating", "5"]])).toEqual({ rating: 5, comment: "", tags: [] });
  });

  test("1 to 5 whole stars, and no star chosen is refused", () => {
    for (const rating of ["0", "6", "3.5", "abc", ""]) {
      expect(posted([["rating", rating]])).toEqual({ rating: ["reviews:errors.ratingRequired"] });
    }
    expect(posted([])).toEqual({ rating: ["reviews:errors.ratingRequired"] });
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
