import { useEffect, type ReactNode } from "react";
import { getFormProps } from "@conform-to/react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { FormNotice, linkClass, SubmitButton } from "~/components/form-controls";
import { resendVerificationEmail } from "~/features/accounts/email-verification.server";
import { US_STATES } from "~/features/accounts/us-states";
import { clearApplicantCookie } from "~/platform/auth/application-cookie.server";
import { applicationT, requireApplicant } from "./layout.server";
import { DAY_PARTS } from "~/features/caregivers/work-profile-fields";
import {
  CONFIRMATION_PATH,
  missingSteps,
  ResendVerificationSchema,
  ReviewActionSchema,
  stepPath,
  SubmitApplicationSchema,
  type StepId,
} from "~/features/caregiver-onboarding/application";
import { useSchemaForm } from "~/components/use-schema-form";
import { applicantUserId } from "~/features/caregiver-onboarding/applicant.server";
import {
  isSubmittedWithKey,
  loadApplication,
  submitApplication,
} from "~/features/caregiver-onboarding/application.server";
import { documentLink } from "~/features/caregiver-onboarding/documents.server";
import { messageText } from "~/i18n/i18n.server";
import { metaT, useLabels, useT } from "~/i18n/react";
import type { Route } from "./+types/review";
import { clearBrowserDrafts, relationshipName, StepActions, StepHeading } from "~/components/onboarding/step-parts";
import { AppError } from "~/utils/app-error";
import { refusalData } from "~/i18n/refusal-response";
import { parseForm } from "~/utils/form-data.server";
import { IDEMPOTENCY_FIELD, idempotencyKeyOf } from "~/utils/idempotency";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "onboarding");
  return [{ title: t("review.metaTitle") }];
};

export async function loader({ request }: Route.LoaderArgs) {
  const applicant = await requireApplicant(request);
  const application = await loadApplication(applicant);
  return {
    ...application,
    // The submit form's idempotency key (docs/decisions/0019-idempotency-keys.md).
    idempotencyKey: crypto.randomUUID(),
    documents: application.documents.map((document) => ({
      ...document,
      url: documentLink(document.id, applicant.userId),
    })),
  };
}

/** The answer to a submission that went in: the confirmation, and the application cookie's end. */
async function toConfirmation() {
  return redirect(CONFIRMATION_PATH, { headers: { "Set-Cookie": await clearApplicantCookie() } });
}

export async function action({ request }: Route.ActionArgs) {
  const submission = await parseForm(request, ReviewActionSchema);
  if (submission.status !== "success") return data({ status: "invalid" as const, result: submission.reply() }, 400);
  const { intent } = submission.value;
  const idempotencyKey = idempotencyKeyOf(submission.payload);
  // A repeat of the submission that went in (a double click, a retry after a lost answer) is answered
  // as the first was, before the guard below, which finds no open application any more.
  const isRepeat = async () => {
    if (intent === "resend" || !idempotencyKey) return false;
    const userId = await applicantUserId(request);
    return userId !== null && (await isSubmittedWithKey(userId, idempotencyKey));
  };
  if (await isRepeat()) return toConfirmation();
  const applicant = await requireApplicant(request).catch(async (refusal: unknown) => {
    // A twin sent at the same moment may have gone in between the check above and the guard, which then
    // finds the application closed: the twin's key was stored in the same transaction, so look again.
    if (await isRepeat()) throw await toConfirmation();
    throw refusal;
  });
  const { locale, t } = await applicationT(request);
  if (intent === "resend") {
    const outcome = await resendVerificationEmail({ email: applicant.email, request });
    const notice =
      outcome.status === "sent"
        ? t("review.resendSent", { email: applicant.email })
        : outcome.status === "limited"
          ? t("review.resendLimited")
          : messageText(locale, { key: "auth:verification.resendFailedFallback" });
    return data({ notice, tone: outcome.status === "sent" ? ("success" as const) : ("warning" as const) });
  }
  if (!idempotencyKey) {
    return data({ notice: messageText(locale, { key: "common:idempotency.missing" }), tone: "error" as const }, 400);
  }
  try {
    await submitApplication(applicant, request, { idempotencyKey });
  } catch (error) {
    // Steps missing: named in the applicant's language.
    const missing = error instanceof AppError && error.reason === "incomplete" ? await missingStepsOf(applicant) : [];
    return refusalData(error, locale, ({ text }) => ({
      notice:
        missing.length > 0
          ? t("errors.incomplete", { steps: missing.map((step) => t(`steps.${step}`)).join(", ") })
          : text,
      tone: "error" as const,
    }));
  }
  return toConfirmation();
}

/** The steps still to complete, as submitApplication finds them. */
async function missingStepsOf(applicant: Awaited<ReturnType<typeof requireApplicant>>): Promise<StepId[]> {
  const view = await loadApplication(applicant);
  return missingSteps(
    view.draft,
    view.documents.map((document) => document.kind),
  );
}

const stateName = (code: string) => US_STATES.find((state) => state.code === code)?.name ?? code;

