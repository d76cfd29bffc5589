// What other features may call of this one on the server (docs/architecture.md, "1. Layers").
export { countCaregiversAwaitingPayout } from "./payouts.server";
