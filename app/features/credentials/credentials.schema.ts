import { z } from "zod";
import { CREDENTIAL_KINDS } from "./credential-rules";

// The caregiver's credential form and the admin's verification (docs/product-rules.md, "Credentials that expire").
// The date's "real and not past" is the server's (credential-rules.ts expiryDateProblem), which knows today.

export const SaveCredentialSchema = z.object({
  kind: z.enum(CREDENTIAL_KINDS, { error: "credentials:errors.kind" }),
  expiresOn: z.string({ error: "credentials:errors.date" }).trim().min(1, "credentials:errors.date"),
  file: z.unknown().optional(),
});

export const VerifyCredentialSchema = z.object({ intent: z.literal("verify"), credentialId: z.string().min(1) });
