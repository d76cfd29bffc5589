import { useEffect, type ReactNode } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { FormNotice, linkClass, SubmitButton } from "~/components/form-controls";
import { resendVerificationEmail } from "~/features/accounts/email-verification.server";
import { VERIFICATION_TEXTS } from "~/features/accounts/registration-rules";
import { US_STATES } from "~/features/accounts/us-states";
import { clearApplicantCookie } from "~/auth/application-cookie.server";
import { requireApplicant } from "./applicant-guard.server";
import {
  APPLICATION_STEPS,
  CAREGIVER_LANGUAGES,
  CONFIRMATION_PATH,
  DAY_PARTS,
  SKILL_LABELS,
  stepPath,
  WEEKDAYS,
  type StepId,
} from "~/features/caregiver-onboarding/application";
import {
  loadApplication,
  SUBMISSION_ERRORS,
  submitApplication,
} from "~/features/caregiver-onboarding/application.server";
import { DOCUMENT_LABELS } from "~/features/caregiver-onboarding/document-paths";
import { documentLink } from "~/features/caregiver-onboarding/documents.server";
import { SERVICES } from "~/utils/services";
import type { Route } from "./+types/review";
import { clearBrowserDrafts, StepActions, StepHeading } from "./step-parts";

export const meta: Route.MetaFunction = () => [{ title: "Caregiver application: review | Tendly" }];

