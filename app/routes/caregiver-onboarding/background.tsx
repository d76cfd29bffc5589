import { getFormProps } from "@conform-to/react";
import { data, Form, redirect, useNavigation } from "react-router";
import { CheckboxField, SelectField, TextField } from "~/components/form-controls";
import { useSchemaForm } from "~/components/use-schema-form";
import { requireApplicant, saveStep } from "./layout.server";
import {
  BackgroundFormSchema,
  backgroundFormValues,
  BackgroundStepSchema,
  nextStep,
  REFERENCE_RELATIONSHIPS,
  stepPath,
} from "~/features/caregiver-onboarding/application";
import { loadApplication, saveBackground } from "~/features/caregiver-onboarding/application.server";
import type { Route } from "./+types/background";
import { relationshipName, StepActions, StepHeading, useBrowserDraft } from "~/components/onboarding/step-parts";
import { parseForm } from "~/utils/form-data.server";
import { metaT, useT, useValidationMessage } from "~/i18n/react";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "onboarding");
  return [{ title: t("background.metaTitle") }];
};

export async function loader({ request }: Route.LoaderArgs) {
  const applicant = await requireApplicant(request);
  const { draft } = await loadApplication(applicant);
  return { background: draft.background ?? null };
}

export async function action({ request }: Route.ActionArgs) {
  const applicant = await requireApplicant(request);
  const submission = await parseForm(request, BackgroundFormSchema);
  if (submission.status !== "success") return data({ status: "invalid" as const, result: submission.reply() }, 400);
  const background = BackgroundStepSchema.parse(backgroundFormValues(submission.value));
  await saveStep(() => saveBackground(applicant, background));
  return redirect(stepPath(nextStep("background")));
}

export default function Background({ loaderData, actionData }: Route.ComponentProps) {
  const { background } = loaderData;
  const { t } = useT("onboarding");
  const translate = useValidationMessage();
  const [form, fields] = useSchemaForm(BackgroundFormSchema, { lastResult: actionData?.result });
  const isSubmitting = useNavigation().state === "submitting";
  const formRef = useBrowserDraft("background");
  return (
    <>
      <StepHeading step="background">
        <p>{t("background.intro")}</p>
      </StepHeading>
      <Form method="post" ref={formRef} aria-label={t("steps.background")} {...getFormProps(form)}>
        <section
          aria-labelledby="disclosure-heading"
          className="rounded-xl border border-slate-300 bg-slate-50 p-5 text-slate-800"
        >
          <h2 id="disclosure-heading" className="text-lg font-semibold">
            {t("background.disclosureHeading")}
          </h2>
          <div className="mt-3 space-y-3 text-sm leading-relaxed">
            <p>{t("background.disclosureReports")}</p>
            <p>{t("background.disclosureScope")}</p>
          </div>
        </section>

        <h2 className="mt-6 text-lg font-semibold text-slate-900">{t("background.authorisationHeading")}</h2>
        <div className="mt-3 space-y-3">
          <CheckboxField
            name="backgroundCheckConsent"
            defaultChecked={background?.backgroundCheckConsent}
            error={translate(fields.backgroundCheckConsent.errors?.[0])}
            label={t("background.consent")}
          />
          <CheckboxField
            name="informationConfirmation"
            defaultChecked={background?.informationConfirmation}
            error={translate(fields.informationConfirmation.errors?.[0])}
            label={t("background.confirmation")}
          />
        </div>

        <h2 className="mt-8 text-lg font-semibold text-slate-900">{t("background.referencesHeading")}</h2>
        <p className="mt-1 text-sm text-slate-700">{t("background.referencesIntro")}</p>
        {([1, 2] as const).map((number) => {
          const reference = background?.references[number - 1];
          const optional = number === 2;
          return (
            <fieldset key={number} className="mt-4 grid gap-4 rounded-xl border border-slate-200 p-4 sm:grid-cols-3">
              <legend className="px-1 font-medium text-slate-900">
                {t("background.reference", { number })}
                {optional && <span className="font-normal text-slate-600"> {t("background.optional")}</span>}
              </legend>
              <TextField
                label={t("background.fullName")}
                field={fields[`reference${number}Name`]}
                autoComplete="off"
                defaultValue={reference?.name}
              />
              <SelectField
                label={t("background.relationship")}
                field={fields[`reference${number}Relationship`]}
                defaultValue={reference?.relationship ?? ""}
              >
                <option value="">{optional ? t("background.chooseOptional") : t("background.choose")}</option>
                {relationshipChoices(reference?.relationship).map((relationship) => (
                  <option key={relationship} value={relationship}>
                    {relationshipName(t, relationship)}
                  </option>
                ))}
              </SelectField>
              <TextField
                label={t("background.contact")}
                field={fields[`reference${number}Contact`]}
                autoComplete="off"
                defaultValue={reference?.contact}
              />
            </fieldset>
          );
        })}
        <StepActions back="personal-info" isSubmitting={isSubmitting} />
      </Form>
    </>
  );
}

/** The form's choices, and an answer given in other words before they existed. */
function relationshipChoices(saved: string | undefined): string[] {
  const choices: string[] = [...REFERENCE_RELATIONSHIPS];
  return saved && !choices.includes(saved) ? [...choices, saved] : choices;
}
