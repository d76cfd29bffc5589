// What other features, routes and the jobs call of credentials on the server (docs/architecture.md,
// "1. Layers"): the gate on new work, the offer screens' notice, and the admin home's count.
export {
  assertCredentialsAllowWork,
  countCredentialsExpiring,
  credentialNotice,
  hasNoExpiredRequiredCredential,
  type CredentialNoticeData,
} from "./credentials.server";
