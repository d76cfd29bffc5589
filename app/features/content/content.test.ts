import { describe, expect, it } from "vitest";
import { PostFrontMatterSchema, readingMinutes, relatedPosts, type PostSummary } from "./content";

describe("readingMinutes", () => {
  it("counts words at 220 a minute, rounding up, never below one", () => {
    expect(readingMinutes("Just a few words.")).toBe(1);
    expect(readingMinutes(Array.from({ length: 221 }, () => "word").join(" "))).toBe(2);
    expect(readingMinutes(`# Title\n\n${Array.from({ length: 660 }, () => "care").join(" ")}`)).toBe(4);
  });
});

describe("PostFrontMatterSchema", () => {
  it("refuses a post without a description", () => {
    const result = PostFrontMatterSchema.safeParse({
      title: "T",
      date: "2026-01-01",
      author: "A",
      audience: "families",
      tags: ["x"],
    });
    expect(result.success).toBe(false);
  });
});

const post = (slug: string, tags: string[], audience: PostSummary["audience"], date: string): PostSummary => ({
  slug,
  tags,
  audience,
  date,
  title: slug,
  description: slug,
  author: "Tendly",
  readingMinutes: 3,
});

describe("relatedPosts", () => {
  const all = [
    post("a", ["dementia", "safety"], "families", "2026-01-01"),
    post("b", ["safety"], "families", "2026-02-01"),
    post("c", ["dementia", "safety"], "caregivers", "2026-03-01"),
    post("d", ["pay"], "caregivers", "2026-04-01"),
    post("e", ["pay"], "families", "2026-05-01"),
  ];
  it("ranks shared tags first, then the audience, then the newest, never the post itself", () => {
    expect(relatedPosts(all[0]!, all).map((p) => p.slug)).toEqual(["c", "b", "e"]);
  });
});
