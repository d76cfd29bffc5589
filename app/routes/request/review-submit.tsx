import { useCallback, useEffect, useState } from "react";
import { Link, data, useFetcher, useNavigate } from "react-router";
import { z } from "zod";
import { requireRole } from "~/platform/auth/session.server";
import {
  CheckboxField,
  FormNotice,
  TextField,
  linkClass,
  primaryButtonClass,
  secondaryButtonClass,
} from "~/components/form-controls";
import {
  CARE_CULTURES,
  CareRequestSchema,
  HealthNeedsSchema,
  ReviewPostSchema,
  ScheduleSchema,
  type Schedule,
} from "~/features/care-requests/care-request.schema";
import { clearCareRequestDraft } from "~/features/care-requests/drafts.server";
import { requestOf, scheduleOf, validateStep } from "~/features/care-requests/wizard";
import { submitCareRequest, type SubmitResult } from "~/features/orders/submit-care-request.server";
import { quoteCareRequest } from "~/features/pricing/pricing.server";
import type { Quote } from "~/features/pricing/quote";
import { getCurrentUser } from "~/platform/auth/session.server";
import { getServerT, messageText, refusalText, validationText } from "~/i18n/i18n.server";
import { metaT, Trans, useLabels, useLocale, useT, useValidationMessage } from "~/i18n/react";
import { refusalData } from "~/i18n/refusal-response";
import { isAppError } from "~/utils/app-error";
import { ConnectionNotice } from "~/components/connection-notice";
import { CareQuote, CareQuotePending } from "~/components/orders/care-quote";
import { useAfterEachAnswer } from "~/components/use-after-each-answer";
import { scheduleLines, useScheduleWords } from "~/components/orders/order-display";
import type { Route } from "./+types/review-submit";
import { useCareTimeZone } from "~/components/request/care-time-zone";
import { WizardStep, stepTitleKey, useWizard, type DraftData } from "~/components/request/wizard";
import { parseForm } from "~/utils/form-data.server";
import { IDEMPOTENCY_FIELD, idempotencyKeyOf } from "~/utils/idempotency";
import { forgetSubmissionKey, submissionKey } from "~/utils/submission-key";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "request");
  return [{ title: t("review.metaTitle") }, { name: "description", content: t("review.metaDescription") }];
};

const QuoteInputSchema = z.object({ serviceTypes: HealthNeedsSchema.shape.serviceTypes }).and(ScheduleSchema);

export type SubmittedRequest = SubmitResult;

type ActionData =
  /** `promoCode` is the code the quote was asked with; `promoError` why it was left out of the quote. */
  | { intent: "quote"; quote: Quote; promoCode: string; promoError?: string; error?: undefined }
  | { intent: "quote"; error: string; quote?: undefined; promoCode?: undefined; promoError?: undefined }
  /** `field` is the answer the refusal is about; `promoCode` the code that was sent. */
  | { intent: "submit"; error: string; field?: string; promoCode?: string; submitted?: undefined }
  | { intent: "submit"; submitted: SubmittedRequest; error?: undefined };

// Quotes are open to everyone (a visitor sees the price before signing in);
// sending the request needs a signed-in client.
export async function action({ request }: Route.ActionArgs) {
  const submission = await parseForm(request, ReviewPostSchema);
  // Quotes are open to visitors: the signed-in person's language when there is one.
  const viewer = await getCurrentUser(request);
  const { locale, t } = getServerT(request, "request", viewer?.locale);
  if (submission.status !== "success") throw data(t("review.unknownAction"), 400);
  const posted = submission.value;
  const body = posted.request;
  if (posted.intent === "quote") {
    const parsed = QuoteInputSchema.safeParse(body);
    if (!parsed.success) {
      return data<ActionData>({ intent: "quote", error: t("review.completeEarlierSteps") }, 400);
    }
    const { promoCode } = posted;
    try {
      const { quote } = await quoteCareRequest({ request: parsed.data, promoCode });
      return data<ActionData>({ intent: "quote", quote, promoCode });
    } catch (error) {
      // A code that cannot be used costs the family nothing but the discount: the quote without it,
      // and why, beside the code's field.
      if (isAppError(error) && error.field === "promoCode") {
        const { quote } = await quoteCareRequest({ request: parsed.data });
        return data<ActionData>({ intent: "quote", quote, promoCode, promoError: refusalText(locale, error) });
      }
      return refusalData<ActionData>(error, locale, ({ text }) => ({
        intent: "quote",
        error: text,
      }));
    }
  }
  const user = await requireRole(request, ["client"]);
  const parsed = CareRequestSchema.safeParse(body);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    return data<ActionData>(
      { intent: "submit", error: first ? validationText(locale, first) : t("review.checkRequest") },
      400,
    );
  }
  // The key the review step made (docs/decisions/0019-idempotency-keys.md): without it a double click
  // or a retry could send the request twice, so a page that sends none (an old copy) is refused.
  const idempotencyKey = idempotencyKeyOf(submission.payload);
  if (!idempotencyKey) {
    return data<ActionData>(
      { intent: "submit", error: messageText(locale, { key: "common:idempotency.missing" }) },
      400,
    );
  }
  try {
    const submitted = await submitCareRequest({
      actor: user,
      request: parsed.data,
      idempotencyKey,
    });
    await clearCareRequestDraft({ actor: user });
    return data<ActionData>({ intent: "submit", submitted });
  } catch (error) {
    return refusalData<ActionData>(error, locale, ({ text, field }) => ({
      intent: "submit",
      error: text,
      field,
      promoCode: parsed.data.promoCode,
    }));
  }
}

