import { data, Form, redirect, useNavigation } from "react-router";
import { useEffect, useRef, useState } from "react";
import { fieldErrors, secondaryButtonClass, TextAreaField, TextField } from "~/components/form-controls";
import { requireApplicant, saveStep } from "./layout.server";
import { ExperienceStepSchema } from "~/features/caregivers/work-profile-fields";
import { bioWordsFrom, draftBio, nextStep, stepPath } from "~/features/caregiver-onboarding/application";
import { languagesByName } from "~/features/care-requests/care-labels";
import { metaT, useFieldErrors, useLabels, useLocale, useT } from "~/i18n/react";
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
import { readForm } from "~/utils/form-data.server";

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
  const form = await readForm(request);
  const parsed = ExperienceStepSchema.safeParse({
    yearsExperience: form.get("yearsExperience"),
    services: form.getAll("services"),
    skills: form.getAll("skills"),
    languages: form.getAll("languages"),
    certifications: form.get("certifications") ?? "",
    bio: form.get("bio") ?? "",
    bioLanguage: form.get("bioLanguage"),
  });
  if (!parsed.success) return data({ fieldErrors: fieldErrors(parsed.error.issues) }, { status: 400 });
  await saveStep(() => saveExperience(applicant, parsed.data));
  return redirect(stepPath(nextStep("experience")));
}

export default function Experience({ loaderData, actionData }: Route.ComponentProps) {
  const { experience } = loaderData;
  const { t } = useT("onboarding");
  const labels = useLabels();
  const translateErrors = useFieldErrors();
  const errors: Record<string, string> = translateErrors(actionData?.fieldErrors ?? {});
  const isSubmitting = useNavigation().state === "submitting";
  const formRef = useBrowserDraft("experience");
  return (
    <>
      <StepHeading step="experience">
        <p>{t("experience.intro")}</p>
      </StepHeading>
      <Form method="post" noValidate ref={formRef} aria-label={t("steps.experience")} className="space-y-6">
        <TextField
          label={t("experience.years")}
          name="yearsExperience"
          type="number"
          inputMode="numeric"
          min={0}
          max={60}
          defaultValue={experience?.yearsExperience}
          error={errors.yearsExperience}
          className="max-w-xs"
        />
        <CheckboxGroup
          legend={t("experience.services")}
          name="services"
          options={SERVICE_IDS.map((id) => ({ value: id, label: labels.service(id) }))}
          defaultValues={experience?.services ?? []}
          error={errors.services}
        />
        <CheckboxGroup
          legend={t("experience.skills")}
          name="skills"
          options={CARE_SKILLS.map((skill) => ({ value: skill, label: labels.skill(skill) }))}
          defaultValues={experience?.skills ?? []}
          error={errors.skills}
        />
        <CheckboxGroup
          legend={t("experience.languages")}
          name="languages"
          columns={3}
          options={languagesByName(labels.language).map(({ code, name }) => ({ value: code, label: name }))}
          defaultValues={experience?.languages ?? []}
          error={errors.languages}
        />
        <TextAreaField
          label={t("experience.certifications")}
          name="certifications"
          hint={t("experience.certificationsHint")}
          rows={3}
          defaultValue={experience?.certifications.join("\n")}
          error={errors.certifications}
        />
        <BioField defaultValue={experience?.bio} error={errors.bio} formRef={formRef} />
        <BioLanguageField defaultValue={experience?.bioLanguage} error={errors.bioLanguage} />
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
  error,
  formRef,
}: {
  defaultValue?: string;
  error?: string;
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
        name="bio"
        hint={t("experience.aboutHint")}
        rows={5}
        maxLength={1000}
        defaultValue={defaultValue}
        error={error}
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
