// What other features and the pages may import of credentials (docs/architecture.md, "1. Layers").
export { CREDENTIAL_REFUSAL, CREDENTIAL_TIME_ZONE, CREDENTIALS_PATH, type CredentialKind } from "./credential-rules";
