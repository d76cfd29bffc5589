import {
  CalendarClock,
  ClipboardList,
  HeartHandshake,
  MessageSquare,
  NotebookPen,
  Star,
  UserRound,
  Users,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { currentUserContext } from "~/platform/auth/guards.server";
import { linkClass, primaryButtonClass, secondaryButtonClass, sectionClass } from "~/components/form-controls";
import { UserAvatar } from "~/components/user-avatar";
import { getClientHome } from "~/features/home/client-home.server";
import { listInvitationsForMe } from "~/features/family/circle.server";
import { metaT, useT } from "~/i18n/react";
import { useServiceNames } from "~/components/orders/order-display";
import { formatDate, formatVisitDateTime, visitTimes } from "~/utils/datetime";
import type { Route } from "./+types/dashboard";
import { useZonedTime, ZoneLabel } from "~/components/viewer-time-zone";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "home");
  return [{ title: t("client.metaTitle") }, { name: "description", content: t("client.metaDescription") }];
};

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(currentUserContext);
  const [home, familyInvitations] = await Promise.all([
    getClientHome({ actor: user }),
    listInvitationsForMe({ actor: user, email: user.email }),
  ]);
  return { ...home, firstName: user.firstName, familyInvitations };
}

type LoaderData = Route.ComponentProps["loaderData"];
type Visit = NonNullable<LoaderData["nextVisit"]>;

const headingClass = "text-lg font-semibold text-slate-900 dark:text-white";
const mutedClass = "mt-2 text-slate-600 dark:text-slate-300";

function Card({ id, title, icon, children }: { id: string; title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={sectionClass}>
      <h2 id={id} className={`${headingClass} flex items-center gap-2`}>
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}

const iconClass = "size-5 shrink-0 text-teal-700 dark:text-teal-300";

/** Invitations to a family circle waiting for this account (someone who registered from the email lands here). */
function FamilyInvitations({ invitations }: { invitations: LoaderData["familyInvitations"] }) {
  const { t } = useT("home");
  if (invitations.length === 0) return null;
  return (
    <section aria-labelledby="family-invitations-heading" className={`${sectionClass} border-teal-600`}>
      <h2 id="family-invitations-heading" className={`${headingClass} flex items-center gap-2`}>
        <Users aria-hidden="true" className={iconClass} />
        {t("client.familyInvitations.heading")}
      </h2>
      <ul className="mt-2 space-y-1 text-slate-700 dark:text-slate-200">
        {invitations.map((invitation) => (
          <li key={invitation.id}>
            {t("client.familyInvitations.invited", { holder: invitation.holderName, name: invitation.recipientName })}
          </li>
        ))}
      </ul>
      <Link to="/dashboard/family" className={`${primaryButtonClass} mt-4 w-full sm:w-auto`}>
        {t("client.familyInvitations.open")}
      </Link>
    </section>
  );
}

function FirstTime({ firstName, invitations }: { firstName: string; invitations: LoaderData["familyInvitations"] }) {
  const { t } = useT("home");
  const steps = [
    t("client.firstTime.steps.request"),
    t("client.firstTime.steps.choose"),
    t("client.firstTime.steps.care"),
  ];
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
        {t("client.heading", { name: firstName })}
      </h1>
      <FamilyInvitations invitations={invitations} />
      <section aria-labelledby="first-time-heading" className={sectionClass}>
        <HeartHandshake aria-hidden="true" className="size-10 text-teal-700 dark:text-teal-300" />
        <h2 id="first-time-heading" className="mt-3 text-xl font-semibold text-slate-900 dark:text-white">
          {t("client.firstTime.heading")}
        </h2>
        <p className="mt-2 max-w-2xl text-slate-700 dark:text-slate-200">{t("client.firstTime.text")}</p>
        <ol className="mt-4 space-y-2">
          {steps.map((step, index) => (
            <li key={step} className="flex items-start gap-3 text-slate-800 dark:text-slate-100">
              <span
                aria-hidden="true"
                className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-teal-100 text-sm font-bold text-teal-900 dark:bg-teal-900 dark:text-teal-50"
              >
                {index + 1}
              </span>
              <span className="pt-0.5">{step}</span>
            </li>
          ))}
        </ol>
        <Link to="/request" className={`${primaryButtonClass} mt-6 w-full sm:w-auto`}>
          {t("client.firstTime.cta")}
        </Link>
      </section>
    </div>
  );
}

