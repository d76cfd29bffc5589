import { describe, expect, test } from "vitest";
import { validationText } from "~/i18n/i18n.server";
import { PricingFormSchema, PromoFormSchema } from "./pricing.schema";

// The schemas name their messages by key; each is the English the admin reads (the key worded).
const english = (issues: readonly { message: string }[] | undefined) =>
  issues?.map((issue) => validationText("en", issue));

const pricingForm = {
  "rate_personal-care": "34",
  rate_companionship: "28.50",
  rate_housekeeping: "27",
  "rate_meal-preparation": "28",
  rate_transportation: "30",
  caregiverPayPercent: "70",
  weekendMultiplier: "1.15",
  overnightMultiplier: "1.25",
  minimumHoursPerVisit: "3",
  platformFeePercent: "5",
};

describe("the /admin/pricing forms", () => {
  test("dollars become cents and every setting is a number", () => {
    const parsed = PricingFormSchema.parse(pricingForm);
    expect(parsed.serviceRatesCents).toEqual({
      "personal-care": 3400,
      companionship: 2850,
      housekeeping: 2700,
      "meal-preparation": 2800,
      transportation: 3000,
    });
    expect(parsed).toMatchObject({ weekendMultiplier: 1.15, minimumHoursPerVisit: 3, platformFeePercent: 5 });
  });

  test("bad values are refused with the field's name", () => {
    const result = PricingFormSchema.safeParse({ ...pricingForm, rate_housekeeping: "free", weekendMultiplier: "0.5" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      "validation:admin.pricing.rateFormat.housekeeping",
      "validation:admin.pricing.weekendMultiplier.range",
    ]);
    expect(english(result.error?.issues)).toEqual([
      "Housekeeping: enter an amount in dollars, like 34 or 34.50",
      "Weekend multiplier: between 1 and 3",
    ]);
  });

  test("promo codes: upper case, percent 1-100 or dollars as cents, optional window and cap", () => {
    expect(
      PromoFormSchema.parse({
        code: "spring-25",
        kind: "fixed",
        amount: "25",
        validFrom: "",
        validUntil: "2027-01-31",
        usageCap: "",
      }),
    ).toEqual({
      code: "SPRING-25",
      kind: "fixed",
      amount: 2500,
      validFrom: null,
      validUntil: new Date("2027-01-31T00:00:00Z"),
      usageCap: null,
    });
    const bad = PromoFormSchema.safeParse({
      code: "X",
      kind: "percent",
      amount: "120",
      validFrom: "2027-02-01",
      validUntil: "2027-01-01",
      usageCap: "0",
    });
    expect(english(bad.error?.issues)).toEqual([
      "Use 3 to 40 letters, digits or dashes",
      "The limit must be at least 1",
    ]);
    const range = PromoFormSchema.safeParse({
      code: "ABC",
      kind: "percent",
      amount: "120",
      validFrom: "2027-02-01",
      validUntil: "2027-01-01",
      usageCap: "",
    });
    expect(english(range.error?.issues)).toEqual([
      "A percentage is a whole number from 1 to 100",
      "The end must be after the start",
    ]);
  });
});
