// What other features use of the care documents (docs/architecture.md, "1. Layers").
export { carePlanTasksOfOrder, type CarePlanTasks } from "./care-plan-tasks.server";
