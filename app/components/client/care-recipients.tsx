import { UserRound } from "lucide-react";
import { Link } from "react-router";
import { primaryButtonClass, secondaryButtonClass, sectionClass } from "~/components/form-controls";
import type { SavedRecipient } from "~/features/care-requests/recipients";
import { useFormat, useLabels, useT } from "~/i18n/react";

// "Care recipients" on the family's profile (docs/product-rules.md, "Care recipients"): the people the family asks
// care for, each with a new request for them, and their page to edit or remove them.

export function CareRecipientsCard({ recipients }: { recipients: SavedRecipient[] }) {
  const { t } = useT("request");
  const labels = useLabels();
  const format = useFormat();
  return (
    <section aria-labelledby="care-recipients-heading" className={sectionClass}>
      <h2 id="care-recipients-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        {t("recipients.heading")}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("recipients.intro")}</p>
      {recipients.length === 0 ? (
        <p className="mt-4 flex items-center gap-2 text-slate-700 dark:text-slate-200">
          <UserRound aria-hidden="true" className="size-5 shrink-0 text-teal-700 dark:text-teal-300" />
          {t("recipients.empty")}
        </p>
      ) : (
        <ul className="mt-4 grid gap-4 lg:grid-cols-2">
          {recipients.map((recipient) => {
            const services = (recipient.details.serviceTypes ?? []).map(labels.service).join(", ");
            const needs = (recipient.details.healthNeeds ?? []).map(labels.healthNeed).join(", ");
            return (
              <li key={recipient.id} className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
                <h3 className="text-lg font-semibold break-words text-slate-900 dark:text-white">
                  {recipient.fullName}
                </h3>
                <dl className="mt-2 space-y-1 text-sm">
                  <div>
                    <dt className="inline font-medium text-slate-700 dark:text-slate-200">
                      {t("recipients.address")}:{" "}
                    </dt>
                    <dd className="inline break-words text-slate-900 dark:text-white">
                      {recipient.streetAddress}, {recipient.zipCode}
                    </dd>
                  </div>
                  <div>
                    <dt className="inline font-medium text-slate-700 dark:text-slate-200">
                      {t("recipients.services")}:{" "}
                    </dt>
                    <dd className="inline text-slate-900 dark:text-white">{services || t("recipients.noneGiven")}</dd>
                  </div>
                  <div>
                    <dt className="inline font-medium text-slate-700 dark:text-slate-200">
                      {t("recipients.healthNeeds")}:{" "}
                    </dt>
                    <dd className="inline text-slate-900 dark:text-white">{needs || t("recipients.noneGiven")}</dd>
                  </div>
                </dl>
                {recipient.lastRequestedAt && (
                  <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
                    {t("recipients.lastRequested", { date: format.date(recipient.lastRequestedAt) })}
                  </p>
                )}
                <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
                  <Link
                    to={`/request/client-info?recipient=${encodeURIComponent(recipient.id)}`}
                    className={`${primaryButtonClass} w-full sm:w-auto`}
                  >
                    {t("recipients.requestFor", { name: recipient.fullName })}
                  </Link>
                  <Link
                    to={`/dashboard/profile/recipients/${encodeURIComponent(recipient.id)}`}
                    className={`${secondaryButtonClass} w-full sm:w-auto`}
                  >
                    {t("recipients.editDetails", { name: recipient.fullName })}
                  </Link>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