export default function Review({ loaderData, actionData }: Route.ComponentProps) {
  const { personalInfo, draft, documents, email, emailVerified } = loaderData;
  const { t } = useT("onboarding");
  const labels = useLabels();
  // Weekday 0 is Monday, as in caregiver_availability.
  const weekdays = Array.from({ length: 7 }, (_, index) => labels.weekday(index));
  const navigation = useNavigation();
  const sending = (intent: "resend" | "submit") =>
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  // An invalid answer comes only from a hand-made post (both forms are buttons and hidden fields).
  const [resendForm] = useSchemaForm(ResendVerificationSchema, { id: "resend" });
  const [submitForm] = useSchemaForm(SubmitApplicationSchema, { id: "submit" });
  useEffect(() => {
    // The server holds every answer now.
    clearBrowserDrafts();
  }, []);
  const slots = new Set(draft.availability?.slots ?? []);
  return (
    <>
      <StepHeading step="review">
        <p>{t("review.intro")}</p>
      </StepHeading>
      {!emailVerified && (
        <div className="mb-6">
          <FormNotice tone="warning">{t("review.confirmEmail", { email })}</FormNotice>
          <Form method="post" className="mt-2" {...getFormProps(resendForm)}>
            <SubmitButton
              isPending={sending("resend")}
              pendingLabel={t("review.sending")}
              name="intent"
              value="resend"
              variant="secondary"
            >
              {t("review.resend")}
            </SubmitButton>
          </Form>
        </div>
      )}
      {actionData && "notice" in actionData && (
        <div className="mb-6">
          <FormNotice tone={actionData.tone}>{actionData.notice}</FormNotice>
        </div>
      )}
      <div className="space-y-5">
        <ReviewSection step="personal-info">
          <Item label={t("review.name")}>
            {personalInfo.firstName} {personalInfo.lastName}
          </Item>
          <Item label={t("review.email")}>{email}</Item>
          <Item label={t("review.phone")}>{personalInfo.phoneNumber}</Item>
          <Item label={t("review.address")}>
            {personalInfo.streetAddress}, {personalInfo.city}, {stateName(personalInfo.state)} {personalInfo.zipCode}
          </Item>
        </ReviewSection>
        <ReviewSection step="background" missing={!draft.background}>
          {draft.background && (
            <>
              <Item label={t("review.backgroundCheck")}>{t("review.authorised")}</Item>
              {draft.background.references.map((reference, index) => (
                <Item key={index} label={t("review.reference", { number: index + 1 })}>
                  {reference.name} ({relationshipName(t, reference.relationship)}), {reference.contact}
                </Item>
              ))}
            </>
          )}
        </ReviewSection>
        <ReviewSection step="availability" missing={!draft.availability}>
          {draft.availability && (
            <>
              <Item label={t("review.weekly")}>
                <ul>
                  {weekdays.map((day, weekday) => {
                    const parts = DAY_PARTS.filter((part) => slots.has(`${weekday}-${part.id}`));
                    return parts.length > 0 ? (
                      <li key={weekday}>
                        {day}: {parts.map((part) => t(`availability.dayParts.${part.id}.label`)).join(", ")}
                      </li>
                    ) : null;
                  })}
                </ul>
              </Item>
              <Item label={t("review.travelRadius")}>
                {t("review.miles", { count: draft.availability.travelRadiusMiles })}
              </Item>
            </>
          )}
        </ReviewSection>
        <ReviewSection step="experience" missing={!draft.experience}>
          {draft.experience && (
            <>
              <Item label={t("review.yearsOfExperience")}>{draft.experience.yearsExperience}</Item>
              <Item label={t("review.services")}>
                {draft.experience.services.map((id) => labels.service(id)).join(", ")}
              </Item>
              <Item label={t("review.skills")}>
                {draft.experience.skills.map((skill) => labels.skill(skill)).join(", ") || t("review.noneListed")}
              </Item>
              <Item label={t("review.languages")}>{labels.languages(draft.experience.languages).join(", ")}</Item>
              <Item label={t("review.certifications")}>
                {draft.experience.certifications.join(", ") || t("review.noneListed")}
              </Item>
              <Item label={t("review.about")}>{draft.experience.bio}</Item>
            </>
          )}
        </ReviewSection>
        <ReviewSection step="documents" missing={!draft.documents}>
          {documents.length > 0 && (
            <Item label={t("review.uploaded")}>
              <ul>
                {documents.map((document) => (
                  <li key={document.id}>
                    {t(`documents.kinds.${document.kind}.label`)}:{" "}
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
      <Form method="post" {...getFormProps(submitForm)}>
        <input type="hidden" name="intent" value="submit" />
        <input type="hidden" name={IDEMPOTENCY_FIELD} value={loaderData.idempotencyKey} />
        <StepActions
          back="documents"
          isSubmitting={sending("submit")}
          label={t("review.submit")}
          pendingLabel={t("review.submitting")}
        />
      </Form>
    </>
  );
}

function ReviewSection({ step, missing, children }: { step: StepId; missing?: boolean; children: ReactNode }) {
  const { t } = useT("onboarding");
  const title = t(`steps.${step}`);
  return (
    <section aria-label={title} className="rounded-xl border border-slate-200 p-4">
      <div className="flex items-center justify-between gap-3">
        <h2 className="font-semibold text-slate-900">{title}</h2>
        <Link to={stepPath(step)} className={linkClass}>
          {t("review.edit")}
          <span className="sr-only"> {title.toLowerCase()}</span>
        </Link>
      </div>
      {missing ? (
        <p className="mt-2 text-sm font-medium text-red-700">{t("review.notCompleted")}</p>
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
