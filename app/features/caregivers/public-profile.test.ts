import { describe, expect, it } from "vitest";
import { DirectoryQuerySchema, formatRating, initialsOf, isReservedCaregiverSlug, publicName } from "./public-profile";

describe("isReservedCaregiverSlug", () => {
  it("refuses every word of the caregiver area", () => {
    for (const word of ["schedule", "clients", "orders", "earnings", "training", "messages", "profile", "settings"]) {
      expect(isReservedCaregiverSlug(word)).toBe(true);
    }
    expect(isReservedCaregiverSlug("Profile ")).toBe(true);
  });
  it("accepts a caregiver's own slug", () => {
    expect(isReservedCaregiverSlug("maria-gonzalez-1a2b3c")).toBe(false);
    expect(isReservedCaregiverSlug("profile-maria")).toBe(false);
  });
});

describe("public names", () => {
  it("shows the first name and the last initial only", () => {
    expect(publicName("Maria", "Gonzalez")).toBe("Maria G.");
    expect(publicName("Michael", "o'Brien")).toBe("Michael O.");
    expect(initialsOf("Ji-woo", "Park")).toBe("JP");
  });
});

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
    expect(result.error?.issues[0]?.message).toBe("Enter a 5-digit ZIP code.");
  });
});

describe("formatRating", () => {
  it("reads a rating out loud-friendly, or says the caregiver is new", () => {
    expect(formatRating(4.86, 23)).toBe("4.9 out of 5 (23 ratings)");
    expect(formatRating(5, 1)).toBe("5.0 out of 5 (1 rating)");
    expect(formatRating(null, 0)).toBe("New to Tendly");
  });
});
