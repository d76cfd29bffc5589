import { getFormProps } from "@conform-to/react";
import { data, Form, redirect, useNavigation } from "react-router";
import { useEffect, useRef, useState } from "react";
import { secondaryButtonClass, TextAreaField, TextField, type SchemaField } from "~/components/form-controls";
import { useSchemaForm } from "~/components/use-schema-form";
import { requireApplicant, saveStep } from "./layout.server";
import { ExperienceStepSchema } from "~/features/caregivers/work-profile-fields";
import { bioWordsFrom, draftBio, nextStep, stepPath } from "~/features/caregiver-onboarding/application";
import { languagesByName } from "~/features/care-requests/care-labels";
import { metaT, useLabels, useLocale, useT, useValidationMessage } from "~/i18n/react";
import { loadApplication, saveExperience } from "~/features/caregiver-onboarding/application.server";
import { CARE_SKILLS, SERVICE_IDS } from "~/utils/services";
import type { Route } from "./+types/experience";
import {
  BioLanguageField,
  CheckboxGroup,
  StepActions,
  StepHeading,
  useBrowserDraft,
} from "~/components/onboarding/step-parts";
import { parseForm } from "~/utils/form-data.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "onboarding");
  return [{ title: t("experience.metaTitle") }];
};

export async function loader({ request }: Route.LoaderArgs) {
  const applicant = await requireApplicant(request);
  const { draft } = await loadApplication(applicant);
  return { experience: draft.experience ?? null };
}

export async function action({ request }: Route.ActionArgs) {
  const applicant = await requireApplicant(request);
  const submission = await parseForm(request, ExperienceStepSchema);
  if (submission.status !== "success") return data({ status: "invalid" as const, result: submission.reply() }, 400);
  await saveStep(() => saveExperience(applicant, submission.value));
  return redirect(stepPath(nextStep("experience")));
}

export default function Experience({ loaderData, actionData }: Route.ComponentProps) {
  const { experience } = loaderData;
  const { t } = useT("onboarding");
  const labels = useLabels();
  const translate = useValidationMessage();
  const [form, fields] = useSchemaForm(ExperienceStepSchema, { lastResult: actionData?.result });
  const isSubmitting = useNavigation().state === "submitting";
  const formRef = useBrowserDraft("experience");
  return (
    <>
      <StepHeading step="experience">
        <p>{t("experience.intro")}</p>
      </StepHeading>
      <Form
        method="post"
        ref={formRef}
        aria-label={t("steps.experience")}
        className="space-y-6"
        {...getFormProps(form)}
      >
        <TextField
          label={t("experience.years")}
          field={fields.yearsExperience}
          type="number"
          inputMode="numeric"
          min={0}
          max={60}
          defaultValue={experience?.yearsExperience}
          className="max-w-xs"
        />
        <CheckboxGroup
          legend={t("experience.services")}
          name="services"
          options={SERVICE_IDS.map((id) => ({ value: id, label: labels.service(id) }))}
          defaultValues={experience?.services ?? []}
          error={translate(fields.services.errors?.[0])}
        />
        <CheckboxGroup
          legend={t("experience.skills")}
          name="skills"
          options={CARE_SKILLS.map((skill) => ({ value: skill, label: labels.skill(skill) }))}
          defaultValues={experience?.skills ?? []}
          error={translate(fields.skills.errors?.[0])}
        />
        <CheckboxGroup
          legend={t("experience.languages")}
          name="languages"
          columns={3}
          options={languagesByName(labels.language).map(({ code, name }) => ({ value: code, label: name }))}
          defaultValues={experience?.languages ?? []}
          error={translate(fields.languages.errors?.[0])}
        />
        <TextAreaField
          label={t("experience.certifications")}
          field={fields.certifications}
          required={false}
          hint={t("experience.certificationsHint")}
          rows={3}
          defaultValue={experience?.certifications.join("\n")}
        />
        <BioField defaultValue={experience?.bio} field={fields.bio} formRef={formRef} />
        <BioLanguageField defaultValue={experience?.bioLanguage} error={translate(fields.bioLanguage.errors?.[0])} />
        <StepActions back="availability" isSubmitting={isSubmitting} />
      </Form>
    </>
  );
}

/**
 * "About you", with a first draft written from the answers above on request.
 * The offer stands while the field is empty, so nothing typed is ever replaced.
 */
function BioField({
  defaultValue,
  field,
  formRef,
}: {
  defaultValue?: string;
  field: SchemaField;
  formRef: React.RefObject<HTMLFormElement | null>;
}) {
  const { t } = useT("onboarding");
  const labels = useLabels();
  const [isEmpty, setIsEmpty] = useState(!defaultValue);
  const [notice, setNotice] = useState("");
  const locale = useLocale();
  const bioRef = useRef<HTMLTextAreaElement>(null);

  // The step's browser copy is put back by the form's effect, which runs after this one:
  // look at the field once it has.
  useEffect(() => {
    let isCurrent = true;
    queueMicrotask(() => {
      if (isCurrent && bioRef.current) setIsEmpty(bioRef.current.value.trim() === "");
    });
    return () => {
      isCurrent = false;
    };
  }, []);

  function writeDraft() {
    const form = formRef.current;
    const bio = bioRef.current;
    if (!form || !bio) return;
    if (bio.value.trim() !== "") {
      setIsEmpty(false);
      return;
    }
    const values = new FormData(form);
    const years = String(values.get("yearsExperience") ?? "").trim();
    const draft = draftBio(
      {
        yearsExperience: years === "" ? undefined : Number(years),
        services: values.getAll("services").map(String),
        skills: values.getAll("skills").map(String),
        languages: values.getAll("languages").map(String),
      },
      bioWordsFrom(t, labels),
    );
    if (!draft) {
      setNotice(t("experience.draftNeedsAnswers"));
      return;
    }
    bio.value = draft;
    // The draft is in the page's language: the bio's language says so.
    const bioLanguage = form.elements.namedItem("bioLanguage");
    if (bioLanguage instanceof HTMLSelectElement) bioLanguage.value = locale;
    // The browser copy of the step keeps it, as if typed.
    bio.dispatchEvent(new Event("input", { bubbles: true }));
    setIsEmpty(false);
    setNotice("");
    bio.focus();
    bio.setSelectionRange(draft.length, draft.length);
  }

  return (
    <div>
      <TextAreaField
        ref={bioRef}
        label={t("experience.about")}
        field={field}
        hint={t("experience.aboutHint")}
        rows={5}
        maxLength={1000}
        defaultValue={defaultValue}
        onInput={(event) => setIsEmpty(event.currentTarget.value.trim() === "")}
      />
      {isEmpty && (
        <button type="button" onClick={writeDraft} className={`mt-2 ${secondaryButtonClass}`}>
          {t("experience.draftIt")}
        </button>
      )}
      <output className="mt-1 block text-sm text-slate-700 dark:text-slate-300">{notice}</output>
    </div>
  );
}
