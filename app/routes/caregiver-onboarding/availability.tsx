import { data, Form, redirect, useNavigation } from "react-router";
import { fieldErrors, TextField } from "~/components/form-controls";
import { requireApplicant, saveStep } from "./layout.server";
import { AvailabilityStepSchema } from "~/features/caregivers/work-profile-fields";
import { nextStep, stepPath } from "~/features/caregiver-onboarding/application";
import { metaT, useFieldErrors, useT } from "~/i18n/react";
import { loadApplication, saveAvailability } from "~/features/caregiver-onboarding/application.server";
import type { Route } from "./+types/availability";
import { AvailabilityGrid } from "~/components/onboarding/availability-grid";
import { StepActions, StepHeading, useBrowserDraft } from "~/components/onboarding/step-parts";
import { readForm } from "~/utils/form-data.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "onboarding");
  return [{ title: t("availability.metaTitle") }];
};

export async function loader({ request }: Route.LoaderArgs) {
  const applicant = await requireApplicant(request);
  const { draft } = await loadApplication(applicant);
  return { availability: draft.availability ?? null };
}

export async function action({ request }: Route.ActionArgs) {
  const applicant = await requireApplicant(request);
  const form = await readForm(request);
  const parsed = AvailabilityStepSchema.safeParse({
    slots: form.getAll("slots"),
    travelRadiusMiles: form.get("travelRadiusMiles"),
  });
  if (!parsed.success) return data({ fieldErrors: fieldErrors(parsed.error.issues) }, { status: 400 });
  await saveStep(() => saveAvailability(applicant, parsed.data));
  return redirect(stepPath(nextStep("availability")));
}

export default function Availability({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("onboarding");
  const translateErrors = useFieldErrors();
  const errors: Record<string, string> = translateErrors(actionData?.fieldErrors ?? {});
  const isSubmitting = useNavigation().state === "submitting";
  const formRef = useBrowserDraft("availability");
  return (
    <>
      <StepHeading step="availability">
        <p>{t("availability.intro")}</p>
      </StepHeading>
      <Form method="post" noValidate ref={formRef} aria-label={t("steps.availability")}>
        <AvailabilityGrid defaultSlots={loaderData.availability?.slots ?? []} error={errors.slots} formRef={formRef} />
        <TextField
          label={t("availability.travel")}
          name="travelRadiusMiles"
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
          hint={t("availability.travelHint")}
          defaultValue={loaderData.availability?.travelRadiusMiles ?? 15}
          error={errors.travelRadiusMiles}
          className="mt-6 max-w-xs"
        />
        <StepActions back="background" isSubmitting={isSubmitting} />
      </Form>
    </>
  );
}
