import { data, redirect } from "react-router";
import { stepPath } from "~/features/caregiver-onboarding/application";
import { restartApplication, RESTART_STEP } from "~/features/caregiver-onboarding/application.server";
import { applicationT, requireApplicant } from "./layout.server";
import type { Route } from "./+types/start-over";
import { refusalData } from "~/i18n/refusal-response";
import type { StartOverResult } from "~/components/onboarding/start-over-control";

// "Start over" clears the draft, the step and the files (docs/product-rules.md, "Caregiver application and vetting"). Posted by the application's
// Start over control; the browser forgets its own copy once this succeeds.

export async function loader({ request }: Route.LoaderArgs) {
  await requireApplicant(request);
  throw redirect(stepPath(RESTART_STEP));
}

export async function action({ request }: Route.ActionArgs): Promise<ReturnType<typeof data<StartOverResult>>> {
  const applicant = await requireApplicant(request);
  try {
    await restartApplication(applicant);
  } catch (error) {
    const { locale } = await applicationT(request);
    return refusalData(error, locale, ({ text }): StartOverResult => ({ ok: false, error: text }));
  }
  return data<StartOverResult>({ ok: true, next: stepPath(RESTART_STEP) });
}
