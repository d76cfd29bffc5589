// What other features may call of this one on the server (docs/architecture.md, "1. Layers"): the reads,
// locks and services they use. Everything else in this folder is the feature's own.
export { checkEmailAllowance, recordEmailSend } from "./email-limits.server";
export { registerAccount, type RegistrationOutcome } from "./registration.server";
