import { describe, expect, it } from "vitest";
import { getContentPage, getPost, listPosts } from "./content.server";

// The files under content/ as the routes read them.

describe("the legal pages", () => {
  it("are read in the page's language, the Spanish text saying that the English one governs", async () => {
    const english = await getContentPage({ name: "terms", locale: "en" });
    expect(english).toMatchObject({ title: "Terms of Service", locale: "en" });
    const spanish = await getContentPage({ name: "terms", locale: "es" });
    expect(spanish).toMatchObject({ title: "Términos del servicio", locale: "es" });
    expect(spanish.html).toContain("prevalece la versión en inglés");
    expect(spanish.html).toContain("<h2>Qué es Tendly</h2>");
  });
});

describe("the blog", () => {
  it("lists every post in each language, each paired with its translation", async () => {
    const english = await listPosts({ locale: "en" });
    const spanish = await listPosts({ locale: "es" });
    expect(spanish.map((post) => post.locale)).toEqual(english.map(() => "es"));
    expect(spanish.map((post) => post.slugs)).toEqual(english.map((post) => post.slugs));
    expect(spanish.find((post) => post.slugs.en === "choosing-in-home-care")).toMatchObject({
      slug: "como-elegir-cuidado-a-domicilio",
      title: "Cómo elegir cuidado a domicilio: una guía práctica para las familias",
      date: "2026-09-08",
    });
  });

  it("gives a post its related posts in its own language, and links within it to posts of that language", async () => {
    const post = await getPost({ slug: "prevenir-caidas-en-casa" });
    expect(post?.related.map((related) => related.locale)).toEqual(["es", "es", "es"]);
    expect(post?.html).toContain('href="/blog/como-elegir-cuidado-a-domicilio"');
    const spanish = (await listPosts({ locale: "es" })).map((one) => one.slug);
    const elsewhere = [];
    for (const slug of spanish) {
      const { html } = (await getPost({ slug }))!;
      for (const [, link] of html.matchAll(/href="\/blog\/([^"?#]+)"/g)) {
        if (!spanish.includes(link!)) elsewhere.push(`${slug} -> ${link}`);
      }
    }
    expect(elsewhere).toEqual([]);
  });

  it("knows no post by a slug that is not one", async () => {
    expect(await getPost({ slug: "../pages/terms" })).toBeNull();
    expect(await getPost({ slug: "no-such-post" })).toBeNull();
  });
});
