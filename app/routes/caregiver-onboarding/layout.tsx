import { Check } from "lucide-react";
import { Link, Outlet, useLocation } from "react-router";
import { APPLICATION_STEPS, stepPath } from "~/features/caregiver-onboarding/application";
import { useT } from "~/i18n/react";
import { StartOverControl } from "~/components/onboarding/start-over-control";

// The caregiver application's steps (docs/product-rules.md, "Caregiver application and vetting"), with where the person is.
export default function CaregiverApplicationLayout() {
  const { pathname } = useLocation();
  const { t } = useT("onboarding");
  const current = APPLICATION_STEPS.findIndex((step) => pathname.endsWith(`/${step.id}`));
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <p className="text-center text-sm font-semibold tracking-wide text-slate-600 uppercase">{t("layout.eyebrow")}</p>
      <nav aria-label={t("layout.stepsLabel")} className="mt-4">
        <ol className="flex flex-wrap justify-center gap-2">
          {APPLICATION_STEPS.map((step, index) => {
            const isCurrent = index === current;
            const isDone = index < current;
            const className = `flex min-h-9 items-center gap-1.5 rounded-full px-3 py-1 text-sm font-medium ${
              isCurrent
                ? "bg-teal-700 text-white"
                : isDone
                  ? "bg-teal-50 text-teal-900 hover:bg-teal-100"
                  : "bg-slate-100 text-slate-700"
            }`;
            const label = (
              <>
                {isDone ? (
                  <Check aria-hidden="true" className="size-4" />
                ) : (
                  <span aria-hidden="true">{index + 1}.</span>
                )}
                {t(`steps.${step.id}`)}
              </>
            );
            return (
              <li key={step.id}>
                {isDone ? (
                  <Link to={stepPath(step.id)} className={className}>
                    {label}
                  </Link>
                ) : (
                  <span className={className} aria-current={isCurrent ? "step" : undefined}>
                    {label}
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      </nav>
      <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <Outlet />
      </div>
      {/* From step 2 on the account exists: its answers can be cleared. */}
      {current > 0 && (
        <div className="mt-4 flex justify-end">
          <StartOverControl />
        </div>
      )}
    </div>
  );
}
