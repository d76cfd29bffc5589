import { z } from "zod";
import { SERVICE_IDS, type ServiceId } from "~/utils/services";
// The messages' English texts live in the translation layer, which shows them in the person's language.
import V from "~/i18n/locales/en/validation";

// The /admin/pricing forms, shared by the page and the server. Money is typed
// in dollars and kept in cents.

const P = V.admin.pricing;
const M = V.admin.promo;

const dollars = (service: ServiceId) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,4}(\.\d{1,2})?$/, P.rateFormat[service])
    .transform((value) => Math.round(Number(value) * 100))
    .refine((cents) => cents >= 100 && cents <= 50_000, P.rateRange[service]);

const number = (messages: { format: string; range: string }, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, messages.format)
    .transform(Number)
    .refine((value) => value >= min && value <= max, messages.range);

export const rateField = (service: ServiceId) => `rate_${service}` as const;

export const PricingFormSchema = z
  .object({
    ...(Object.fromEntries(SERVICE_IDS.map((id) => [rateField(id), dollars(id)])) as Record<
      `rate_${ServiceId}`,
      ReturnType<typeof dollars>
    >),
    caregiverPayPercent: number(P.caregiverPayPercent, 1, 100),
    weekendMultiplier: number(P.weekendMultiplier, 1, 3),
    overnightMultiplier: number(P.overnightMultiplier, 1, 3),
    minimumHoursPerVisit: number(P.minimumHoursPerVisit, 0, 12),
    platformFeePercent: number(P.platformFeePercent, 0, 50),
  })
  .transform((form) => ({
    serviceRatesCents: Object.fromEntries(SERVICE_IDS.map((id) => [id, form[rateField(id)]])) as Record<
      ServiceId,
      number
    >,
    caregiverPayPercent: form.caregiverPayPercent,
    weekendMultiplier: form.weekendMultiplier,
    overnightMultiplier: form.overnightMultiplier,
    minimumHoursPerVisit: form.minimumHoursPerVisit,
    platformFeePercent: form.platformFeePercent,
  }));

const optionalDate = z
  .string()
  .trim()
  .regex(/^(\d{4}-\d{2}-\d{2})?$/, M.chooseDate)
  .transform((value) => (value ? new Date(`${value}T00:00:00Z`) : null));

export const PromoFormSchema = z
  .object({
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9-]{3,40}$/, M.codeFormat),
    kind: z.enum(["percent", "fixed"], { error: M.chooseKind }),
    amount: z
      .string()
      .trim()
      .regex(/^\d{1,5}(\.\d{1,2})?$/, M.enterDiscount),
    validFrom: optionalDate,
    validUntil: optionalDate,
    usageCap: z
      .string()
      .trim()
      .regex(/^\d{0,7}$/, M.usageCapFormat)
      .transform((value) => (value ? Number(value) : null))
      .refine((value) => value === null || value >= 1, M.usageCapMin),
  })
  .transform((form, context) => {
    const value = Number(form.amount);
    const amount = form.kind === "percent" ? value : Math.round(value * 100);
    if (form.kind === "percent" && (!Number.isInteger(value) || value < 1 || value > 100)) {
      context.addIssue({ code: "custom", path: ["amount"], message: M.percentRange });
    }
    if (form.kind === "fixed" && amount < 100) {
      context.addIssue({ code: "custom", path: ["amount"], message: M.fixedMin });
    }
    if (form.validFrom && form.validUntil && form.validUntil <= form.validFrom) {
      context.addIssue({ code: "custom", path: ["validUntil"], message: M.endAfterStart });
    }
    return { ...form, amount };
  });

export type PricingForm = z.output<typeof PricingFormSchema>;
export type PromoForm = z.output<typeof PromoFormSchema>;
