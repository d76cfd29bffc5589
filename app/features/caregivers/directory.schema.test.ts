import { describe, expect, it } from "vitest";
import { DirectoryQuerySchema } from "./directory.schema";

describe("DirectoryQuerySchema", () => {
  it("keeps valid filters", () => {
    const query = DirectoryQuerySchema.parse({
      service: "companionship",
      language: "es",
      zip: "60614",
      miles: "10",
      sort: "distance",
      page: "2",
    });
    expect(query).toEqual({
      service: "companionship",
      language: "es",
      zip: "60614",
      miles: 10,
      sort: "distance",
      page: 2,
    });
  });
  it("drops unknown values instead of failing", () => {
    const query = DirectoryQuerySchema.parse({
      service: "gardening",
      language: "spanish",
      miles: "7",
      sort: "price",
      page: "-3",
    });
    expect(query).toEqual({
      service: undefined,
      language: undefined,
      zip: undefined,
      miles: 25,
      sort: "rating",
      page: 1,
    });
  });
  it("refuses a malformed ZIP code with a message", () => {
    const result = DirectoryQuerySchema.safeParse({ zip: "6061" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("public:providers.zipFormat");
  });
});
