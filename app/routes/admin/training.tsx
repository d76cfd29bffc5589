import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { data, Form, Link, useNavigation } from "react-router";
import { requireRole } from "~/platform/auth/session.server";
import {
  FormNotice,
  linkClass,
  primaryButtonClass,
  sectionClass,
  SelectField,
  SubmitButton,
  TextField,
} from "~/components/form-controls";
import { useSchemaForm } from "~/components/use-schema-form";
import { listTrainingForAdmin, requireModuleByDate } from "~/features/training/admin-training.server";
import { RequireByDateSchema } from "~/features/training/training.schema";
import { TRAINING_TIME_ZONE } from "~/features/training/public";
import { inLocale } from "~/features/training/training-rules";
import { getServerT } from "~/i18n/i18n.server";
import { metaT, useFormat, useLocale, useT } from "~/i18n/react";
import { refusalData } from "~/i18n/refusal-response";
import { formatLongDate } from "~/utils/intl-dates";
import { parseForm } from "~/utils/form-data.server";
import type { Route } from "./+types/training";

// /admin/training (docs/product-rules.md, "Caregiver training"): the modules
// with how many caregivers passed each, the way to create and edit them and to
// see who passed, and "require of everyone by a date", which reminds the
// caregivers who have not passed it. Every change is audited by the feature.

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaT(matches, "training")("meta.adminTitle") }];

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRole(request, ["admin"]);
  return { modules: await listTrainingForAdmin({ actor }) };
}

type ActionResult = { result?: SubmissionResult<string[]>; message?: string; done?: string };

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireRole(request, ["admin"]);
  const { locale, t } = getServerT(request, "training", actor.locale);
  const submission = await parseForm(request, RequireByDateSchema);
  if (submission.status !== "success") return data<ActionResult>({ result: submission.reply() }, 400);
  try {
    const required = await requireModuleByDate({
      actor,
      moduleId: submission.value.moduleId,
      date: submission.value.requiredBy,
      request,
    });
    return data<ActionResult>({
      result: submission.reply({ resetForm: true }),
      done: t("admin.required", {
        title: inLocale(required.title, locale),
        date: formatLongDate(required.requiredBy, locale, { timeZone: TRAINING_TIME_ZONE }),
        count: required.notified,
      }),
    });
  } catch (error) {
    return refusalData<ActionResult>(error, locale, ({ text, field }) =>
      field ? { result: submission.reply({ fieldErrors: { [field]: [text] } }) } : { message: text },
    );
  }
}

export default function AdminTraining({ loaderData, actionData }: Route.ComponentProps) {
  const { modules } = loaderData;
  const { t } = useT("training");
  const locale = useLocale();
  const format = useFormat();
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(RequireByDateSchema, { lastResult: actionData?.result });
  const day = (instant: Date | string) => format.date(instant, { timeZone: TRAINING_TIME_ZONE });

  return (
    <div className="space-y-8">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{t("admin.heading")}</h1>
          <p className="mt-2 max-w-3xl text-slate-600 dark:text-slate-300">{t("admin.intro")}</p>
        </div>
        <Link to="/admin/training/new" className={primaryButtonClass}>
          {t("admin.newModule")}
        </Link>
      </header>
      {actionData?.done && <FormNotice tone="success">{actionData.done}</FormNotice>}
      {actionData?.message && <FormNotice tone="error">{actionData.message}</FormNotice>}

      <section className={sectionClass} aria-labelledby="modules-heading">
        <h2 id="modules-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          {t("list.modulesHeading")}
        </h2>
        {modules.length === 0 ? (
          <p className="text-slate-700 dark:text-slate-200">{t("admin.empty")}</p>
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {modules.map((module) => {
              const title = inLocale(module.title, locale);
              return (
                <li
                  key={module.id}
                  className="grid gap-1 py-3 sm:grid-cols-[2fr_1.2fr_auto_auto] sm:items-center sm:gap-4"
                >
                  <h3 className="font-semibold text-slate-900 dark:text-white">{title}</h3>
                  <p className="text-sm text-slate-700 dark:text-slate-200">
                    {module.isRequired
                      ? module.requiredBy
                        ? t("admin.requiredByDate", { date: day(module.requiredBy) })
                        : t("admin.requiredNow")
                      : t("admin.notRequired")}
                  </p>
                  <p className="text-sm text-slate-700 tabular-nums dark:text-slate-200">
                    {t("admin.passedCountOf", { count: module.passedCount })}
                  </p>
                  <p className="flex flex-wrap gap-x-4">
                    <Link
                      to={`/admin/training/${module.id}`}
                      className={`${linkClass} inline-flex min-h-11 items-center`}
                      aria-label={`${t("admin.edit")}: ${title}`}
                    >
                      {t("admin.edit")}
                    </Link>
                    <Link
                      to={`/admin/training/${module.id}/passes`}
                      className={`${linkClass} inline-flex min-h-11 items-center`}
                      aria-label={`${t("admin.whoPassed")}: ${title}`}
                    >
                      {t("admin.whoPassed")}
                    </Link>
                  </p>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      {modules.length > 0 && (
        <section className={sectionClass} aria-labelledby="require-heading">
          <h2 id="require-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
            {t("admin.requireHeading")}
          </h2>
          <Form
            method="post"
            className="mt-4 grid gap-4 sm:grid-cols-[2fr_1fr_auto] sm:items-end"
            {...getFormProps(form)}
          >
            <input type="hidden" name="intent" value="require" />
            <SelectField label={t("admin.requireModule")} field={fields.moduleId}>
              {modules.map((module) => (
                <option key={module.id} value={module.id}>
                  {inLocale(module.title, locale)}
                </option>
              ))}
            </SelectField>
            <TextField label={t("admin.requireDate")} type="date" field={fields.requiredBy} />
            <SubmitButton isPending={navigation.state === "submitting"} pendingLabel={t("admin.form.saving")}>
              {t("admin.requireSubmit")}
            </SubmitButton>
          </Form>
        </section>
      )}
    </div>
  );
}
