import { CheckCircle2, Circle } from "lucide-react";
import { Link } from "react-router";
import { currentUserContext } from "~/platform/auth/guards.server";
import { FormNotice, sectionClass } from "~/components/form-controls";
import { TrainingGateNotice } from "~/components/training/training-gate";
import { listCaregiverTraining } from "~/features/training/training-reads.server";
import { TRAINING_TIME_ZONE } from "~/features/training/public";
import { localeOfRequest } from "~/i18n/locale";
import { metaT, useFormat, useT } from "~/i18n/react";
import type { Route } from "./+types/training";

// /caregiver/training (docs/product-rules.md, "Caregiver training"): every
// module with where the caregiver stands, the required ones not passed first
// named, and a way into each.

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaT(matches, "training")("meta.listTitle") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(currentUserContext);
  const locale = localeOfRequest(request, user.locale);
  const modules = await listCaregiverTraining({ actor: user, locale });
  return { modules, now: new Date() };
}

export default function CaregiverTraining({ loaderData }: Route.ComponentProps) {
  const { modules, now } = loaderData;
  const { t } = useT("training");
  const format = useFormat();
  const day = (instant: Date | string) => format.date(instant, { timeZone: TRAINING_TIME_ZONE });
  const open = modules.filter((module) => module.isRequired && !module.passedAt);
  const blocking = open.filter((module) => !module.requiredBy || new Date(module.requiredBy) <= new Date(now));
  const upcoming = open.filter((module) => module.requiredBy && new Date(module.requiredBy) > new Date(now));
  const hasRequired = modules.some((module) => module.isRequired);

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{t("list.heading")}</h1>
        <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-200">{t("list.intro")}</p>
      </header>
      {hasRequired && open.length === 0 && <FormNotice tone="success">{t("list.allPassed")}</FormNotice>}
      <TrainingGateNotice
        notice={{
          blocking,
          upcoming: upcoming.map((module) => ({ ...module, requiredBy: module.requiredBy! })),
        }}
      />

      <section aria-labelledby="modules-heading" className="space-y-3">
        <h2 id="modules-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          {t("list.modulesHeading")}
        </h2>
        {modules.length === 0 ? (
          <p className={sectionClass}>{t("list.empty")}</p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {modules.map((module) => (
              <li key={module.slug} className={`${sectionClass} flex flex-col gap-2`}>
                <div className="flex items-start gap-2">
                  {module.passedAt ? (
                    <CheckCircle2 aria-hidden="true" className="mt-1 size-5 shrink-0 text-teal-700" />
                  ) : (
                    <Circle aria-hidden="true" className="mt-1 size-5 shrink-0 text-slate-400" />
                  )}
                  <h3 className="text-lg font-semibold text-slate-900 dark:text-white">
                    <Link
                      to={`/caregiver/training/${module.slug}`}
                      className="underline-offset-2 hover:underline"
                      aria-label={t("list.open", { title: module.title })}
                    >
                      {module.title}
                    </Link>
                  </h3>
                </div>
                <p className="text-slate-700 dark:text-slate-200">{module.summary}</p>
                <p className="flex flex-wrap gap-2 text-sm">
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-800 dark:bg-slate-800 dark:text-slate-100">
                    {module.isRequired
                      ? module.requiredBy
                        ? t("list.requiredBy", { date: day(module.requiredBy) })
                        : t("list.required")
                      : t("list.optional")}
                  </span>
                  <span
                    className={`rounded-full px-2 py-0.5 font-medium ${
                      module.passedAt
                        ? "bg-teal-50 text-teal-900 dark:bg-teal-950 dark:text-teal-100"
                        : "bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-50"
                    }`}
                  >
                    {module.passedAt ? t("list.passedOn", { date: day(module.passedAt) }) : t("list.notPassed")}
                  </span>
                </p>
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  {t("list.questions", { count: module.questionCount, passMark: module.passMark })}
                  {module.bestScore !== null && ` · ${t("list.bestScore", { score: module.bestScore })}`}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
