// What other features may import of this one's server side (docs/architecture.md, "1. Layers").
export { PAYOUT_AUDIT_TYPES } from "./payouts.server";
export { countCaregiversAwaitingPayout } from "./payouts.server";
