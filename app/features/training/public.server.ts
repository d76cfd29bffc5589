// What other features and the start-up call of training on the server (docs/architecture.md, "1. Layers"):
// the gate on new work, the offer screens' notice, the public profile's badge and the starter modules.
export {
  assertTrainingAllowsWork,
  getCertifiedTraining,
  trainingNotice,
  trainingStanding,
} from "./training-reads.server";
export { ensureStarterModules } from "./starter-modules.server";
