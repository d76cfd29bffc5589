import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { data, Form, Link, useNavigation } from "react-router";
import { currentUserContext } from "~/platform/auth/guards.server";
import { FieldError, FormNotice, linkClass, sectionClass, SubmitButton } from "~/components/form-controls";
import { useSchemaForm } from "~/components/use-schema-form";
import { TrainingModuleError } from "~/components/training/training-gate";
import { getCaregiverModule } from "~/features/training/training-reads.server";
import { submitQuiz } from "~/features/training/submit-quiz.server";
import { quizAnswers, quizSchema } from "~/features/training/training.schema";
import { TRAINING_TIME_ZONE } from "~/features/training/public";
import { LOCALE_NAMES } from "~/i18n/config";
import { getServerT } from "~/i18n/i18n.server";
import { localeOfRequest } from "~/i18n/locale";
import { metaT, useFormat, useLocale, useT, useValidationMessage } from "~/i18n/react";
import { refusalData, throwRefusal } from "~/i18n/refusal-response";
import { parseForm } from "~/utils/form-data.server";
import type { Route } from "./+types/training-module";

// One training module (docs/product-rules.md, "Caregiver training"): the
// reading, the captioned video when there is one, and the quiz. The page never
// holds the right answers: the answers are scored by submitQuiz on the server,
// and a failed attempt comes back with the questions answered wrongly.

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = metaT(matches, "training");
  return [
    {
      title: loaderData ? t("meta.moduleTitle", { title: loaderData.module.title }) : t("meta.moduleTitleFallback"),
    },
  ];
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = context.get(currentUserContext);
  const locale = localeOfRequest(request, user.locale);
  try {
    return { module: await getCaregiverModule({ actor: user, slug: params.slug, locale }) };
  } catch (error) {
    throwRefusal(error, locale);
  }
}

type ActionResult = {
  result?: SubmissionResult<string[]>;
  graded?: { score: number; passed: boolean; wrong: number[] };
  message?: string;
};

const LANGUAGE_NAMES = LOCALE_NAMES;

/** The largest quiz body: a few bytes per answer. */
const QUIZ_MAX_BYTES = 4 * 1024;

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = context.get(currentUserContext);
  const { locale, t } = getServerT(request, "training", user.locale);
  try {
    const module = await getCaregiverModule({ actor: user, slug: params.slug, locale });
    const count = module.questions.length;
    const submission = await parseForm(request, quizSchema(count), { maxBytes: QUIZ_MAX_BYTES });
    if (submission.status !== "success")
      return data<ActionResult>({ result: submission.reply(), message: t("errors.answerEach") }, 400);
    const graded = await submitQuiz({
      actor: user,
      slug: params.slug,
      answers: quizAnswers(submission.value as Record<string, number>, count),
      locale,
    });
    // A failed attempt keeps the answers given, so the caregiver sees which of theirs were wrong.
    return data<ActionResult>({ graded, result: submission.reply(graded.passed ? { resetForm: true } : {}) });
  } catch (error) {
    return refusalData<ActionResult>(error, locale, ({ text }) => ({ message: text }));
  }
}

