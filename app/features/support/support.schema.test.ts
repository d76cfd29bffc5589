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
      name: "public:contact.errors.nameRequired",
      email: "public:contact.errors.emailInvalid",
      topic: "public:contact.errors.topicRequired",
      message: "public:contact.errors.messageTooShort",
    });
  });

  it("refuses messages over 10000 characters", () => {
    expect(ContactSchema.safeParse({ ...valid, message: "a".repeat(10_001) }).error?.issues[0]?.message).toBe(
      "public:contact.errors.messageTooLong",
    );
  });
});

describe("NewsletterSchema", () => {
  it("needs a valid address", () => {
    expect(NewsletterSchema.safeParse({ email: "" }).error?.issues[0]?.message).toBe(
      "public:contact.errors.emailRequired",
    );
    expect(NewsletterSchema.parse({ email: "A@B.co" })).toEqual({ email: "a@b.co" });
  });
});
