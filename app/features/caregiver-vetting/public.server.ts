// What other features may import of this one's server side (docs/architecture.md, "1. Layers").
export { countCaregiverQueue } from "./vetting.server";
