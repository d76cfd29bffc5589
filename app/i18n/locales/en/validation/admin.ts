// The admin schemas' messages, named by key ("validation:admin.…") by features/admin/admin.schema.ts,
// features/pricing/pricing.schema.ts and routes/admin/caregiver.tsx.
export default {
  inviteLinkInvalid: "This invitation link is not valid.",
  notesTooLong: "Notes can be at most 5000 characters",
  reasonTooLong: "The reason can be at most 1000 characters",
  pricing: {
    rateFormat: {
      "personal-care": "Personal Care: enter an amount in dollars, like 34 or 34.50",
      companionship: "Companionship: enter an amount in dollars, like 34 or 34.50",
      housekeeping: "Housekeeping: enter an amount in dollars, like 34 or 34.50",
      "meal-preparation": "Meal Preparation: enter an amount in dollars, like 34 or 34.50",
      transportation: "Transportation: enter an amount in dollars, like 34 or 34.50",
    },
    rateRange: {
      "personal-care": "Personal Care: between $1 and $500 an hour",
      companionship: "Companionship: between $1 and $500 an hour",
      housekeeping: "Housekeeping: between $1 and $500 an hour",
      "meal-preparation": "Meal Preparation: between $1 and $500 an hour",
      transportation: "Transportation: between $1 and $500 an hour",
    },
    caregiverPayPercent: {
      format: "Caregiver pay share: enter a number",
      range: "Caregiver pay share: between 1 and 100",
    },
    weekendMultiplier: {
      format: "Weekend multiplier: enter a number",
      range: "Weekend multiplier: between 1 and 3",
    },
    overnightMultiplier: {
      format: "Overnight multiplier: enter a number",
      range: "Overnight multiplier: between 1 and 3",
    },
    minimumHoursPerVisit: {
      format: "Minimum hours per visit: enter a number",
      range: "Minimum hours per visit: between 0 and 12",
    },
    platformFeePercent: {
      format: "Platform fee: enter a number",
      range: "Platform fee: between 0 and 50",
    },
  },
  promo: {
    chooseDate: "Choose a date",
    codeFormat: "Use 3 to 40 letters, digits or dashes",
    chooseKind: "Choose percent or fixed amount",
    enterDiscount: "Enter the discount",
    usageCapFormat: "Enter a whole number, or leave empty for no limit",
    usageCapMin: "The limit must be at least 1",
    percentRange: "A percentage is a whole number from 1 to 100",
    fixedMin: "A fixed discount is at least $1",
    endAfterStart: "The end must be after the start",
  },
} as const;
