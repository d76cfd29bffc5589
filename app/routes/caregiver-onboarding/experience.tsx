import { data, Form, redirect, useNavigation } from "react-router";
import { fieldErrorClass, fieldErrors, inputClass, labelClass, TextField } from "~/components/form-controls";
import { requireApplicant } from "./applicant-guard.server";
import {
  CAREGIVER_LANGUAGES,
  ExperienceStepSchema,
  nextStep,
  SKILL_LABELS,
  stepPath,
} from "~/features/caregiver-onboarding/application";
import { loadApplication, saveExperience } from "~/features/caregiver-onboarding/application.server";
import { CARE_SKILLS, SERVICES } from "~/utils/services";
import type { Route } from "./+types/experience";
import { CheckboxGroup, StepActions, StepHeading, useBrowserDraft } from "./step-parts";

export const meta: Route.MetaFunction = () => [{ title: "Caregiver application: experience | Tendly" }];

export async function loader({ request }: Route.LoaderArgs) {
  const applicant = await requireApplicant(request);
  const { draft } = await loadApplication(applicant);
  return { experience: draft.experience ?? null };
}

export async function action({ request }: Route.ActionArgs) {
  const applicant = await requireApplicant(request);
  const form = await request.formData();
  const parsed = ExperienceStepSchema.safeParse({
    yearsExperience: form.get("yearsExperience"),
    services: form.getAll("services"),
    skills: form.getAll("skills"),
    languages: form.getAll("languages"),
    certifications: form.get("certifications") ?? "",
    bio: form.get("bio") ?? "",
  });
  if (!parsed.success) return data({ fieldErrors: fieldErrors(parsed.error.issues) }, { status: 400 });
  await saveExperience(applicant, parsed.data);
  return redirect(stepPath(nextStep("experience")));
}

export default function Experience({ loaderData, actionData }: Route.ComponentProps) {
  const { experience } = loaderData;
  const errors: Record<string, string> = actionData?.fieldErrors ?? {};
  const isSubmitting = useNavigation().state === "submitting";
  const formRef = useBrowserDraft("experience");
  return (
    <>
      <StepHeading step="experience">
        <p>This is what families see on your profile once you are approved.</p>
      </StepHeading>
      <Form method="post" noValidate ref={formRef} aria-label="Experience" className="space-y-6">
        <TextField
          label="Years of caregiving experience"
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
          legend="Services you offer"
          name="services"
          options={SERVICES.map((service) => ({ value: service.id, label: service.title }))}
          defaultValues={experience?.services ?? []}
          error={errors.services}
        />
        <CheckboxGroup
          legend="Care skills (optional)"
          name="skills"
          options={CARE_SKILLS.map((skill) => ({ value: skill, label: SKILL_LABELS[skill] }))}
          defaultValues={experience?.skills ?? []}
          error={errors.skills}
        />
        <CheckboxGroup
          legend="Languages you speak"
          name="languages"
          columns={3}
          options={CAREGIVER_LANGUAGES.map((language) => ({ value: language.code, label: language.name }))}
          defaultValues={experience?.languages ?? []}
          error={errors.languages}
        />
        <TextArea
          label="Certifications (optional)"
          name="certifications"
          hint="One per line, for example: CNA, CPR and First Aid. You can upload the certificates in the next step."
          rows={3}
          defaultValue={experience?.certifications.join("\n")}
          error={errors.certifications}
        />
        <TextArea
          label="About you"
          name="bio"
          hint="A few sentences for families: your experience and what you enjoy about caregiving (20-1000 characters)."
          rows={5}
          maxLength={1000}
          defaultValue={experience?.bio}
          error={errors.bio}
        />
        <StepActions back="availability" isSubmitting={isSubmitting} />
      </Form>
    </>
  );
}

function TextArea({
  label,
  name,
  hint,
  error,
  ...textarea
}: { label: string; name: string; hint: string; error?: string } & React.TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const describedBy = [`${name}-hint`, error ? `${name}-error` : null].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={name} className={labelClass}>
        {label}
      </label>
      <p id={`${name}-hint`} className="mt-1 text-sm text-slate-600">
        {hint}
      </p>
      <textarea
        id={name}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={inputClass}
        {...textarea}
      />
      {error && (
        <p id={`${name}-error`} role="alert" className={fieldErrorClass}>
          {error}
        </p>
      )}
    </div>
  );
}
