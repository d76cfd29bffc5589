import type { PricingModel } from "./quote";
import { roundCents } from "~/utils/money";

/**
 * The hourly rates a caregiver may ask, in cents (docs/product-rules.md, "Caregiver profile"): what the
 * admin's pricing pays a caregiver for an hour, from the lowest service rate to the highest, each times
 * the caregiver's pay share. It moves when an admin changes the pricing at /admin/pricing.
 */
export type PayBand = { minCents: number; maxCents: number };

export function caregiverPayBand(pricing: Pick<PricingModel, "serviceRatesCents" | "caregiverPayPercent">): PayBand {
  const rates = Object.values(pricing.serviceRatesCents);
  const pay = (cents: number) => roundCents((cents * pricing.caregiverPayPercent) / 100);
  return { minCents: pay(Math.min(...rates)), maxCents: pay(Math.max(...rates)) };
}

/** Whether a rate in cents lies within the band, both ends included. */
export function isWithinPayBand(cents: number, band: PayBand): boolean {
  return cents >= band.minCents && cents <= band.maxCents;
}
