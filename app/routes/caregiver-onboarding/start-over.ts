import { data, redirect } from "react-router";
import { stepPath } from "~/features/caregiver-onboarding/application";
import { restartApplication, RESTART_STEP } from "~/features/caregiver-onboarding/application.server";
import { requireApplicant } from "./applicant-guard.server";
import type { Route } from "./+types/start-over";

// Spec 4: "reset clears draft, step and files". Posted by the application's
// Start over control; the browser forgets its own copy once this succeeds.

export async function loader({ request }: Route.LoaderArgs) {
  await requireApplicant(request);
  throw redirect(stepPath(RESTART_STEP));
}

export async function action({ request }: Route.ActionArgs) {
  const applicant = await requireApplicant(request);
  if (!(await restartApplication(applicant))) {
    return data(
      { ok: false as const, error: "This application is already submitted and can no longer be changed." },
      { status: 409 },
    );
  }
  return data({ ok: true as const, next: stepPath(RESTART_STEP) });
}
