import { Phone, Users } from "lucide-react";
import { Link } from "react-router";
import { currentUserContext } from "~/platform/auth/guards.server";
import { linkClass, primaryButtonClass, sectionClass } from "~/components/form-controls";
import { listCaregiverClients } from "~/features/home/caregiver-clients.server";
import { metaT, useLabels, useT } from "~/i18n/react";
import { OrderStatusBadge, useServiceNames } from "~/components/orders/order-display";
import type { Route } from "./+types/clients";
import { useZonedTime } from "~/components/viewer-time-zone";
import { KeepTogether } from "~/components/keep-together";

// The caregiver's families: current ones with the care details a caregiver
// sees once they accepted (order-view.ts), past ones with no health details.

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "home");
  return [{ title: t("clients.metaTitle") }, { name: "description", content: t("clients.metaDescription") }];
};

export async function loader({ context }: Route.LoaderArgs) {
  return listCaregiverClients({ actor: context.get(currentUserContext) });
}

type Family = Route.ComponentProps["loaderData"]["current"][number];

const termClass = "text-sm font-medium text-slate-600 dark:text-slate-300";
const valueClass = "text-slate-900 dark:text-white";

function FamilyCard({ family }: { family: Family }) {
  const { t } = useT("home");
  const zoned = useZonedTime();
  const labels = useLabels();
  const serviceNames = useServiceNames();
  const { address, recipient } = family;
  const headingId = `family-${family.orderId}`;
  return (
    <li className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
          {recipient.fullName}
        </h3>
        {family.isBackup ? (
          <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-sm font-semibold text-amber-900 dark:bg-amber-900/60 dark:text-amber-50">
            {t("clients.backup")}
          </span>
        ) : (
          <OrderStatusBadge status={family.status} />
        )}
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-200">{t("clients.age", { age: recipient.age })}</p>
      <p className="mt-2 font-medium text-slate-900 dark:text-white">
        {family.nextVisit
          ? t("clients.nextVisit", {
              date: zoned.dateTime(family.nextVisit.startsAt, family.nextVisit.timeZone),
            })
          : t("clients.noNextVisit")}
      </p>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        <div>
          <dt className={termClass}>{t("clients.address")}</dt>
          <dd className={valueClass}>
            {address.streetAddress}
            <br />
            {[address.city, address.state].filter(Boolean).join(", ")} {address.zipCode}
          </dd>
        </div>
        <div>
          <dt className={termClass}>{t("clients.phone")}</dt>
          <dd>
            <a
              href={`tel:${recipient.phoneNumber.replaceAll(/[^\d+]/g, "")}`}
              className={`${linkClass} inline-flex items-center gap-1`}
            >
              <Phone aria-hidden="true" className="size-4" />
              {recipient.phoneNumber}
            </a>
          </dd>
        </div>
        <div>
          <dt className={termClass}>{t("clients.services")}</dt>
          <dd className={valueClass}>{serviceNames(family.services)}</dd>
        </div>
        <div>
          <dt className={termClass}>{t("clients.healthNeeds")}</dt>
          <dd className={valueClass}>
            {recipient.healthNeeds.length
              ? recipient.healthNeeds.map(labels.healthNeed).join(", ")
              : t("clients.noHealthNeeds")}
          </dd>
        </div>
        {recipient.additionalDetails && (
          <div className="sm:col-span-2">
            <dt className={termClass}>{t("clients.notes")}</dt>
            <dd className={`${valueClass} whitespace-pre-line`}>{recipient.additionalDetails}</dd>
          </div>
        )}
      </dl>
      <p className="mt-3">
        {family.isBackup ? (
          <Link to="/caregiver/schedule" className={linkClass}>
            {t("clients.schedule")}
          </Link>
        ) : (
          <Link to={`/caregiver/orders/${family.orderId}`} className={linkClass}>
            <KeepTogether
              text={t("clients.openOrder", { orderNumber: family.orderNumber })}
              whole={family.orderNumber}
            />
          </Link>
        )}
      </p>
    </li>
  );
}

export default function CaregiverClients({ loaderData }: Route.ComponentProps) {
  const zoned = useZonedTime();
  const { current, past } = loaderData;
  const { t } = useT("home");
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
          {t("clients.heading")}
        </h1>
        <p className="mt-1 max-w-3xl text-slate-600 dark:text-slate-300">{t("clients.intro")}</p>
      </div>
      <section aria-labelledby="current-heading" className={sectionClass}>
        <h2 id="current-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t("clients.current")}
        </h2>
        {current.length === 0 ? (
          <div className="mt-2">
            <Users aria-hidden="true" className="size-8 text-teal-700 dark:text-teal-300" />
            <p className="mt-2 text-slate-600 dark:text-slate-300">{t("clients.noCurrent")}</p>
            <Link to="/caregiver/orders" className={`${primaryButtonClass} mt-3`}>
              {t("clients.findJobs")}
            </Link>
          </div>
        ) : (
          <ul className="mt-4 grid gap-4 lg:grid-cols-2">
            {current.map((family) => (
              <FamilyCard key={family.orderId} family={family} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="past-heading" className={sectionClass}>
        <h2 id="past-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t("clients.past")}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("clients.pastHint")}</p>
        {past.length === 0 ? (
          <p className="mt-2 text-slate-600 dark:text-slate-300">{t("clients.noPast")}</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
            {past.map((family) => (
              <li key={family.orderId} className="flex flex-wrap items-baseline justify-between gap-2 py-3">
                <div>
                  <p className="font-medium text-slate-900 dark:text-white">{family.recipientName}</p>
                  <p className="text-sm text-slate-700 dark:text-slate-200">
                    {[family.city, family.state].filter(Boolean).join(", ")}
                    {family.lastVisit &&
                      ` · ${t("clients.lastVisit", { date: zoned.dateTime(family.lastVisit.startsAt, family.lastVisit.timeZone) })}`}
                  </p>
                </div>
                <Link to={`/caregiver/orders/${family.orderId}`} className={linkClass}>
                  <KeepTogether
                    text={t("clients.openOrder", { orderNumber: family.orderNumber })}
                    whole={family.orderNumber}
                  />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
