import { z } from "zod";
import { SERVICE_IDS, type ServiceId } from "~/utils/services";
import { messageKey } from "~/i18n/message-keys";

// The /admin/pricing forms, shared by the page and the server. Money is typed
// in dollars and kept in cents.

const dollars = (service: ServiceId) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,4}(\.\d{1,2})?$/, messageKey(`validation:admin.pricing.rateFormat.${service}`))
    .transform((value) => Math.round(Number(value) * 100))
    .refine((cents) => cents >= 100 && cents <= 50_000, messageKey(`validation:admin.pricing.rateRange.${service}`));

/** The settings typed as a number, each with its two messages (validation:admin.pricing.<setting>.format / .range). */
type NumberSetting =
  "caregiverPayPercent" | "weekendMultiplier" | "overnightMultiplier" | "minimumHoursPerVisit" | "platformFeePercent";

const number = (setting: NumberSetting, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, messageKey(`validation:admin.pricing.${setting}.format`))
    .transform(Number)
    .refine((value) => value >= min && value <= max, messageKey(`validation:admin.pricing.${setting}.range`));

export const rateField = (service: ServiceId) => `rate_${service}` as const;

export const PricingFieldsSchema = z.object({
  ...(Object.fromEntries(SERVICE_IDS.map((id) => [rateField(id), dollars(id)])) as Record<
    `rate_${ServiceId}`,
    ReturnType<typeof dollars>
  >),
  caregiverPayPercent: number("caregiverPayPercent", 1, 100),
  weekendMultiplier: number("weekendMultiplier", 1, 3),
  overnightMultiplier: number("overnightMultiplier", 1, 3),
  minimumHoursPerVisit: number("minimumHoursPerVisit", 0, 12),
  platformFeePercent: number("platformFeePercent", 0, 50),
});

const toPricing = (form: z.output<typeof PricingFieldsSchema>) => ({
  serviceRatesCents: Object.fromEntries(SERVICE_IDS.map((id) => [id, form[rateField(id)]])) as Record<
    ServiceId,
    number
  >,
  caregiverPayPercent: form.caregiverPayPercent,
  weekendMultiplier: form.weekendMultiplier,
  overnightMultiplier: form.overnightMultiplier,
  minimumHoursPerVisit: form.minimumHoursPerVisit,
  platformFeePercent: form.platformFeePercent,
});

const optionalDate = z
  .string()
  .trim()
  .regex(/^(\d{4}-\d{2}-\d{2})?$/, messageKey("validation:admin.promo.chooseDate"))
  .transform((value) => (value ? new Date(`${value}T00:00:00Z`) : null));

const PromoFields = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9-]{3,40}$/, messageKey("validation:admin.promo.codeFormat")),
  kind: z.enum(["percent", "fixed"], { error: messageKey("validation:admin.promo.chooseKind") }),
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,5}(\.\d{1,2})?$/, messageKey("validation:admin.promo.enterDiscount")),
  validFrom: optionalDate,
  validUntil: optionalDate,
  usageCap: z
    .string()
    .trim()
    .regex(/^\d{0,7}$/, messageKey("validation:admin.promo.usageCapFormat"))
    .transform((value) => (value ? Number(value) : null))
    .refine((value) => value === null || value >= 1, messageKey("validation:admin.promo.usageCapMin")),
});

/** The discount in its unit: a whole percent, or cents. */
const promoAmount = (form: { kind: "percent" | "fixed"; amount: string }) =>
  form.kind === "percent" ? Number(form.amount) : Math.round(Number(form.amount) * 100);

/** The rules that tie the promo's fields together, once each field is valid. */
function checkPromo(form: z.output<typeof PromoFields>, context: z.RefinementCtx) {
  const value = Number(form.amount);
  if (form.kind === "percent" && (!Number.isInteger(value) || value < 1 || value > 100)) {
    context.addIssue({
      code: "custom",
      path: ["amount"],
      message: messageKey("validation:admin.promo.percentRange"),
    });
  }
  if (form.kind === "fixed" && promoAmount(form) < 100) {
    context.addIssue({ code: "custom", path: ["amount"], message: messageKey("validation:admin.promo.fixedMin") });
  }
  if (form.validFrom && form.validUntil && form.validUntil <= form.validFrom) {
    context.addIssue({
      code: "custom",
      path: ["validUntil"],
      message: messageKey("validation:admin.promo.endAfterStart"),
    });
  }
}

const onceFieldsAreValid = { when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0 };

/**
 * The forms as the browser checks them (useSchemaForm): the same fields and rules, whose root
 * stays an object, for Conform reads the inputs' constraints from it and not through a transform.
 */
export const PromoFieldsSchema = PromoFields.superRefine(checkPromo, onceFieldsAreValid);

export const PricingFormSchema = PricingFieldsSchema.transform(toPricing);
export const PromoFormSchema = PromoFieldsSchema.transform((form) => ({ ...form, amount: promoAmount(form) }));

/**
 * What /admin/pricing posts, told apart by its intent: the rates and fees, a new promo code
 * (each form's own schema above), or a promo code to deactivate (its id).
 */
export const PricingActionSchema = z.discriminatedUnion("intent", [
  PricingFieldsSchema.extend({ intent: z.literal("pricing") }).transform(({ intent, ...form }) => ({
    intent,
    values: toPricing(form),
  })),
  PromoFields.extend({ intent: z.literal("create-promo") })
    .superRefine(checkPromo, onceFieldsAreValid)
    .transform(({ intent, ...form }) => ({ intent, values: { ...form, amount: promoAmount(form) } })),
  z.object({ intent: z.literal("deactivate-promo"), promoId: z.string() }),
]);

export type PricingForm = z.output<typeof PricingFormSchema>;
export type PromoForm = z.output<typeof PromoFormSchema>;
