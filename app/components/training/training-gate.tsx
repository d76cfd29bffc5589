import { GraduationCap } from "lucide-react";
import { Link } from "react-router";
import { TRAINING_TIME_ZONE } from "~/features/training/public";
import { useFormat, useT } from "~/i18n/react";
import { AreaError } from "~/components/area-error";

export type TrainingNoticeData = {
  blocking: { slug: string; title: string }[];
  upcoming: { slug: string; title: string; requiredBy: Date | string }[];
};

/**
 * What an offer or a backup says before Accept when training stands in the way
 * (docs/product-rules.md, "Caregiver training"): the required modules not passed,
 * named, with the way to them; or those required by a date still to come.
 */
export function TrainingGateNotice({ notice }: { notice: TrainingNoticeData }) {
  const { t } = useT("training");
  const format = useFormat();
  if (notice.blocking.length === 0 && notice.upcoming.length === 0) return null;
  const isBlocking = notice.blocking.length > 0;
  const firstDue = notice.upcoming[0]?.requiredBy;
  return (
    <div
      role={isBlocking ? "alert" : "status"}
      className={`rounded-lg border px-4 py-3 text-sm ${
        isBlocking
          ? "border-amber-400 bg-amber-50 text-amber-950 dark:border-amber-600 dark:bg-amber-950 dark:text-amber-50"
          : "border-sky-300 bg-sky-50 text-sky-950 dark:border-sky-700 dark:bg-sky-950 dark:text-sky-50"
      }`}
    >
      <p className="flex items-start gap-2 font-semibold">
        <GraduationCap aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {isBlocking
          ? t("gate.blocking")
          : t("gate.upcoming", { date: firstDue ? format.date(firstDue, { timeZone: TRAINING_TIME_ZONE }) : "" })}
      </p>
      <ul className="mt-1 ml-6 list-disc">
        {(isBlocking ? notice.blocking : notice.upcoming).map((module) => (
          <li key={module.slug}>
            <Link
              to={`/caregiver/training/${module.slug}`}
              className="inline-flex min-h-11 items-center font-semibold text-teal-900 underline underline-offset-2 dark:text-teal-200"
            >
              {module.title}
            </Link>
          </li>
        ))}
      </ul>
      <TrainingLink />
    </div>
  );
}

/** The way to /caregiver/training, under a notice or a refusal of the training gate. */
export function TrainingLink() {
  const { t } = useT("training");
  return (
    <Link
      to="/caregiver/training"
      className="mt-1 inline-flex min-h-11 items-center font-semibold text-teal-900 underline underline-offset-2 dark:text-teal-200"
    >
      {t("gate.link")}
    </Link>
  );
}

/** The public profile's badge: certified training, with the date it was completed. */
export function CertifiedTrainingBadge({ completedAt }: { completedAt: Date | string }) {
  const { t } = useT("training");
  const format = useFormat();
  return (
    <p className="mt-1 inline-flex items-center gap-1 text-slate-700">
      <GraduationCap aria-hidden="true" className="size-4 shrink-0 text-teal-800" />
      <span>
        <strong className="font-semibold text-teal-900">{t("badge.title")}</strong>
        {" · "}
        {t("badge.text", { date: format.date(completedAt, { timeZone: TRAINING_TIME_ZONE }) })}
      </span>
    </p>
  );
}

/** A training page whose module does not exist (or another refusal): the way back to the list it came from. */
export function TrainingModuleError({ error, area }: { error: unknown; area: "caregiver" | "admin" }) {
  const { t } = useT("training");
  return (
    <AreaError
      error={error}
      heading={t("refusals.moduleNotFound")}
      text={t("refusals.moduleNotFound")}
      backTo={area === "admin" ? "/admin/training" : "/caregiver/training"}
      backLabel={area === "admin" ? t("admin.backToList") : t("module.back")}
    />
  );
}
