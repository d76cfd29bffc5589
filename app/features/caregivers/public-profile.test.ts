import { describe, expect, it } from "vitest";
import { LANGUAGE_CODES, LANGUAGE_LABELS, languagesByName } from "~/features/care-requests/public";
import { formatRating, isReservedCaregiverSlug } from "./public-profile";
import { CAREGIVER_LANGUAGES } from "./work-profile-fields";

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

describe("formatRating", () => {
  it("reads a rating out loud-friendly, or says the caregiver is new", () => {
    expect(formatRating(4.86, 23)).toBe("4.9 out of 5 (23 ratings)");
    expect(formatRating(5, 1)).toBe("5.0 out of 5 (1 rating)");
    expect(formatRating(null, 0)).toBe("New to Tendly");
  });
});

/** The directory's languages as an English reader gets them (routes/public/providers.tsx). */
const DIRECTORY_LANGUAGES = languagesByName((code) => LANGUAGE_LABELS[code]);

describe("the directory's languages", () => {
  it("lists the languages in the order an English collator gives", () => {
    const names = DIRECTORY_LANGUAGES.map((language) => language.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    expect(new Set(names).size).toBe(names.length);
  });
});

describe("languages", () => {
  it("one list: what a caregiver speaks and the directory filters by are the languages a family can ask for", () => {
    expect(CAREGIVER_LANGUAGES).toEqual(LANGUAGE_CODES);
    expect(DIRECTORY_LANGUAGES.map((language) => language.code).toSorted()).toEqual([...LANGUAGE_CODES].toSorted());
  });
});
