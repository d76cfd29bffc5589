import { redirect } from "react-router";
import { getCurrentUser } from "~/auth/session.server";
import { currentApplicant, type Applicant } from "~/features/caregiver-onboarding/applicant.server";
import { stepPath } from "~/features/caregiver-onboarding/application";

/** The applicant of this request, or a redirect to the first step (where an application starts). */
export async function requireApplicant(request: Request): Promise<Applicant> {
  const applicant = await currentApplicant(request);
  if (applicant) return applicant;
  const user = await getCurrentUser(request);
  // A caregiver whose application is in goes to their area (the pending screen until approved).
  if (user?.roles.includes("caregiver")) throw redirect("/caregiver");
  throw redirect(stepPath("personal-info"));
}