function NextVisit({ visit }: { visit: Visit | null }) {
  const { t, locale } = useT("home");
  return (
    <Card
      id="next-visit-heading"
      title={t("client.nextVisit.heading")}
      icon={<CalendarClock aria-hidden="true" className={iconClass} />}
    >
      {visit ? (
        <div className="mt-3 flex items-start gap-4">
          {visit.caregiver && <UserAvatar name={visit.caregiver.name} avatarUrl={visit.caregiver.photoUrl} size="lg" />}
          <div className="min-w-0 space-y-1">
            <p className="text-lg font-semibold text-slate-900 dark:text-white">
              {formatVisitDateTime(visit.startsAt, visit.timeZone, { locale })}
              <ZoneLabel at={visit.startsAt} timeZone={visit.timeZone} />
            </p>
            <p className="text-slate-700 dark:text-slate-200">
              {t("visitTime", visitTimes(visit, locale))}
              {visit.status === "checked_in" && (
                <span className="ml-2 rounded-full bg-sky-100 px-2 py-0.5 text-sm font-semibold text-sky-900 dark:bg-sky-900/60 dark:text-sky-50">
                  {t("client.nextVisit.inProgress")}
                </span>
              )}
            </p>
            {visit.caregiver && (
              <p className="text-slate-800 dark:text-slate-100">
                {t("client.nextVisit.with", { name: visit.caregiver.name })} ·{" "}
                <Link to={`/caregiver/${visit.caregiver.slug}`} className={linkClass}>
                  {t("client.nextVisit.caregiverProfile", { name: visit.caregiver.name })}
                </Link>
              </p>
            )}
            <p>
              <Link to={`/dashboard/appointments/order/${visit.orderId}`} className={linkClass}>
                {t("client.nextVisit.viewOrder", { orderNumber: visit.orderNumber })}
              </Link>
            </p>
          </div>
        </div>
      ) : (
        <p className={mutedClass}>{t("client.nextVisit.none")}</p>
      )}
    </Card>
  );
}

