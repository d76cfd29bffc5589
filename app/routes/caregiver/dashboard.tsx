import { BriefcaseBusiness, CalendarCheck, Clock, Star } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { currentUserContext } from "~/platform/auth/guards.server";
import { linkClass, sectionClass } from "~/components/form-controls";
import { getCaregiverHome } from "~/features/home/caregiver-home.server";
import { metaT, useFormat, useT } from "~/i18n/react";
import { useServiceNames } from "~/components/orders/order-display";
import { formatCalendarDate, visitTimes } from "~/utils/datetime";
import type { Route } from "./+types/dashboard";
import { BackupOffersList } from "~/components/caregiver/backup-offers-list";
import { MoveRequests } from "~/components/orders/visit-move-controls";
import { pendingMovesForCaregiver } from "~/features/visits/visit-moves.server";
import { caregiverAnswerAction } from "~/routes/client/order.server";
import { pendingScheduleChangesForCaregiver } from "~/features/visits/schedule-changes.server";
import { ScheduleChangeRequests } from "~/components/orders/schedule-change-controls";
import { VisitCheckControls } from "~/components/caregiver/visit-check-controls";
import { useZonedTime, ZoneLabel } from "~/components/viewer-time-zone";
import { KeepTogether } from "~/components/keep-together";
import { LastUpdated } from "~/components/last-updated";
import { TrainingGateNotice } from "~/components/training/training-gate";
import { trainingNotice } from "~/features/training/public.server";
import { credentialNotice } from "~/features/credentials/public.server";
import { CredentialGateNotice } from "~/components/credentials/credential-gate";
import { localeOfRequest } from "~/i18n/locale";

// The caregiver's home: today's visits with check-in and check-out (the
// schedule's VisitCheckControls), offers waiting (backup visits first, BackupOffersList; then orders),
// this week's scheduled hours and expected pay, and their rating.

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "home");
  return [{ title: t("caregiver.metaTitle") }, { name: "description", content: t("caregiver.metaDescription") }];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(currentUserContext);
  // The server's clock, so that the check-in button renders the same on the server and at hydration.
  const now = new Date();
  const [home, training, credentials, moves, scheduleChanges] = await Promise.all([
    getCaregiverHome({ actor: user, now }),
    trainingNotice({ actor: user, locale: localeOfRequest(request, user.locale), now }),
    credentialNotice({ actor: user, now }),
    pendingMovesForCaregiver(user, now),
    pendingScheduleChangesForCaregiver(user, now),
  ]);
  return { ...home, now, userId: user.id, firstName: user.firstName, training, credentials, moves, scheduleChanges };
}

