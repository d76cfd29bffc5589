// What other features may import of this one (docs/architecture.md, "1. Layers"): the rules, types and
// reads they use. Its events reach the features that handle them through the event bus, not by import.
export { isWithinPayBand, type PayBand, caregiverPayBand } from "./pay-band";
export { PricingFormSchema, PromoFormSchema } from "./pricing.schema";
export {
  computeQuote,
  type PricingModel,
  type PromoForQuote,
  priceVisit,
  weekdayOf,
  type VisitPiece,
  type VisitPrice,
  type Quote,
  type QuoteRequest,
  promoForQuote,
} from "./quote";