export default function TrainingModule({ loaderData, actionData }: Route.ComponentProps) {
  const { module } = loaderData;
  const { t } = useT("training");
  const format = useFormat();
  const translate = useValidationMessage();
  const locale = useLocale();
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(quizSchema(module.questions.length), { lastResult: actionData?.result });
  const graded = actionData?.graded;
  const wrong = new Set(graded && !graded.passed ? graded.wrong : []);
  const day = (instant: Date | string) => format.date(instant, { timeZone: TRAINING_TIME_ZONE });

  return (
    <div className="space-y-6">
      <Link to="/caregiver/training" className={linkClass}>
        {t("module.back")}
      </Link>
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{module.title}</h1>
        <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-200">{module.summary}</p>
        {module.passedAt && !graded && (
          <FormNotice tone="success" className="mt-4">
            {t("module.alreadyPassed", { date: day(module.passedAt) })}
          </FormNotice>
        )}
      </header>

      <section aria-labelledby="video-heading" className={sectionClass}>
        <h2 id="video-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          {t("module.videoHeading")}
        </h2>
        {module.video ? (
          // Captions in both languages; the reader's own is the default track.
          <video controls preload="metadata" className="mt-3 aspect-video w-full max-w-3xl rounded-lg bg-black">
            <source src={module.video.url} />
            <track
              kind="captions"
              src={module.video.captions[0].url}
              srcLang={module.video.captions[0].locale}
              label={LANGUAGE_NAMES[module.video.captions[0].locale]}
              default={module.video.captions[0].locale === locale || module.video.captions.length === 1}
            />
            {module.video.captions.slice(1).map((track) => (
              <track
                key={track.locale}
                kind="captions"
                src={track.url}
                srcLang={track.locale}
                label={LANGUAGE_NAMES[track.locale]}
                default={track.locale === locale}
              />
            ))}
            {t("module.videoUnsupported")}
          </video>
        ) : (
          <p className="mt-3 text-slate-700 dark:text-slate-200">{t("module.noVideo")}</p>
        )}
      </section>

      <section aria-labelledby="reading-heading" className={sectionClass}>
        <h2 id="reading-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          {t("module.readingHeading")}
        </h2>
        <div className="mt-3 max-w-3xl space-y-4 leading-relaxed text-slate-800 dark:text-slate-100">
          {module.paragraphs.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
      </section>

      <section aria-labelledby="quiz-heading" className={sectionClass}>
        <h2 id="quiz-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          {t("module.quizHeading")}
        </h2>
        <p className="mt-1 text-slate-700 dark:text-slate-200">
          {t("module.quizIntro", { count: module.questions.length, passMark: module.passMark })}
        </p>
        {graded && (
          <div className="mt-4" aria-live="polite">
            {graded.passed ? (
              <FormNotice tone="success">
                <strong className="block text-base">{t("module.passedHeading")}</strong>
                {module.passedAt && t("module.passed", { score: graded.score, date: day(module.passedAt) })}
              </FormNotice>
            ) : (
              <FormNotice tone="error">
                <strong className="block text-base">{t("module.failedHeading")}</strong>
                {t("module.failed", { score: graded.score, passMark: module.passMark })}{" "}
                {t("module.wrongList", { numbers: graded.wrong.map((index) => index + 1).join(", ") })}
              </FormNotice>
            )}
          </div>
        )}
        {actionData?.message && !graded && (
          <FormNotice tone="error" className="mt-4">
            {actionData.message}
          </FormNotice>
        )}
        <Form method="post" className="mt-4 space-y-5" {...getFormProps(form)}>
          {module.questions.map((question, index) => {
            const field = fields[`q${index}`];
            const error = field?.errors?.[0];
            const errorId = `q${index}-error`;
            const isWrong = wrong.has(index);
            return (
              <fieldset
                key={index}
                aria-describedby={error || isWrong ? errorId : undefined}
                className={`rounded-lg border p-4 ${isWrong ? "border-red-400 dark:border-red-500" : "border-slate-200 dark:border-slate-700"}`}
              >
                <legend className="px-1 font-semibold text-slate-900 dark:text-white">
                  <span className="block text-sm font-medium text-slate-600 dark:text-slate-300">
                    {t("module.question", { number: index + 1 })}
                  </span>
                  {question.prompt}
                </legend>
                <div className="mt-2 space-y-1">
                  {question.options.map((option, optionIndex) => (
                    <label
                      key={optionIndex}
                      className="flex min-h-11 cursor-pointer items-start gap-3 rounded-md px-2 py-2 text-slate-900 hover:bg-slate-50 dark:text-white dark:hover:bg-slate-800"
                    >
                      <input
                        type="radio"
                        name={`q${index}`}
                        value={optionIndex}
                        required
                        defaultChecked={!graded?.passed && field?.initialValue === String(optionIndex)}
                        className="mt-1 size-5 shrink-0 accent-teal-700"
                      />
                      <span>{option}</span>
                    </label>
                  ))}
                </div>
                {(error || isWrong) && (
                  <FieldError id={errorId}>{error ? translate(error) : t("module.wrongAnswer")}</FieldError>
                )}
              </fieldset>
            );
          })}
          <SubmitButton isPending={navigation.state === "submitting"} pendingLabel={t("module.submitting")}>
            {graded && !graded.passed ? t("module.retake") : t("module.submit")}
          </SubmitButton>
        </Form>
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <TrainingModuleError error={error} area="caregiver" />;
}
