import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { auditEvents, promoCodes, type Role } from "~/platform/db/schema";
import { createUser } from "~/platform/db/seed/factories.server";
import { EMPTY_WEEK } from "~/features/care-requests/care-request.schema";
import {
  createPromoCode,
  deactivatePromoCode,
  getAdminPricing,
  updatePricing,
} from "~/features/pricing/admin-pricing.server";
import { PricingFormSchema, PromoFormSchema } from "~/features/pricing/pricing.schema";
import { getPricing, quoteCareRequest } from "~/features/pricing/pricing.server";
import type { QuoteRequest } from "~/features/pricing/quote";
import { useAuthTestSetup } from "./auth-env";

const setup = useAuthTestSetup();

type Actor = { id: string; roles: Role[] };
let admin: Actor;
let client: Actor;
beforeAll(async () => {
  admin = await createUser(setup.db, { roles: ["admin"] });
  client = await createUser(setup.db, { roles: ["client"] });
});
const REQUEST: QuoteRequest = {
  serviceTypes: ["companionship"],
  scheduleType: "one-time",
  startDate: "2027-03-01",
  startTime: "10:00",
  endTime: "14:00",
  weeklySchedule: { ...EMPTY_WEEK },
} as QuoteRequest;
const NOW = new Date("2027-02-01T12:00:00Z");

const pricingForm = (overrides: Record<string, string> = {}) =>
  PricingFormSchema.parse({ ...pricingInput(), rate_companionship: "40.50", platformFeePercent: "10", ...overrides });
const promoForm = (overrides: Record<string, string> = {}) =>
  PromoFormSchema.parse({ ...promoInput(), code: "spring-25", amount: "25", ...overrides });

async function auditOf(type: string) {
  return setup.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.eventType, type), eq(auditEvents.userId, admin.id)));
}

describe("/admin/pricing", () => {
  test("only administrators read or change pricing and promo codes", async () => {
    const forbidden = "common:access.denied";
    await expect(getAdminPricing({ actor: client })).rejects.toThrow(forbidden);
    await expect(updatePricing({ actor: client, values: pricingForm() })).rejects.toThrow(forbidden);
    await expect(createPromoCode({ actor: client, values: promoForm({ code: "NOPE-1" }) })).rejects.toThrow(forbidden);
    const { promos } = await getAdminPricing({ actor: admin });
    expect(promos.some((promo) => promo.code === "NOPE-1")).toBe(false);
  });

  test("a pricing change is what the next quote uses, and is audited with the values before and after", async () => {
    const before = await getPricing();
    await updatePricing({ actor: admin, values: pricingForm() });
    const after = await getPricing();
    expect(after).toMatchObject({ platformFeePercent: 10, updatedBy: admin.id });
    expect(after.serviceRatesCents.companionship).toBe(4050);

    // One 4-hour visit at $40.50 plus the 10% fee.
    const result = await quoteCareRequest({ request: REQUEST, now: NOW });
    expect(result).toMatchObject({ quote: { hourlyRateCents: 4050, subtotalCents: 16_200, totalCents: 17_820 } });

    const [event] = await auditOf("pricing_updated");
    expect(event?.category).toBe("admin");
    const metadata = event?.metadata as { before: Record<string, unknown>; after: Record<string, unknown> };
    expect(metadata.before.platformFeePercent).toBe(before.platformFeePercent);
    expect(metadata.after.platformFeePercent).toBe(10);
  });

  test("promo codes: created once (a second with the same code is refused), audited, and deactivated", async () => {
    const created = await createPromoCode({ actor: admin, values: promoForm() });
    expect(created).toMatchObject({
      code: "SPRING-25",
      kind: "percent",
      amount: 25,
      active: true,
      createdBy: admin.id,
    });
    await expect(createPromoCode({ actor: admin, values: promoForm({ code: "Spring-25" }) })).rejects.toMatchObject({
      ref: { key: "admin:pricing.codeExists", values: { code: "SPRING-25" } },
    });
    expect((await auditOf("promo_code_created")).map((event) => event.metadata.code)).toEqual(["SPRING-25"]);

    const discounted = await quoteCareRequest({ request: REQUEST, promoCode: "spring-25", now: NOW });
    expect(discounted).toMatchObject({ quote: { discountCents: 4050 } });

    await deactivatePromoCode({ actor: admin, promoId: created.id });
    const [row] = await setup.db.select().from(promoCodes).where(eq(promoCodes.id, created.id));
    expect(row?.active).toBe(false);
    await expect(quoteCareRequest({ request: REQUEST, promoCode: "SPRING-25", now: NOW })).rejects.toMatchObject({
      code: "invalid",
      message: "request:refusals.promoInvalid",
    });
    expect((await auditOf("promo_code_deactivated")).map((event) => event.metadata.code)).toEqual(["SPRING-25"]);

    await expect(deactivatePromoCode({ actor: admin, promoId: "not-an-id" })).rejects.toThrow(
      "admin:refusals.promoGone",
    );
    await expect(
      deactivatePromoCode({ actor: admin, promoId: "00000000-0000-4000-8000-000000000000" }),
    ).rejects.toThrow("admin:refusals.promoGone");
  });

  test("the forms refuse out-of-range values with their messages", () => {
    const fee = PricingFormSchema.safeParse({ ...pricingInput(), platformFeePercent: "80" });
    expect(fee.error?.issues.map((issue) => issue.message)).toEqual([
      "validation:admin.pricing.platformFeePercent.range",
    ]);
    const percent = PromoFormSchema.safeParse({ ...promoInput(), amount: "150" });
    expect(percent.error?.issues.map((issue) => issue.message)).toEqual(["validation:admin.promo.percentRange"]);
  });
});

function pricingInput() {
  return {
    "rate_personal-care": "34",
    rate_companionship: "34",
    rate_housekeeping: "28",
    "rate_meal-preparation": "29",
    rate_transportation: "30",
    caregiverPayPercent: "70",
    weekendMultiplier: "1.25",
    overnightMultiplier: "1.5",
    minimumHoursPerVisit: "3",
    platformFeePercent: "5",
  };
}

function promoInput() {
  return { code: "CHECK-1", kind: "percent", amount: "10", validFrom: "", validUntil: "", usageCap: "" };
}
