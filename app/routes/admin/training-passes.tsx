import { Link } from "react-router";
import { requireRole } from "~/platform/auth/session.server";
import { linkClass, sectionClass } from "~/components/form-controls";
import { TrainingModuleError } from "~/components/training/training-gate";
import { listModulePasses } from "~/features/training/admin-training.server";
import { TRAINING_TIME_ZONE } from "~/features/training/public";
import { inLocale } from "~/features/training/training-rules";
import { getServerT } from "~/i18n/i18n.server";
import { metaT, useFormat, useLocale, useT } from "~/i18n/react";
import { throwRefusal } from "~/i18n/refusal-response";
import type { Route } from "./+types/training-passes";

// /admin/training/:moduleId/passes (docs/product-rules.md, "Caregiver
// training"): who passed a module, when, with what score, after how many attempts.

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  {
    title: metaT(matches, "training")("meta.adminPassesTitle", { title: loaderData?.module.title.en ?? "" }),
  },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireRole(request, ["admin"]);
  try {
    return await listModulePasses({ actor, moduleId: params.moduleId });
  } catch (error) {
    throwRefusal(error, getServerT(request, "training", actor.locale).locale);
  }
}

export default function AdminTrainingPasses({ loaderData }: Route.ComponentProps) {
  const { module, passes } = loaderData;
  const { t } = useT("training");
  const locale = useLocale();
  const format = useFormat();
  return (
    <div className="space-y-6">
      <Link to="/admin/training" className={linkClass}>
        {t("admin.backToList")}
      </Link>
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
          {t("admin.passes.heading", { title: inLocale(module.title, locale) })}
        </h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">{t("admin.passes.intro")}</p>
      </header>
      <section
        className={sectionClass}
        aria-label={t("admin.passes.heading", { title: inLocale(module.title, locale) })}
      >
        {passes.length === 0 ? (
          <p className="text-slate-700 dark:text-slate-200">{t("admin.passes.empty")}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[28rem] text-left text-sm">
              <thead>
                <tr className="border-b border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-300">
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    {t("admin.passes.caregiver")}
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    {t("admin.passes.passedOn")}
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right font-semibold">
                    {t("admin.passes.score")}
                  </th>
                  <th scope="col" className="py-2 text-right font-semibold">
                    {t("admin.passes.attempts")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {passes.map((pass) => (
                  <tr key={pass.caregiverSlug} className="border-b border-slate-100 dark:border-slate-800">
                    <th scope="row" className="py-2 pr-4 font-medium text-slate-900 dark:text-white">
                      <Link to={`/caregiver/${pass.caregiverSlug}`} className={linkClass}>
                        {pass.caregiverName}
                      </Link>
                    </th>
                    <td className="py-2 pr-4 text-slate-800 dark:text-slate-100">
                      {format.date(pass.passedAt, { timeZone: TRAINING_TIME_ZONE })}
                    </td>
                    <td className="py-2 pr-4 text-right tabular-nums">
                      {format.number(pass.score / 100, { style: "percent" })}
                    </td>
                    <td className="py-2 text-right tabular-nums">{format.number(pass.attempts)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <TrainingModuleError error={error} area="admin" />;
}