export default function ReviewSubmitStep() {
  const { t } = useT("request");
  return (
    <WizardStep step="review-submit" description={t("review.description")}>
      <ReviewSubmit />
    </WizardStep>
  );
}

function Summary({ answers }: { answers: DraftData }) {
  const { t } = useT("request");
  const labels = useLabels();
  const locale = useLocale();
  const scheduleWords = useScheduleWords();
  const schedule = scheduleLines(scheduleOf(answers) as Schedule, scheduleWords);
  const services = (answers.serviceTypes ?? []).map(labels.service).join(", ");
  const needs = (answers.healthNeeds ?? []).map(labels.healthNeed).join(", ");
  const culture = CARE_CULTURES.find((item) => item.id === answers.culture);
  const strength = (value: string, isRequired: boolean | undefined) =>
    t(isRequired ? "review.required" : "review.preferred", { value });
  const sections = [
    {
      step: "client-info",
      rows: [
        [t("review.name"), answers.fullName],
        [t("review.age"), answers.age === undefined ? "" : String(answers.age)],
        [t("review.gender"), answers.gender ? t(`gender.${answers.gender}`) : ""],
        [t("review.phone"), answers.phoneNumber],
        [t("review.address"), `${answers.streetAddress ?? ""}, ${answers.zipCode ?? ""}`],
      ],
    },
    {
      step: "health-needs",
      rows: [
        [t("review.services"), services],
        [t("review.healthNeeds"), needs || t("review.noneGiven")],
        [t("review.careType"), answers.careType === "live-in" ? t("healthNeeds.liveIn") : t("healthNeeds.hourly")],
        // Each preference says whether the family made it required (it filters) or not (it ranks).
        [t("review.language"), strength(labels.language(answers.preferredLanguage ?? "en"), answers.languageRequired)],
        ...(answers.caregiverGender && answers.caregiverGender !== "no-preference"
          ? [
              [
                t("healthNeeds.caregiverGender"),
                strength(t(`healthNeeds.genderPreference.${answers.caregiverGender}`), answers.caregiverGenderRequired),
              ],
            ]
          : []),
        ...(culture
          ? [
              [
                t("review.culture"),
                strength(t(`culture.${culture.id}`, { defaultValue: culture.label }), answers.cultureRequired),
              ],
            ]
          : []),
      ],
    },
    {
      step: "schedule",
      rows: [[schedule.heading, schedule.lines.join("; ")]],
    },
  ] as const;
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      {sections.map((section) => {
        const title = t(stepTitleKey(section.step));
        return (
          <section key={section.step} className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
            <div className="flex items-baseline justify-between gap-2">
              <h2 className="font-semibold text-slate-900 dark:text-white">{title}</h2>
              <Link to={`/request/${section.step}`} className={linkClass}>
                <Trans
                  ns="request"
                  i18nKey="review.edit"
                  values={{ section: title.toLocaleLowerCase(locale) }}
                  components={{ hidden: <span className="sr-only" /> }}
                />
              </Link>
            </div>
            <dl className="mt-2 space-y-1 text-sm">
              {section.rows.map(([label, value]) => (
                <div key={label}>
                  <dt className="inline font-medium text-slate-700 dark:text-slate-200">{label}: </dt>
                  <dd className="inline text-slate-900 dark:text-white">{value}</dd>
                </div>
              ))}
            </dl>
          </section>
        );
      })}
    </div>
  );
}

