// What other features may import of this one (docs/architecture.md, "1. Layers"): the rules, types and
// reads they use. Its events reach the features that handle them through the event bus, not by import.
export { likePattern, careRequestOf, NOT_FOUND_MESSAGE, isOrderId } from "./order-helpers";
export { OFFER_STATUS_LABELS, ORDER_STATUS_LABELS, VISIT_STATUS_LABELS } from "./order-labels";
export {
  caregiverHasAccepted,
  caregiverPrivateDetails,
  type CaregiverAddress,
  type CareRecipient,
  areaOf,
  type Area,
} from "./order-view";
