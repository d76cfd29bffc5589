import { getFormProps } from "@conform-to/react";
import { data, Form, redirect, useNavigation } from "react-router";
import { TextField } from "~/components/form-controls";
import { useSchemaForm } from "~/components/use-schema-form";
import { requireApplicant, saveStep } from "./layout.server";
import { AvailabilityStepSchema } from "~/features/caregivers/work-profile-fields";
import { nextStep, stepPath } from "~/features/caregiver-onboarding/application";
import { metaT, useT, useValidationMessage } from "~/i18n/react";
import { loadApplication, saveAvailability } from "~/features/caregiver-onboarding/application.server";
import type { Route } from "./+types/availability";
import { AvailabilityGrid } from "~/components/onboarding/availability-grid";
import { StepActions, StepHeading, useBrowserDraft } from "~/components/onboarding/step-parts";
import { parseForm } from "~/utils/form-data.server";

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
  const submission = await parseForm(request, AvailabilityStepSchema);
  if (submission.status !== "success") return data({ status: "invalid" as const, result: submission.reply() }, 400);
  await saveStep(() => saveAvailability(applicant, submission.value));
  return redirect(stepPath(nextStep("availability")));
}

export default function Availability({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("onboarding");
  const translate = useValidationMessage();
  const [form, fields] = useSchemaForm(AvailabilityStepSchema, { lastResult: actionData?.result });
  const isSubmitting = useNavigation().state === "submitting";
  const formRef = useBrowserDraft("availability");
  return (
    <>
      <StepHeading step="availability">
        <p>{t("availability.intro")}</p>
      </StepHeading>
      <Form method="post" ref={formRef} aria-label={t("steps.availability")} {...getFormProps(form)}>
        <AvailabilityGrid
          defaultSlots={loaderData.availability?.slots ?? []}
          error={translate(fields.slots.errors?.[0])}
          formRef={formRef}
        />
        <TextField
          label={t("availability.travel")}
          field={fields.travelRadiusMiles}
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
          hint={t("availability.travelHint")}
          defaultValue={loaderData.availability?.travelRadiusMiles ?? 15}
          className="mt-6 max-w-xs"
        />
        <StepActions back="background" isSubmitting={isSubmitting} />
      </Form>
    </>
  );
}
