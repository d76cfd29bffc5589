// What other features may import of this one's server side (docs/architecture.md, "1. Layers").
export { BILLING_AUDIT_TYPES } from "./money-actions.server";
export { countFailedCharges } from "./admin-billing.server";
