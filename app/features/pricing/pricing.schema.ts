import { z } from "zod";
import { SERVICES, type ServiceId } from "~/utils/services";

// The /admin/pricing forms, shared by the page and the server. Money is typed
// in dollars and kept in cents.

const dollars = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,4}(\.\d{1,2})?$/, `${label}: enter an amount in dollars, like 34 or 34.50`)
    .transform((value) => Math.round(Number(value) * 100))
    .refine((cents) => cents >= 100 && cents <= 50_000, `${label}: between $1 and $500 an hour`);

const number = (label: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, `${label}: enter a number`)
    .transform(Number)
    .refine((value) => value >= min && value <= max, `${label}: between ${min} and ${max}`);

export const rateField = (service: ServiceId) => `rate_${service}` as const;

export const PricingFormSchema = z
  .object({
    ...(Object.fromEntries(SERVICES.map((service) => [rateField(service.id), dollars(service.title)])) as Record<
      `rate_${ServiceId}`,
      ReturnType<typeof dollars>
    >),
    caregiverPayPercent: number("Caregiver pay share", 1, 100),
    weekendMultiplier: number("Weekend multiplier", 1, 3),
    overnightMultiplier: number("Overnight multiplier", 1, 3),
    minimumHoursPerVisit: number("Minimum hours per visit", 0, 12),
    platformFeePercent: number("Platform fee", 0, 50),
  })
  .transform((form) => ({
    serviceRatesCents: Object.fromEntries(
      SERVICES.map((service) => [service.id, form[rateField(service.id)]]),
    ) as Record<ServiceId, number>,
    caregiverPayPercent: form.caregiverPayPercent,
    weekendMultiplier: form.weekendMultiplier,
    overnightMultiplier: form.overnightMultiplier,
    minimumHoursPerVisit: form.minimumHoursPerVisit,
    platformFeePercent: form.platformFeePercent,
  }));

const optionalDate = z
  .string()
  .trim()
  .regex(/^(\d{4}-\d{2}-\d{2})?$/, "Choose a date")
  .transform((value) => (value ? new Date(`${value}T00:00:00Z`) : null));

export const PromoFormSchema = z
  .object({
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9-]{3,40}$/, "Use 3 to 40 letters, digits or dashes"),
    kind: z.enum(["percent", "fixed"], { error: "Choose percent or fixed amount" }),
    amount: z
      .string()
      .trim()
      .regex(/^\d{1,5}(\.\d{1,2})?$/, "Enter the discount"),
    validFrom: optionalDate,
    validUntil: optionalDate,
    usageCap: z
      .string()
      .trim()
      .regex(/^\d{0,7}$/, "Enter a whole number, or leave empty for no limit")
      .transform((value) => (value ? Number(value) : null))
      .refine((value) => value === null || value >= 1, "The limit must be at least 1"),
  })
  .transform((form, context) => {
    const value = Number(form.amount);
    const amount = form.kind === "percent" ? value : Math.round(value * 100);
    if (form.kind === "percent" && (!Number.isInteger(value) || value < 1 || value > 100)) {
      context.addIssue({ code: "custom", path: ["amount"], message: "A percentage is a whole number from 1 to 100" });
    }
    if (form.kind === "fixed" && amount < 100) {
      context.addIssue({ code: "custom", path: ["amount"], message: "A fixed discount is at least $1" });
    }
    if (form.validFrom && form.validUntil && form.validUntil <= form.validFrom) {
      context.addIssue({ code: "custom", path: ["validUntil"], message: "The end must be after the start" });
    }
    return { ...form, amount };
  });

export type PricingForm = z.output<typeof PricingFormSchema>;
export type PromoForm = z.output<typeof PromoFormSchema>;