export async function loader({ request }: Route.LoaderArgs) {
  const applicant = await requireApplicant(request);
  const application = await loadApplication(applicant);
  return {
    ...application,
    documents: application.documents.map((document) => ({
      ...document,
      url: documentLink(document.id, applicant.userId),
    })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const applicant = await requireApplicant(request);
  const intent = (await request.formData()).get("intent");
  if (intent === "resend") {
    const outcome = await resendVerificationEmail({ email: applicant.email, request });
    const notice =
      outcome.status === "sent"
        ? `${VERIFICATION_TEXTS.resendSent} to ${applicant.email}.`
        : outcome.status === "limited"
          ? "Email sending temporarily limited. Please try again in a few minutes."
          : outcome.message;
    return data({ notice, tone: outcome.status === "sent" ? ("success" as const) : ("warning" as const) });
  }
  const outcome = await submitApplication(applicant, request);
  switch (outcome.status) {
    case "submitted":
      return redirect(CONFIRMATION_PATH, { headers: { "Set-Cookie": await clearApplicantCookie() } });
    case "unverified":
      return data({ notice: SUBMISSION_ERRORS.unverified, tone: "error" as const }, { status: 403 });
    case "incomplete": {
      const titles = outcome.missing.map((step) => APPLICATION_STEPS.find((entry) => entry.id === step)!.title);
      return data(
        { notice: `${SUBMISSION_ERRORS.incomplete} Please complete: ${titles.join(", ")}.`, tone: "error" as const },
        { status: 400 },
      );
    }
  }
}

const languageName = (code: string) => CAREGIVER_LANGUAGES.find((language) => language.code === code)?.name ?? code;
const serviceTitle = (id: string) => SERVICES.find((service) => service.id === id)?.title ?? id;
const stateName = (code: string) => US_STATES.find((state) => state.code === code)?.name ?? code;

export default function Review({ loaderData, actionData }: Route.ComponentProps) {
  const { personalInfo, draft, documents, email, emailVerified } = loaderData;
  const navigation = useNavigation();
  const sending = (intent: "resend" | "submit") =>
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  useEffect(() => {
    // The server holds every answer now.
    clearBrowserDrafts();
  }, []);
  const slots = new Set(draft.availability?.slots ?? []);
  return (
    <>
      <StepHeading step="review">
        <p>Check your answers. Use Edit to change a step; your other answers stay as they are.</p>
      </StepHeading>
      {!emailVerified && (
        <div className="mb-6">
          <FormNotice tone="warning">
            Please confirm your email address ({email}) before submitting: open the link we emailed you, then come back
            to this page. Your answers are saved.
          </FormNotice>
          <Form method="post" className="mt-2">
            <SubmitButton
              isPending={sending("resend")}
              pendingLabel="Sending..."
              name="intent"
              value="resend"
              variant="secondary"
            >
              Resend verification email
            </SubmitButton>
          </Form>
        </div>
      )}
      {actionData && (
        <div className="mb-6">
          <FormNotice tone={actionData.tone}>{actionData.notice}</FormNotice>
        </div>
      )}
      <div className="space-y-5">
        <ReviewSection step="personal-info">
          <Item label="Name">
            {personalInfo.firstName} {personalInfo.lastName}
          </Item>
          <Item label="Email">{email}</Item>
          <Item label="Phone number">{personalInfo.phoneNumber}</Item>
          <Item label="Address">
            {personalInfo.streetAddress}, {personalInfo.city}, {stateName(personalInfo.state)} {personalInfo.zipCode}
          </Item>
        </ReviewSection>
        <ReviewSection step="background" missing={!draft.background}>
          {draft.background && (
            <>
              <Item label="Background check">Authorised</Item>
              {draft.background.references.map((reference, index) => (
                <Item key={index} label={`Reference ${index + 1}`}>
                  {reference.name} ({reference.relationship}), {reference.contact}
                </Item>
              ))}
            </>
          )}
        </ReviewSection>
        <ReviewSection step="availability" missing={!draft.availability}>
          {draft.availability && (
            <>
              <Item label="Weekly availability">
                <ul>
                  {WEEKDAYS.map((day, weekday) => {
                    const parts = DAY_PARTS.filter((part) => slots.has(`${weekday}-${part.id}`));
                    return parts.length > 0 ? (
                      <li key={day}>
                        {day}: {parts.map((part) => part.label).join(", ")}
                      </li>
                    ) : null;
                  })}
                </ul>
              </Item>
              <Item label="Travel radius">{draft.availability.travelRadiusMiles} miles</Item>
            </>
          )}
        </ReviewSection>
        <ReviewSection step="experience" missing={!draft.experience}>
          {draft.experience && (
            <>
              <Item label="Years of experience">{draft.experience.yearsExperience}</Item>
              <Item label="Services">{draft.experience.services.map(serviceTitle).join(", ")}</Item>
              <Item label="Skills">
                {draft.experience.skills.map((skill) => SKILL_LABELS[skill]).join(", ") || "None listed"}
              </Item>
              <Item label="Languages">{draft.experience.languages.map(languageName).join(", ")}</Item>
              <Item label="Certifications">{draft.experience.certifications.join(", ") || "None listed"}</Item>
              <Item label="About you">{draft.experience.bio}</Item>
            </>
          )}
        </ReviewSection>
        <ReviewSection step="documents" missing={!draft.documents}>
          {documents.length > 0 && (
            <Item label="Uploaded">
              <ul>
                {documents.map((document) => (
                  <li key={document.id}>
                    {DOCUMENT_LABELS[document.kind as keyof typeof DOCUMENT_LABELS]}:{" "}
                    <a href={document.url} target="_blank" rel="noreferrer" className={`${linkClass} wrap-anywhere`}>
                      {document.originalName}
                    </a>
                  </li>
                ))}
              </ul>
            </Item>
          )}
        </ReviewSection>
      </div>
      <Form method="post">
        <input type="hidden" name="intent" value="submit" />
        <StepActions
          back="documents"
          isSubmitting={sending("submit")}
          label="Submit application"
          pendingLabel="Submitting..."
        />
      </Form>
    </>
  );
}

function ReviewSection({ step, missing, children }: { step: StepId; missing?: boolean; children: ReactNode }) {
  const title = APPLICATION_STEPS.find((entry) => entry.id === step)!.title;
  return (
    <section aria-label={title} className="rounded-xl border border-slate-200 p-4">
      <div className="flex items-center justify-between gap-3">
        <h2 className="font-semibold text-slate-900">{title}</h2>
        <Link to={stepPath(step)} className={linkClass}>
          Edit<span className="sr-only"> {title.toLowerCase()}</span>
        </Link>
      </div>
      {missing ? (
        <p className="mt-2 text-sm font-medium text-red-700">Not completed yet.</p>
      ) : (
        <dl className="mt-2 grid gap-2 text-sm sm:grid-cols-[12rem_1fr]">{children}</dl>
      )}
    </section>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-700">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </>
  );
}
