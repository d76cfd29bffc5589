import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createPricing, createPromoCode } from "~/platform/db/seed/factories.server";
import { EMPTY_WEEK } from "~/features/care-requests/care-request.schema";
import { getPricing, quoteCareRequest, usePromoCode } from "~/features/pricing/pricing.server";
import type { QuoteRequest } from "~/features/pricing/quote";
import { createTestDatabase, type TestDatabase } from "./db";

const REQUEST: QuoteRequest = {
  serviceTypes: ["personal-care"],
  scheduleType: "recurring",
  startDate: "2026-12-01",
  endDate: "2027-01-31",
  weeklySchedule: { ...EMPTY_WEEK, 0: [{ start: "09:00", end: "13:00" }] },
};
const NOW = new Date("2026-11-23T10:00:00Z");

describe("quoteCareRequest", () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  test("a database without pricing starts with the defaults", async () => {
    const pricing = await getPricing();
    expect(pricing.serviceRatesCents["personal-care"]).toBe(3400);
    expect(pricing.minimumHoursPerVisit).toBe(3);
    const result = await quoteCareRequest({ request: REQUEST, now: NOW });
    expect(result).toMatchObject({ quote: { period: "week", subtotalCents: 13_600, totalCents: 14_280 } });
  });

  test("uses the stored pricing", async () => {
    await createPricing(testDb.db, {
      serviceRatesCents: { ...(await getPricing()).serviceRatesCents, "personal-care": 4000 },
    });
    const result = await quoteCareRequest({ request: REQUEST, now: NOW });
    expect(result).toMatchObject({ quote: { hourlyRateCents: 4000, subtotalCents: 16_000 } });
    await createPricing(testDb.db);
  });

  test("a valid promo code is applied in any case; an unknown, expired or used-up one gives its reason", async () => {
    await createPromoCode(testDb.db, { code: "WINTER15", kind: "percent", amount: 15 });
    await createPromoCode(testDb.db, { code: "OLDCODE", validUntil: new Date("2026-10-01T00:00:00Z") });
    await createPromoCode(testDb.db, { code: "USEDUP", usageCap: 2, timesUsed: 2 });
    const applied = await quoteCareRequest({ request: REQUEST, promoCode: "winter15", now: NOW });
    expect(applied).toMatchObject({ quote: { discountCents: 2040, promo: { code: "WINTER15" } } });
    await expect(quoteCareRequest({ request: REQUEST, promoCode: "NOSUCH", now: NOW })).rejects.toMatchObject({
      code: "invalid",
      message: "request:refusals.promoInvalid",
    });
    await expect(quoteCareRequest({ request: REQUEST, promoCode: "OLDCODE", now: NOW })).rejects.toMatchObject({
      code: "invalid",
      message: "request:refusals.promoExpired",
    });
    await expect(quoteCareRequest({ request: REQUEST, promoCode: "USEDUP", now: NOW })).rejects.toMatchObject({
      code: "invalid",
      message: "request:refusals.promoUsedUp",
    });
  });

  test("a promo code's uses stop at its cap", async () => {
    const promo = await createPromoCode(testDb.db, { usageCap: 1 });
    expect(await usePromoCode(promo.id)).toBe(true);
    expect(await usePromoCode(promo.id)).toBe(false);
  });
});
