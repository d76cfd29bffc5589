// The pricing a new Tendly starts with (admins change it at /admin/pricing):
// hourly rates per service in cents, the caregiver's share, multipliers, the
// minimum billed per visit and the platform fee.
export const DEFAULT_PRICING = {
  serviceRatesCents: {
    "personal-care": 3400,
    companionship: 2800,
    housekeeping: 2700,
    "meal-preparation": 2800,
    transportation: 3000,
  },
  caregiverPayPercent: 70,
  weekendMultiplier: 1.15,
  overnightMultiplier: 1.25,
  minimumHoursPerVisit: 3,
  platformFeePercent: 5,
};

export const WELCOME_PROMO = { code: "WELCOME10", kind: "percent", amount: 10 } as const;
