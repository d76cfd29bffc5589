import { metaT, useT } from "~/i18n/react";
import type { Route } from "./+types/health-needs";
import { HealthNeedsFields } from "~/components/request/person-fields";
import { StepButtons, WizardStep, useStepSubmit, useWizard } from "~/components/request/wizard";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "request");
  return [{ title: t("healthNeeds.metaTitle") }, { name: "description", content: t("healthNeeds.metaDescription") }];
};

export default function HealthNeedsStep() {
  const { t } = useT("request");
  return (
    <WizardStep step="health-needs" description={t("healthNeeds.description")}>
      <HealthNeedsForm />
    </WizardStep>
  );
}

function HealthNeedsForm() {
  const { draft, update } = useWizard();
  const { errors, onSubmit } = useStepSubmit("health-needs", "schedule");
  const data = draft.data;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-8">
      <HealthNeedsFields data={data} update={update} errors={errors} />
      <StepButtons back="client-info" />
    </form>
  );
}
