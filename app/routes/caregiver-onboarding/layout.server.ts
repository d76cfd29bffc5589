import { redirect } from "react-router";
import { getCurrentUser } from "~/platform/auth/session.server";
import { currentApplicant, type Applicant } from "~/features/caregiver-onboarding/applicant.server";
import { stepPath } from "~/features/caregiver-onboarding/application";
import { getServerT } from "~/i18n/i18n.server";
import { AppError } from "~/utils/app-error";

/** The applicant of this request, or a redirect to the first step (where an application starts). */
export async function requireApplicant(request: Request): Promise<Applicant> {
  const applicant = await currentApplicant(request);
  if (applicant) return applicant;
  const user = await getCurrentUser(request);
  // A caregiver whose application is in goes to their area (the pending screen until approved).
  if (user?.roles.includes("caregiver")) throw redirect("/caregiver");
  throw redirect(stepPath("personal-info"));
}

/**
 * The language of this request as its page shows it (the signed-in person's
 * stored choice first, as the root loader does) and the application's t().
 */
export async function applicationT(request: Request) {
  const user = await getCurrentUser(request);
  return getServerT(request, "onboarding", user?.locale);
}

/**
 * Saves a step of the application. When the application went in meanwhile
 * (submitted from another tab), there is no draft left to change: the
 * applicant goes to the caregiver area, whose pending screen says so,
 * instead of an error page (docs/architecture.md, "Errors").
 */
export async function saveStep(save: () => Promise<void>): Promise<void> {
  try {
    await save();
  } catch (error) {
    if (error instanceof AppError && error.code === "conflict") throw redirect("/caregiver");
    throw error;
  }
}
