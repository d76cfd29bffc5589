// What screens and other features may use of training's pure rules (docs/architecture.md, "1. Layers").
export { TRAINING_REFUSAL, TRAINING_TIME_ZONE } from "./training-rules";
