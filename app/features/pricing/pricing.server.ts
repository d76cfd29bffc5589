import { eq, sql } from "drizzle-orm";
import { db, type Executor } from "~/platform/db/client.server";
import { pricingSettings, promoCodes } from "~/platform/db/schema";
import { DEFAULT_PRICING } from "~/platform/db/seed/pricing-defaults";
import { AppError } from "~/utils/app-error";
import {
  computeQuote,
  promoForQuote,
  promoProblem,
  type PricingModel,
  type PromoRecord,
  type Quote,
  type QuoteRequest,
} from "./quote";

// The pricing model in the database, and the quote of a request with it.

export type PricingSettings = PricingModel & { updatedAt: Date; updatedBy: string | null };

/** The active pricing; a database without one gets the defaults stored first. */
export async function getPricing(executor: Executor = db): Promise<PricingSettings> {
  const [row] = await executor.select().from(pricingSettings).where(eq(pricingSettings.id, 1));
  if (row) return toSettings(row);
  await executor
    .insert(pricingSettings)
    .values({ id: 1, ...DEFAULT_PRICING })
    .onConflictDoNothing();
  const [created] = await executor.select().from(pricingSettings).where(eq(pricingSettings.id, 1));
  return toSettings(created!);
}

function toSettings(row: typeof pricingSettings.$inferSelect): PricingSettings {
  return {
    serviceRatesCents: { ...DEFAULT_PRICING.serviceRatesCents, ...row.serviceRatesCents },
    caregiverPayPercent: row.caregiverPayPercent,
    weekendMultiplier: row.weekendMultiplier,
    overnightMultiplier: row.overnightMultiplier,
    minimumHoursPerVisit: row.minimumHoursPerVisit,
    platformFeePercent: row.platformFeePercent,
    updatedAt: row.updatedAt,
    updatedBy: row.updatedBy,
  };
}

export function pricingModel(settings: PricingSettings): PricingModel {
  const { updatedAt: _updatedAt, updatedBy: _updatedBy, ...model } = settings;
  return model;
}

export async function findPromoCode(code: string, executor: Executor = db) {
  const [row] = await executor.select().from(promoCodes).where(eq(promoCodes.code, code.trim().toUpperCase()));
  return row;
}

export type PromoLookup = { promo: (PromoRecord & { id: string }) | null };

/**
 * The promo code a family typed (an empty code is no promo); one that cannot
 * be used is refused (invalid) with the reason.
 */
export async function usablePromo(code: string | undefined, now: Date, executor: Executor = db): Promise<PromoLookup> {
  const trimmed = code?.trim() ?? "";
  if (!trimmed) return { promo: null };
  const row = await findPromoCode(trimmed, executor);
  const problem = promoProblem(row, now);
  if (problem || !row)
    throw new AppError("invalid", problem ?? "request:refusals.promoInvalid", { field: "promoCode" });
  return { promo: row };
}

export type QuoteResult = { quote: Quote };

/** The quote of a request with the active pricing; a promo code that cannot be used is refused with its reason. */
export async function quoteCareRequest({
  request,
  promoCode,
  now = new Date(),
}: {
  request: QuoteRequest;
  promoCode?: string;
  now?: Date;
}): Promise<QuoteResult> {
  const pricing = pricingModel(await getPricing());
  const lookup = await usablePromo(promoCode, now);
  return { quote: computeQuote({ request, pricing, promo: promoForQuote(lookup.promo), now }) };
}

/** Counts one use of a promo code, unless it has reached its cap meanwhile (then false). */
export async function usePromoCode(promoId: string, executor: Executor = db): Promise<boolean> {
  const rows = await executor
    .update(promoCodes)
    .set({ timesUsed: sql`${promoCodes.timesUsed} + 1` })
    .where(
      sql`${promoCodes.id} = ${promoId} and (${promoCodes.usageCap} is null or ${promoCodes.timesUsed} < ${promoCodes.usageCap})`,
    )
    .returning({ id: promoCodes.id });
  return rows.length > 0;
}
