import { describe, expect, it } from "vitest";
import {
  contentFolder,
  pairTranslations,
  PostFrontMatterSchema,
  postPaths,
  postsIn,
  readingMinutes,
  relatedPosts,
  type PostSummary,
} from "./content";

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
  locale: "en",
  slugs: { en: slug },
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

const file = (slug: string, locale: "en" | "es", date: string, translationOf?: string) => ({
  ...post(slug, ["care"], "families", date),
  locale,
  translationOf,
});

describe("translations of posts", () => {
  const english = [file("choosing-care", "en", "2026-09-08"), file("falls", "en", "2026-10-01")];
  const spanish = file("elegir-cuidado", "es", "2026-09-08", "choosing-care");

  it("live in content/blog for English and in a folder of their language's code for another", () => {
    expect(contentFolder("en")).toBe("");
    expect(contentFolder("es")).toBe("es");
  });

  it("pair a translation with its English original, both ways", () => {
    const paired = pairTranslations([...english, spanish]);
    const slugsOf = Object.fromEntries(paired.map((one) => [one.slug, one.slugs]));
    expect(slugsOf).toEqual({
      "choosing-care": { en: "choosing-care", es: "elegir-cuidado" },
      falls: { en: "falls" },
      "elegir-cuidado": { en: "choosing-care", es: "elegir-cuidado" },
    });
    expect(paired.find((one) => one.slug === "elegir-cuidado")).not.toHaveProperty("translationOf");
  });

  it("refuse a translation of an unknown post, a slug taken twice and two translations in one language", () => {
    expect(() => pairTranslations([...english, file("perdido", "es", "2026-09-08", "no-such-post")])).toThrow(
      /perdido: translationOf must name an English post/,
    );
    expect(() => pairTranslations([...english, file("perdido", "es", "2026-09-08")])).toThrow(/perdido/);
    expect(() => pairTranslations([...english, file("falls", "es", "2026-10-01", "falls")])).toThrow(
      /falls: the slug is taken twice/,
    );
    expect(() =>
      pairTranslations([...english, spanish, file("como-elegir", "es", "2026-09-08", "choosing-care")]),
    ).toThrow(/choosing-care has two es translations/);
    expect(() => pairTranslations([file("x", "en", "2026-01-01", "falls"), ...english])).toThrow(
      /x: an English post is no translation/,
    );
  });

  it("show a reader each post in their language where it is translated, else in English, newest first", () => {
    const paired = pairTranslations([...english, spanish]);
    expect(postsIn(paired, "es").map((one) => [one.slug, one.locale])).toEqual([
      ["falls", "en"],
      ["elegir-cuidado", "es"],
    ]);
    expect(postsIn(paired, "en").map((one) => one.slug)).toEqual(["falls", "choosing-care"]);
  });

  it("give each language its own path, the English one where there is no translation", () => {
    expect(postPaths({ slugs: { en: "choosing-care", es: "elegir-cuidado" } })).toEqual({
      en: "/blog/choosing-care",
      es: "/blog/elegir-cuidado",
    });
    expect(postPaths({ slugs: { en: "falls" } })).toEqual({ en: "/blog/falls", es: "/blog/falls" });
  });
});