/** A schedule that can no longer be booked: why, and the way back to its step. */
function ScheduleRefusal({ message }: { message: string }) {
  const { t } = useT("request");
  return (
    <FormNotice tone="error">
      <p>{message}</p>
      <Link to="/request/schedule" className={`${linkClass} mt-1 inline-block`}>
        {t("review.changeSchedule")}
      </Link>
    </FormNotice>
  );
}

/** Where the review step keeps its idempotency key in the tab (app/utils/submission-key.ts). */
const SUBMISSION_KEY_NAME = "care-request";

function ReviewSubmit() {
  const { draft, update, viewer, finish, complete, holdServerSaves } = useWizard();
  const navigate = useNavigate();
  const quoteFetcher = useFetcher<ActionData>();
  const submitFetcher = useFetcher<ActionData>();
  const [termsError, setTermsError] = useState<string | null>(null);
  const { t } = useT("request");
  const translateError = useValidationMessage();
  const answers = draft.data;
  const request = requestOf(answers);
  // Only what the price depends on: ticking the terms box asks for no new quote.
  const quoteJson = JSON.stringify({ serviceTypes: answers.serviceTypes, ...scheduleOf(answers) });
  const [promoInput, setPromoInput] = useState(answers.promoCode ?? "");
  const [scheduleError, setScheduleError] = useState<string | null>(null);
  const careTimeZone = useCareTimeZone(answers.zipCode).known;
  const { submit: submitQuote } = quoteFetcher;
  // Made when the step opens, kept until the request is sent.
  useEffect(() => void submissionKey(SUBMISSION_KEY_NAME), []);
  const quoteData = quoteFetcher.data?.intent === "quote" ? quoteFetcher.data : undefined;
  const refusal = submitFetcher.data?.intent === "submit" && submitFetcher.data.error ? submitFetcher.data : undefined;
  const isCodeRefusedOnSend = refusal?.field === "promoCode" && refusal.promoCode === answers.promoCode;
  // A code refused by the quote or by the send: said once, beside its field, and the request goes without it.
  const codeRefusal = !answers.promoCode
    ? undefined
    : quoteData?.promoError && quoteData.promoCode === answers.promoCode
      ? quoteData.promoError
      : isCodeRefusedOnSend
        ? refusal.error
        : undefined;

  // Asking for a quote changes nothing on the server, so no loader is read again after it (a reload caught by
  // a lost connection would end on the error page).
  const askQuote = useCallback(
    () =>
      submitQuote(
        { intent: "quote", request: quoteJson, promoCode: answers.promoCode ?? "" },
        { method: "post", defaultShouldRevalidate: false },
      ),
    [quoteJson, answers.promoCode, submitQuote],
  );
  // The quote follows the request and the applied promo code.
  useEffect(() => {
    void askQuote();
  }, [askQuote]);
  // A code the quote took but the send refused (used up meanwhile): the quote again, without its discount.
  useEffect(() => {
    if (isCodeRefusedOnSend) void askQuote();
  }, [isCodeRefusedOnSend, askQuote]);

  const submitted = submitFetcher.data?.intent === "submit" ? submitFetcher.data.submitted : undefined;
  // After the fetcher's own reload of the page data (state back to idle): a
  // navigation started during that reload can be dropped.
  const isSubmitSettled = submitFetcher.state === "idle";
  const settledSubmission = isSubmitSettled ? submitted : undefined;
  useAfterEachAnswer(settledSubmission, () => {
    if (!settledSubmission) return;
    // Sent: the next request is a new one, with a new key.
    forgetSubmissionKey(SUBMISSION_KEY_NAME);
    finish();
    void navigate(`/request/thank-you?order=${encodeURIComponent(settledSubmission.orderId)}`, {
      state: { submitted: settledSubmission },
      replace: true,
    });
  });

  useAfterEachAnswer(submitFetcher.data, () => {
    // Not sent: the draft syncs again.
    if (submitFetcher.data?.intent === "submit" && submitFetcher.data.error) holdServerSaves(false);
  });

  const isQuoting = quoteFetcher.state !== "idle";
  const isSubmitting = submitFetcher.state !== "idle" || !!submitted;
  const returnTo = encodeURIComponent("/request/review-submit");

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = complete("review-submit");
    setTermsError(problems?.termsAccepted ?? null);
    // A visit whose start passed while the page was open; the server checks again on its own clock.
    const timing = careTimeZone ? validateStep("schedule", answers, { timeZone: careTimeZone, now: new Date() }) : null;
    setScheduleError(timing?.error?.issues[0]?.message ?? null);
    if (problems || timing?.error) return;
    holdServerSaves(true);
    void submitFetcher.submit(
      {
        intent: "submit",
        request: JSON.stringify({ ...request, promoCode: codeRefusal ? "" : (answers.promoCode ?? "") }),
        // The same key for a second click and a retry after a lost answer (also after a reload): one order.
        [IDEMPOTENCY_FIELD]: submissionKey(SUBMISSION_KEY_NAME),
      },
      { method: "post" },
    );
  };

  return (
    <div className="space-y-8">
      <Summary answers={answers} />
      <div className="grid gap-6 lg:grid-cols-2">
        <div aria-live="polite" aria-busy={isQuoting || undefined}>
          {quoteData?.quote ? (
            <CareQuote quote={quoteData.quote} />
          ) : quoteData?.error ? (
            <FormNotice tone="error">{quoteData.error}</FormNotice>
          ) : (
            <CareQuotePending text={t("review.workingOutQuote")} />
          )}
        </div>
        <form
          noValidate
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            update({ promoCode: promoInput.trim().toUpperCase() });
          }}
        >
          <TextField
            label={t("review.promoCode")}
            name="promoCode"
            autoComplete="off"
            value={promoInput}
            onChange={(event) => setPromoInput(event.target.value)}
            maxLength={40}
            error={codeRefusal}
          />
          {codeRefusal && <p className="text-sm text-slate-700 dark:text-slate-200">{t("review.promoNotSent")}</p>}
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={secondaryButtonClass}>
              {t("review.applyCode")}
            </button>
            {answers.promoCode && (
              <button
                type="button"
                className={secondaryButtonClass}
                onClick={() => {
                  setPromoInput("");
                  update({ promoCode: "" });
                }}
              >
                {t("review.removeCode")}
              </button>
            )}
          </div>
          {answers.promoCode && quoteData?.quote?.promo && (
            <output className="block text-sm font-medium text-teal-800 dark:text-teal-300">
              {t("review.promoApplied", { code: quoteData.quote.promo.code })}
            </output>
          )}
        </form>
      </div>

      {viewer === null ? (
        <section className="rounded-xl border border-teal-300 bg-teal-50 p-5 dark:border-teal-800 dark:bg-teal-950/50">
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{t("review.signInHeading")}</h2>
          <p className="mt-1 text-slate-700 dark:text-slate-200">{t("review.signInText")}</p>
          <div className="mt-4 flex flex-col gap-3 sm:flex-row">
            <Link to={`/login?redirectTo=${returnTo}`} className={primaryButtonClass}>
              {t("review.signIn")}
            </Link>
            <Link to={`/register?redirectTo=${returnTo}`} className={secondaryButtonClass}>
              {t("review.createAccount")}
            </Link>
          </div>
        </section>
      ) : viewer.role !== "client" ? (
        <FormNotice tone="warning">{t("review.notClient")}</FormNotice>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <CheckboxField
            name="termsAccepted"
            checked={answers.termsAccepted ?? false}
            onChange={(event) => update({ termsAccepted: event.target.checked })}
            error={translateError(termsError ?? undefined)}
            label={
              <Trans
                ns="request"
                i18nKey="review.acceptTerms"
                components={{ terms: <Link to="/terms" className={linkClass} target="_blank" /> }}
              />
            }
          />
          {scheduleError ? (
            <ScheduleRefusal message={translateError(scheduleError) ?? scheduleError} />
          ) : refusal?.field === "startDate" || refusal?.field === "startTime" ? (
            <ScheduleRefusal message={refusal.error} />
          ) : (
            refusal && refusal.field !== "promoCode" && <FormNotice tone="error">{refusal.error}</FormNotice>
          )}
          <ConnectionNotice />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
            <Link to="/request/schedule" className={secondaryButtonClass}>
              {t("wizard.back")}
            </Link>
            <button
              type="submit"
              disabled={isSubmitting}
              aria-busy={isSubmitting || undefined}
              className="inline-flex min-h-12 items-center justify-center rounded-lg bg-teal-700 px-6 py-3 text-lg font-semibold text-white hover:bg-teal-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600 disabled:cursor-progress disabled:opacity-80"
            >
              {isSubmitting ? t("review.sending") : t("review.send")}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