/** A family's request to move a visit or change a schedule is answered here as on the schedule (docs/product-rules.md, "Moving a visit"). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(currentUserContext);
  return caregiverAnswerAction(user, request, localeOfRequest(request, user.locale));
}

type LoaderData = Route.ComponentProps["loaderData"];

const iconClass = "size-5 shrink-0 text-teal-700 dark:text-teal-300";
const mutedClass = "mt-2 text-slate-600 dark:text-slate-300";

function Card({
  id,
  title,
  icon,
  children,
  className = "",
}: {
  id: string;
  title: string;
  icon: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={`${sectionClass} ${className}`}>
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}

function TodayVisits({
  visits,
  today,
  userId,
  now,
}: Pick<LoaderData, "today" | "userId" | "now"> & { visits: LoaderData["todayVisits"] }) {
  const { t, locale } = useT("home");
  const serviceNames = useServiceNames();
  return (
    <Card
      id="today-heading"
      title={t("caregiver.today.heading")}
      icon={<CalendarCheck aria-hidden="true" className={iconClass} />}
      className="lg:col-span-2"
    >
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{formatCalendarDate(today, undefined, locale)}</p>
      {visits.length === 0 ? (
        <p className={mutedClass}>{t("caregiver.today.none")}</p>
      ) : (
        <ul className="mt-3 space-y-4">
          {visits.map((visit) => (
            <li
              key={visit.id}
              className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
              data-visit-id={visit.id}
            >
              <p className="text-lg font-semibold text-slate-900 dark:text-white">
                {t("visitTime", visitTimes(visit, locale))}
                <ZoneLabel at={visit.startsAt} timeZone={visit.timeZone} />
              </p>
              <p className="text-slate-800 dark:text-slate-100">
                {t("caregiver.today.visitWith", { name: visit.recipientName })}
              </p>
              <p className="text-sm text-slate-700 dark:text-slate-200">
                {serviceNames(visit.services)}
                {visit.streetAddress ? ` · ${visit.streetAddress}` : ""}
              </p>
              {visit.isBackup && (
                <p className="text-sm font-medium text-amber-800 dark:text-amber-200">{t("caregiver.today.backup")}</p>
              )}
              <div className="mt-3">
                <VisitCheckControls visit={visit} userId={userId} now={now} />
              </div>
              <Link to={`/caregiver/orders/${visit.orderId}`} className={`${linkClass} mt-2 inline-block text-sm`}>
                <KeepTogether
                  text={t("caregiver.today.order", { orderNumber: visit.orderNumber })}
                  whole={visit.orderNumber}
                />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3">
        <Link to="/caregiver/schedule" className={linkClass}>
          {t("caregiver.today.schedule")}
        </Link>
      </p>
    </Card>
  );
}

function Offers({ offers }: Pick<LoaderData, "offers">) {
  const { t } = useT("home");
  const zoned = useZonedTime();
  const format = useFormat();
  const serviceNames = useServiceNames();
  return (
    <Card
      id="offers-heading"
      title={t("caregiver.offers.heading")}
      icon={<BriefcaseBusiness aria-hidden="true" className={iconClass} />}
    >
      {offers.length === 0 ? (
        <p className={mutedClass}>{t("caregiver.offers.none")}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {offers.map((offer) => (
            <li key={offer.orderId} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
              <Link to={`/caregiver/orders/${offer.orderId}`} className={linkClass}>
                <KeepTogether
                  text={t("caregiver.offers.open", { orderNumber: offer.orderNumber })}
                  whole={offer.orderNumber}
                />
              </Link>
              <p className="text-sm text-slate-700 dark:text-slate-200">
                {serviceNames(offer.services)} · {t("caregiver.offers.near", { zip: offer.area.zip })}
              </p>
              <p className="text-sm text-slate-700 dark:text-slate-200">
                {t(offer.payPeriod === "week" ? "caregiver.offers.payWeek" : "caregiver.offers.pay", {
                  amount: format.money(offer.payCents),
                })}
              </p>
              <p className="text-sm font-semibold text-amber-900 dark:text-amber-200">
                {t("caregiver.offers.answerBy", {
                  date: zoned.dateTime(offer.expiresAt, offer.timeZone),
                })}
              </p>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3">
        <Link to="/caregiver/orders" className={linkClass}>
          {t("caregiver.offers.all")}
        </Link>
      </p>
    </Card>
  );
}

function Week({ week }: Pick<LoaderData, "week">) {
  const { t, locale } = useT("home");
  const format = useFormat();
  const hours = format.number(week.minutes / 60, { maximumFractionDigits: 1 });
  return (
    <Card
      id="week-heading"
      title={t("caregiver.week.heading")}
      icon={<Clock aria-hidden="true" className={iconClass} />}
    >
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {t("caregiver.week.range", {
          monday: formatCalendarDate(week.monday, "monthDay", locale),
          sunday: formatCalendarDate(week.sunday, "monthDay", locale),
        })}
      </p>
      <dl className="mt-3 grid grid-cols-3 gap-3">
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-300">{t("caregiver.week.hours")}</dt>
          <dd className="text-2xl font-bold text-slate-900 dark:text-white">
            {t("caregiver.week.hoursValue", { hours })}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-300">{t("caregiver.week.visits")}</dt>
          <dd className="text-2xl font-bold text-slate-900 dark:text-white">{format.number(week.visitCount)}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-300">{t("caregiver.week.pay")}</dt>
          <dd className="text-2xl font-bold text-slate-900 dark:text-white">{format.money(week.expectedPayCents)}</dd>
        </div>
      </dl>
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{t("caregiver.week.payNote")}</p>
    </Card>
  );
}

function Rating({ rating }: Pick<LoaderData, "rating">) {
  const { t } = useT("home");
  const format = useFormat();
  return (
    <Card
      id="rating-heading"
      title={t("caregiver.rating.heading")}
      icon={<Star aria-hidden="true" className={iconClass} />}
    >
      {rating.average !== null && rating.count > 0 ? (
        <>
          <p className="mt-2 flex items-center gap-2 text-2xl font-bold text-slate-900 dark:text-white">
            <Star aria-hidden="true" className="size-6 fill-amber-400 text-amber-500" />
            {t("caregiver.rating.value", {
              rating: format.number(rating.average, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
            })}
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {t("caregiver.rating.count", { count: rating.count })}
          </p>
        </>
      ) : (
        <p className={mutedClass}>{t("caregiver.rating.none")}</p>
      )}
    </Card>
  );
}

export default function CaregiverDashboard({ loaderData }: Route.ComponentProps) {
  const home = loaderData;
  const { t } = useT("home");
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
        {t("caregiver.heading", { name: home.firstName })}
      </h1>
      <LastUpdated fetchedAt={home.now} />
      {home.training && <TrainingGateNotice notice={home.training} />}
      {home.credentials && <CredentialGateNotice notice={home.credentials} />}
      <MoveRequests moves={home.moves} />
      <ScheduleChangeRequests changes={home.scheduleChanges} />
      <BackupOffersList offers={home.backupOffers} />
      <div className="grid gap-6 lg:grid-cols-2">
        <TodayVisits visits={home.todayVisits} today={home.today} userId={home.userId} now={home.now} />
        <Offers offers={home.offers} />
        <Week week={home.week} />
        <Rating rating={home.rating} />
      </div>
    </div>
  );
}
