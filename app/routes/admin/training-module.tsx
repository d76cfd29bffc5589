import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { requireRole } from "~/platform/auth/session.server";
import {
  CheckboxField,
  FormNotice,
  linkClass,
  sectionClass,
  SubmitButton,
  TextAreaField,
  TextField,
} from "~/components/form-controls";
import { useSchemaForm } from "~/components/use-schema-form";
import { TrainingModuleError } from "~/components/training/training-gate";
import {
  createTrainingModule,
  getModuleForAdmin,
  updateTrainingModule,
} from "~/features/training/admin-training.server";
import { ModuleFormSchema, TRAINING_LIMITS } from "~/features/training/training.schema";
import { DEFAULT_PASS_MARK, inLocale } from "~/features/training/training-rules";
import { getServerT } from "~/i18n/i18n.server";
import { metaT, useLocale, useT } from "~/i18n/react";
import { refusalData, throwRefusal } from "~/i18n/refusal-response";
import { parseForm } from "~/utils/form-data.server";
import type { Route } from "./+types/training-module";

// /admin/training/new and /admin/training/:moduleId (docs/product-rules.md,
// "Caregiver training"): a module's texts in English and Spanish, its questions
// in their text form, pass mark, whether it is required and by when, and its
// video with caption tracks. Saving is audited by the feature.

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = metaT(matches, "training");
  return [
    {
      title: loaderData?.module
        ? t("meta.adminModuleTitle", { title: loaderData.module.title.en })
        : t("meta.adminNewTitle"),
    },
  ];
};

/** The largest module form: two readings and two question lists at their limits, and the rest. */
const MODULE_MAX_BYTES = 2 * (TRAINING_LIMITS.reading + TRAINING_LIMITS.questions) * 4 + 16 * 1024;

export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireRole(request, ["admin"]);
  if (!params.moduleId) return { module: null, isCreated: false };
  try {
    const isCreated = new URL(request.url).searchParams.has("created");
    return { module: await getModuleForAdmin({ actor, moduleId: params.moduleId }), isCreated };
  } catch (error) {
    throwRefusal(error, getServerT(request, "training", actor.locale).locale);
  }
}

type ActionResult = { result?: SubmissionResult<string[]>; message?: string; saved?: boolean };

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireRole(request, ["admin"]);
  const { locale } = getServerT(request, "training", actor.locale);
  const submission = await parseForm(request, ModuleFormSchema, { maxBytes: MODULE_MAX_BYTES });
  if (submission.status !== "success") return data<ActionResult>({ result: submission.reply() }, 400);
  try {
    if (!params.moduleId) {
      const { id } = await createTrainingModule({ actor, input: submission.value, request });
      return redirect(`/admin/training/${id}?created=1`);
    }
    await updateTrainingModule({ actor, moduleId: params.moduleId, input: submission.value, request });
    return data<ActionResult>({ result: submission.reply(), saved: true });
  } catch (error) {
    return refusalData<ActionResult>(error, locale, ({ text }) => ({ result: submission.reply(), message: text }));
  }
}

export default function AdminTrainingModule({ loaderData, actionData }: Route.ComponentProps) {
  const { module, isCreated } = loaderData;
  const { t } = useT("training");
  const locale = useLocale();
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(ModuleFormSchema, { lastResult: actionData?.result });
  const defaults = module?.form ?? { passMark: String(DEFAULT_PASS_MARK) };
  const value = (name: keyof NonNullable<typeof module>["form"]) =>
    (defaults as Partial<Record<string, string>>)[name] ?? "";

  return (
    <div className="space-y-6">
      <Link to="/admin/training" className={linkClass}>
        {t("admin.backToList")}
      </Link>
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
          {module ? t("admin.form.editHeading", { title: inLocale(module.title, locale) }) : t("admin.form.newHeading")}
        </h1>
      </header>
      {actionData?.saved && <FormNotice tone="success">{t("admin.saved")}</FormNotice>}
      {isCreated && !actionData && <FormNotice tone="success">{t("admin.created")}</FormNotice>}
      {actionData?.message && <FormNotice tone="error">{actionData.message}</FormNotice>}

      <Form method="post" className="space-y-6" {...getFormProps(form)}>
        <div className="grid gap-6 lg:grid-cols-2">
          {(["En", "Es"] as const).map((suffix) => (
            <section key={suffix} className={`${sectionClass} space-y-4`} aria-labelledby={`language-${suffix}`}>
              <h2 id={`language-${suffix}`} className="text-xl font-semibold text-slate-900 dark:text-white">
                {suffix === "En" ? t("admin.form.english") : t("admin.form.spanish")}
              </h2>
              <TextField
                label={t("admin.form.title")}
                field={fields[`title${suffix}`]}
                defaultValue={value(`title${suffix}`)}
                lang={suffix.toLowerCase()}
              />
              <TextAreaField
                label={t("admin.form.summary")}
                field={fields[`summary${suffix}`]}
                defaultValue={value(`summary${suffix}`)}
                rows={2}
                lang={suffix.toLowerCase()}
              />
              <TextAreaField
                label={t("admin.form.reading")}
                hint={t("admin.form.readingHint")}
                field={fields[`reading${suffix}`]}
                defaultValue={value(`reading${suffix}`)}
                rows={12}
                lang={suffix.toLowerCase()}
              />
              <TextAreaField
                label={t("admin.form.questions")}
                hint={t("admin.form.questionsHint")}
                field={fields[`questions${suffix}`]}
                defaultValue={value(`questions${suffix}`)}
                rows={12}
                className="font-mono"
                lang={suffix.toLowerCase()}
              />
            </section>
          ))}
        </div>
        <section className={`${sectionClass} grid gap-4 md:grid-cols-2`} aria-label={t("admin.status")}>
          <TextField
            label={t("admin.form.passMark")}
            type="number"
            inputMode="numeric"
            field={fields.passMark}
            defaultValue={value("passMark")}
          />
          <div className="space-y-2">
            <CheckboxField
              label={t("admin.form.isRequired")}
              field={fields.isRequired}
              defaultChecked={value("isRequired") === "on"}
            />
            <TextField
              label={t("admin.form.requiredBy")}
              hint={t("admin.form.requiredByHint")}
              type="date"
              field={fields.requiredBy}
              defaultValue={value("requiredBy")}
            />
          </div>
          <TextField
            label={t("admin.form.videoUrl")}
            hint={t("admin.form.videoHint")}
            field={fields.videoUrl}
            defaultValue={value("videoUrl")}
          />
          <div className="space-y-4">
            <TextField
              label={t("admin.form.captionsEn")}
              field={fields.captionsEn}
              defaultValue={value("captionsEn")}
            />
            <TextField
              label={t("admin.form.captionsEs")}
              field={fields.captionsEs}
              defaultValue={value("captionsEs")}
            />
          </div>
        </section>
        <SubmitButton isPending={navigation.state === "submitting"} pendingLabel={t("admin.form.saving")}>
          {t("admin.form.save")}
        </SubmitButton>
      </Form>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <TrainingModuleError error={error} area="admin" />;
}
