import { describe, expect, it } from "vitest";
import { ContactSchema, NewsletterSchema } from "./support.schema";

describe("ContactSchema", () => {
  const valid = { name: " Ana ", email: "Ana@Example.com ", topic: "care", message: "We need help for my father." };

  it("trims and lower-cases what people type", () => {
    expect(ContactSchema.parse(valid)).toEqual({
      name: "Ana",
      email: "ana@example.com",
      topic: "care",
      message: "We need help for my father.",
    });
  });

  it("explains each missing or bad field", () => {
    const result = ContactSchema.safeParse({ name: "", email: "nope", topic: "other", message: "hi" });
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(messages).toEqual({
      name: "Please enter your name.",
      email: "Please enter a valid email address.",
      topic: "Please choose a topic.",
      message: "Please write at least 10 characters so we can help.",
    });
  });

  it("refuses messages over 10000 characters", () => {
    expect(ContactSchema.safeParse({ ...valid, message: "a".repeat(10_001) }).success).toBe(false);
  });
});

describe("NewsletterSchema", () => {
  it("needs a valid address", () => {
    expect(NewsletterSchema.safeParse({ email: "" }).error?.issues[0]?.message).toBe(
      "Please enter your email address.",
    );
    expect(NewsletterSchema.parse({ email: "A@B.co" })).toEqual({ email: "a@b.co" });
  });
});