function Upcoming({ visits }: { visits: Visit[] }) {
  const { t, locale } = useT("home");
  return (
    <Card
      id="upcoming-heading"
      title={t("client.upcoming.heading")}
      icon={<ClipboardList aria-hidden="true" className={iconClass} />}
    >
      {visits.length === 0 ? (
        <p className={mutedClass}>{t("client.upcoming.none")}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
          {visits.map((visit) => (
            <li key={visit.id} className="py-2.5">
              <p className="font-medium text-slate-900 dark:text-white">
                {formatVisitDateTime(visit.startsAt, visit.timeZone, { locale })}
                <ZoneLabel at={visit.startsAt} timeZone={visit.timeZone} />
              </p>
              <p className="text-sm text-slate-700 dark:text-slate-200">
                {visit.caregiver ? `${t("client.nextVisit.with", { name: visit.caregiver.name })} · ` : ""}
                <Link to={`/dashboard/appointments/order/${visit.orderId}`} className={linkClass}>
                  {visit.orderNumber}
                </Link>
              </p>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3">
        <Link to="/dashboard/appointments" className={linkClass}>
          {t("client.upcoming.all")}
        </Link>
      </p>
    </Card>
  );
}

function OpenRequests({ requests }: { requests: LoaderData["openRequests"] }) {
  const { t, locale } = useT("home");
  const serviceNames = useServiceNames();
  return (
    <Card
      id="requests-heading"
      title={t("client.requests.heading")}
      icon={<ClipboardList aria-hidden="true" className={iconClass} />}
    >
      {requests.length === 0 ? (
        <p className={mutedClass}>{t("client.requests.none")}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {requests.map((request) => (
            <li key={request.orderId} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
              <Link to={`/dashboard/appointments/order/${request.orderId}`} className={linkClass}>
                {t("client.requests.view", { orderNumber: request.orderNumber })}
              </Link>
              <p className="text-sm text-slate-700 dark:text-slate-200">
                {serviceNames(request.services)} ·{" "}
                {t("client.requests.submittedOn", { date: formatDate(request.createdAt, undefined, locale) })}
              </p>
              <p className="mt-1 font-medium text-slate-900 dark:text-white">
                {request.awaitsChoice
                  ? t("client.requests.awaitsChoice")
                  : request.status === "offered"
                    ? request.offeredTo
                      ? t("client.requests.offeredTo", { name: request.offeredTo })
                      : t("client.requests.offeredToSomeone")
                    : t("client.requests.withTeam")}
              </p>
              {request.isWaitingForTeam && (
                <>
                  <p className="mt-1 text-sm text-slate-700 dark:text-slate-200">{t("client.requests.teamText")}</p>
                  <Link
                    to={`/dashboard/appointments/order/${request.orderId}#next-steps`}
                    className={`${secondaryButtonClass} mt-2 w-full sm:w-auto`}
                  >
                    {t("client.requests.whatYouCanChange")}
                  </Link>
                </>
              )}
              {request.awaitsChoice && (
                <Link
                  to={`/request/thank-you?order=${request.orderId}`}
                  className={`${primaryButtonClass} mt-2 w-full sm:w-auto`}
                >
                  {t("client.requests.choose")}
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Notes({ notes, since }: { notes: LoaderData["notes"]; since: LoaderData["notesSince"] }) {
  const { t } = useT("home");
  const zoned = useZonedTime();
  return (
    <Card
      id="notes-heading"
      title={t("client.notes.heading")}
      icon={<NotebookPen aria-hidden="true" className={iconClass} />}
    >
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {since.kind === "last-sign-in" ? t("client.notes.sinceSignIn") : t("client.notes.lastWeek")}
      </p>
      {notes.length === 0 ? (
        <p className={mutedClass}>{t("client.notes.none")}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {notes.map((note) => (
            <li key={note.id} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
              <p className="font-medium text-slate-900 dark:text-white">
                {t("client.notes.visitOf", {
                  date: zoned.dateTime(note.visitStartsAt, note.timeZone),
                  name: note.caregiverName,
                })}
              </p>
              <p className="mt-1 line-clamp-3 text-slate-700 dark:text-slate-200">
                {note.observations || note.meals || t("client.notes.noText")}
              </p>
              {note.taskCount > 0 && (
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  {t("client.notes.tasks", { count: note.taskCount })}
                </p>
              )}
              <Link to={`/dashboard/appointments/order/${note.orderId}`} className={`${linkClass} text-sm`}>
                {t("client.notes.read", { orderNumber: note.orderNumber })}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function QuickActions({ orderToRate }: { orderToRate: LoaderData["orderToRate"] }) {
  const { t } = useT("home");
  const action = `${secondaryButtonClass} w-full gap-2`;
  return (
    <nav aria-labelledby="actions-heading" className={sectionClass}>
      <h2 id="actions-heading" className={headingClass}>
        {t("client.actions.heading")}
      </h2>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
        <li>
          <Link to="/request" className={`${primaryButtonClass} w-full gap-2`}>
            <HeartHandshake aria-hidden="true" className="size-5" />
            {t("client.actions.request")}
          </Link>
        </li>
        <li>
          <Link to="/dashboard/messages" className={action}>
            <MessageSquare aria-hidden="true" className="size-5" />
            {t("client.actions.message")}
          </Link>
        </li>
        {orderToRate && (
          <li>
            <Link to={`/dashboard/orders/${orderToRate.orderNumber}/feedback`} className={action}>
              <Star aria-hidden="true" className="size-5" />
              {t("client.actions.rate")}
            </Link>
          </li>
        )}
        <li>
          <Link to="/dashboard/providers" className={action}>
            <UserRound aria-hidden="true" className="size-5" />
            {t("client.actions.caregivers")}
          </Link>
        </li>
      </ul>
    </nav>
  );
}

export default function ClientDashboard({ loaderData }: Route.ComponentProps) {
  const home = loaderData;
  const { t } = useT("home");
  if (home.isFirstTime) return <FirstTime firstName={home.firstName} invitations={home.familyInvitations} />;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
          {t("client.heading", { name: home.firstName })}
        </h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">{t("client.intro")}</p>
      </div>
      <FamilyInvitations invitations={home.familyInvitations} />
      <div className="grid gap-6 lg:grid-cols-2">
        <NextVisit visit={home.nextVisit} />
        <OpenRequests requests={home.openRequests} />
      </div>
      <QuickActions orderToRate={home.orderToRate} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Upcoming visits={home.upcomingVisits} />
        <Notes notes={home.notes} since={home.notesSince} />
      </div>
    </div>
  );
}
