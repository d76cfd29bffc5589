import { z } from "zod";
import { signedCookie } from "./signed-cookie.server";

// Registration (docs/product-rules.md, "Accounts and sign-in") sends a new registrant to /verify-email with navigation state
// {email, justRegistered, userRole}; a server redirect cannot carry history
// state, so the same facts travel in a short-lived, signed, HttpOnly cookie.
// It also holds the end of an email cooldown, so that /register and
// /verify-email show the same countdown after a reload.

export const PENDING_VERIFICATION_COOKIE = "tendly-verify";
const MAX_AGE_SECONDS = 60 * 60;

const PendingVerificationSchema = z.object({
  email: z.email(),
  role: z.enum(["client", "caregiver"]),
  justRegistered: z.boolean(),
  /** Epoch milliseconds when the email cooldown ends, if one is running. */
  cooldownEndsAt: z.number().nullable(),
  /** Arrived through a rate-limit refusal (the 300 s default countdown). */
  rateLimited: z.boolean(),
});
export type PendingVerification = z.infer<typeof PendingVerificationSchema>;
export type PendingRole = PendingVerification["role"];

const pendingCookie = signedCookie(PENDING_VERIFICATION_COOKIE, "tendly pending-verification cookie", MAX_AGE_SECONDS);

/** The pending verification this browser carries, or null (none, expired or tampered with). */
export async function readPendingVerification(request: Request): Promise<PendingVerification | null> {
  const value: unknown = await pendingCookie().parse(request.headers.get("cookie"));
  const parsed = PendingVerificationSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** A Set-Cookie header value carrying `pending` for an hour. */
export function pendingVerificationCookie(pending: PendingVerification): Promise<string> {
  return pendingCookie().serialize(PendingVerificationSchema.parse(pending));
}

export function clearPendingVerificationCookie(): Promise<string> {
  return pendingCookie().serialize("", { maxAge: 0 });
}

/**
 * For a person who must verify before going on (e.g. an unverified sign-in):
 * append the result as Set-Cookie and send them to /verify-email, which then
 * shows their address and offers to resend the email.
 */
export function startVerificationCookie(email: string, role: PendingRole = "client"): Promise<string> {
  return pendingVerificationCookie({
    email: email.trim().toLowerCase(),
    role,
    justRegistered: false,
    cooldownEndsAt: null,
    rateLimited: false,
  });
}
