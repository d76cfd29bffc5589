import { describe, expect, test } from "vitest";
import { workProfileFormSchema, workProfileOf, workProfileSchema } from "./work-profile.schema";

const BAND = { minCents: 1890, maxCents: 2380 };

/** The form's answers as the schema reads them: the rate typed in dollars. */
function form({ hourlyRate, ...fields }: Record<string, string | string[]>) {
  return { ...fields, hourlyRateCents: hourlyRate };
}

const VALID = {
  services: ["companionship", "transportation"],
  languages: ["en", "ht"],
  slots: ["0-morning", "6-evening"],
  travelRadiusMiles: "25",
  hourlyRate: "21.50",
  bio: "Companion and driver for older adults in Chicago.",
  bioLanguage: "es",
};

describe("workProfileSchema", () => {
  test("reads the form as the application does, the rate in cents", () => {
    expect(workProfileSchema({ band: BAND, keptRateCents: null }).parse(form(VALID))).toEqual({
      services: ["companionship", "transportation"],
      languages: ["en", "ht"],
      slots: ["0-morning", "6-evening"],
      travelRadiusMiles: 25,
      hourlyRateCents: 2150,
      bio: "Companion and driver for older adults in Chicago.",
      bioLanguage: "es",
    });
  });

  test("the form as posted (the rate as hourlyRate, its intent) is saved as the same answers", () => {
    const rules = { band: BAND, keptRateCents: null };
    const posted = workProfileFormSchema(rules).parse({ intent: "work", ...VALID });
    expect(workProfileOf(posted)).toEqual(workProfileSchema(rules).parse(form(VALID)));
    expect(
      workProfileFormSchema(rules)
        .safeParse({ intent: "work", ...VALID, hourlyRate: "99" })
        .error?.issues.map((issue) => [issue.path, issue.message]),
    ).toEqual([[["hourlyRate"], "validation:onboarding.rateOutsideBand"]]);
  });

  test("keeps the application's rules and messages", () => {
    const result = workProfileSchema({ band: BAND, keptRateCents: null }).safeParse(
      form({
        ...VALID,
        services: [],
        languages: [],
        slots: [],
        travelRadiusMiles: "101",
        bio: "Short",
        bioLanguage: "",
      }),
    );
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(messages).toEqual({
      services: "validation:onboarding.servicesRequired",
      languages: "validation:onboarding.languagesRequired",
      slots: "validation:onboarding.slotsRequired",
      travelRadiusMiles: "validation:onboarding.travelRadiusMax",
      bio: "validation:onboarding.bioTooShort",
      bioLanguage: "validation:onboarding.bioLanguageRequired",
    });
  });

  test.each([
    ["18.90", 1890],
    ["23.8", 2380],
    ["20", 2000],
  ])("takes %s, within the band", (rate, cents) => {
    const schema = workProfileSchema({ band: BAND, keptRateCents: null });
    expect(schema.parse(form({ ...VALID, hourlyRate: rate })).hourlyRateCents).toBe(cents);
  });

  test.each([
    ["18.89", "validation:onboarding.rateOutsideBand"],
    ["23.81", "validation:onboarding.rateOutsideBand"],
    ["$20", "validation:onboarding.rateFormat"],
    ["20.555", "validation:onboarding.rateFormat"],
    ["-20", "validation:onboarding.rateFormat"],
  ])("refuses %s", (rate, message) => {
    const result = workProfileSchema({ band: BAND, keptRateCents: 2000 }).safeParse(
      form({ ...VALID, hourlyRate: rate }),
    );
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });

  test("a rate kept from before the band moved passes; once set, it cannot be emptied", () => {
    const schema = workProfileSchema({ band: BAND, keptRateCents: 3000 });
    expect(schema.parse(form({ ...VALID, hourlyRate: "30.00" })).hourlyRateCents).toBe(3000);
    expect(schema.safeParse(form({ ...VALID, hourlyRate: "29.00" })).error?.issues[0]?.message).toBe(
      "validation:onboarding.rateOutsideBand",
    );
    expect(schema.safeParse(form({ ...VALID, hourlyRate: "" })).error?.issues[0]?.message).toBe(
      "validation:onboarding.rateRequired",
    );
    // Never set: it may stay empty.
    expect(
      workProfileSchema({ band: BAND, keptRateCents: null }).parse(form({ ...VALID, hourlyRate: "" })).hourlyRateCents,
    ).toBeNull();
  });
});
