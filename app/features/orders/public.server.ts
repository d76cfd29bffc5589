// What other features may call of this one on the server (docs/architecture.md, "1. Layers"): the reads,
// locks and services they use. Everything else in this folder is the feature's own.
export { listCaregiverOffers, listCaregiverOrders, type CaregiverOfferSummary } from "./caregiver-orders.server";
export { chooseCaregiver, respondToOffer } from "./offers.server";
export { matchesForRequest } from "./order-matches.server";
export { contactsOf, emailFamily, emailUser, notifyFamily, orderUrl } from "./order-notifications.server";
export { type OrderReader, caregiverToRate } from "./order-reads.server";
export { lockOrder, loadCareRequest } from "./order-transitions.server";
export { submitCareRequest } from "./submit-care-request.server";
export { countOrdersInStatus } from "./admin-orders.server";
