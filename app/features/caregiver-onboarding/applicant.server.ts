import { and, eq, isNull } from "drizzle-orm";
import { readApplicantCookie } from "~/platform/auth/application-cookie.server";
import { getCurrentUser } from "~/platform/auth/session.server";
import { db } from "~/platform/db/client.server";
import { caregiverApplicationDrafts, userProfiles, userRoles } from "~/platform/db/schema";

// Who is filling in a caregiver application (docs/decisions/0007): a
// signed-in caregiver whose application is not submitted (on any device), or,
// before the email is verified and so before anyone can sign in, the browser
// that created the account at step 1 (the application cookie).

export type Applicant = {
  userId: string;
  email: string;
  emailVerified: boolean;
  /** Signed in (a verified caregiver), rather than carried by the application cookie. */
  signedIn: boolean;
};

/**
 * Who this request comes from as an applicant, whatever their application's state: the signed-in
 * person, else the account the application cookie names; null for neither.
 */
export async function applicantUserId(request: Request): Promise<string | null> {
  const user = await getCurrentUser(request);
  return user ? user.id : readApplicantCookie(request);
}

/** The person whose unsubmitted application this request may read and change, or null. */
export async function currentApplicant(request: Request): Promise<Applicant | null> {
  const user = await getCurrentUser(request);
  if (user) {
    if (!user.roles.includes("caregiver")) return null;
    const applicant = await unsubmittedApplicant(user.id);
    return applicant ? { ...applicant, signedIn: true } : null;
  }
  const userId = await readApplicantCookie(request);
  if (!userId) return null;
  const applicant = await unsubmittedApplicant(userId);
  return applicant ? { ...applicant, signedIn: false } : null;
}

async function unsubmittedApplicant(userId: string) {
  const [row] = await db
    .select({ userId: userProfiles.id, email: userProfiles.email, emailVerified: userProfiles.emailVerified })
    .from(userProfiles)
    .innerJoin(caregiverApplicationDrafts, eq(caregiverApplicationDrafts.userId, userProfiles.id))
    .innerJoin(userRoles, and(eq(userRoles.userId, userProfiles.id), eq(userRoles.role, "caregiver")))
    .where(and(eq(userProfiles.id, userId), isNull(caregiverApplicationDrafts.submittedAt)))
    .limit(1);
  return row ?? null;
}
