// What other features may call of this one on the server (docs/architecture.md, "1. Layers").
export { readWeekAgainstLast, type WeekComparison } from "./week.server";
