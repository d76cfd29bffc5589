import { z } from "zod";
import { signedCookie } from "./signed-cookie.server";

// The caregiver application cookie (docs/decisions/0007). Signing in needs a
// verified email, so a person who just created their caregiver account at the
// application's first step is not signed in yet: this browser then carries a
// signed, HttpOnly cookie naming the new account. It is good only for the
// application's own steps and documents while the application is not
// submitted (checked where it is read); it is never a session.

const APPLICATION_COOKIE = "tendly-application";
const MAX_AGE_SECONDS = 60 * 60 * 24 * 7;
const ValueSchema = z.object({ userId: z.string().min(1) });

const applicationCookie = signedCookie(APPLICATION_COOKIE, "tendly caregiver-application cookie", MAX_AGE_SECONDS);

/** A Set-Cookie value letting this browser continue the application of `userId`. */
export function applicantCookieFor(userId: string): Promise<string> {
  return applicationCookie().serialize(ValueSchema.parse({ userId }));
}

export function clearApplicantCookie(): Promise<string> {
  return applicationCookie().serialize("", { maxAge: 0 });
}

/** The account id the cookie names, or null (none, expired or tampered with). */
export async function readApplicantCookie(request: Request): Promise<string | null> {
  const parsed = ValueSchema.safeParse(await applicationCookie().parse(request.headers.get("cookie")));
  return parsed.success ? parsed.data.userId : null;
}
