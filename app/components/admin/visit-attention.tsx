import { AlertTriangle, Phone, UserX, Users, XCircle } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { linkClass, sectionClass } from "~/components/form-controls";
import type { VisitAttention } from "~/features/visits/visit-alerts";
import { useT } from "~/i18n/react";
import { useLiveRefresh, useRealtime } from "~/client/use-realtime";

// The late path as administrators see it (docs/product-rules.md, "Late and missed visits, backup
// caregivers"): a visit's late, missed and no-backup marks, in words with an icon (never colour
// alone), on the order page and in the live queue of /admin/visits, which reloads itself whenever the
// server announces a change (the "visit-attention" realtime event, docs/architecture.md, "A visit
// nobody checked in to: late alert, backup caregivers, missed").

const BADGE = "inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold";
const BADGES: { flag: keyof VisitAttention; icon: ReactNode; className: string }[] = [
  {
    flag: "isLate",
    icon: <AlertTriangle aria-hidden="true" className="size-3.5" />,
    className: "border-red-700 bg-red-700 text-white",
  },
  {
    flag: "isMissed",
    icon: <XCircle aria-hidden="true" className="size-3.5" />,
    className: "border-slate-700 bg-slate-700 text-white dark:border-slate-300 dark:bg-slate-300 dark:text-slate-950",
  },
  {
    flag: "hasNoBackup",
    icon: <UserX aria-hidden="true" className="size-3.5" />,
    className:
      "border-amber-400 bg-amber-50 text-amber-950 dark:border-amber-600 dark:bg-amber-950/50 dark:text-amber-50",
  },
  {
    flag: "isLookingForBackup",
    icon: <Users aria-hidden="true" className="size-3.5" />,
    className: "border-sky-300 bg-sky-50 text-sky-950 dark:border-sky-700 dark:bg-sky-950/50 dark:text-sky-50",
  },
];

const BADGE_KEYS = {
  isLate: "order.visitAttention.late",
  isMissed: "order.visitAttention.missed",
  hasNoBackup: "order.visitAttention.noBackup",
  isLookingForBackup: "order.visitAttention.lookingForBackup",
} as const;

/** The visit's marks, as a list of badges; nothing when it needs no attention. */
export function VisitAttentionBadges({ attention }: { attention: VisitAttention | null }) {
  const { t } = useT("admin");
  const shown = attention ? BADGES.filter((badge) => attention[badge.flag]) : [];
  if (shown.length === 0) return null;
  return (
    <ul className="inline-flex flex-wrap gap-1.5 align-middle" data-visit-attention>
      {shown.map((badge) => (
        <li key={badge.flag} className={`${BADGE} ${badge.className}`}>
          {badge.icon}
          {t(BADGE_KEYS[badge.flag])}
        </li>
      ))}
    </ul>
  );
}

/** A visit of the queue as the loader words it. */
export type QueueVisit = VisitAttention & {
  visitId: string;
  orderId: string;
  orderNumber: string;
  /** "Fri, Dec 4, 2026 at 9:00 AM–1:00 PM CST", on the clock where care happens. */
  when: string;
  /** Minutes since the start, for a late visit. */
  minutesLate: number | null;
  area: string;
  caregiver: { name: string; phone: string | null };
  family: { name: string; phone: string | null };
};

export type AttentionQueueData = {
  visits: QueueVisit[];
  isCut: boolean;
  limit: number;
  missedDays: number;
  backupMinutes: number;
};

/** The live queue of late, missed and no-backup visits, with what to do for each. */
export function VisitAttentionQueue({ queue }: { queue: AttentionQueueData }) {
  const { t } = useT("evv");
  const refresh = useLiveRefresh();
  // A sweep, a check-in or a backup changed a visit's place in the queue: read it again.
  useRealtime("visit-attention", refresh);
  return (
    <section aria-labelledby="attention-heading" className={sectionClass} data-attention-queue>
      <h2 id="attention-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        {t("attention.heading")}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {t("attention.intro", { days: queue.missedDays })}
      </p>
      <output className="mt-4 block text-sm text-slate-700 dark:text-slate-200" aria-live="polite">
        {queue.visits.length === 0 ? t("attention.none") : t("attention.count", { count: queue.visits.length })}
        {queue.isCut ? ` ${t("attention.cut", { count: queue.limit })}` : ""}
      </output>
      {queue.visits.length > 0 && (
        <ul className="mt-4 space-y-4">
          {queue.visits.map((visit) => (
            <AttentionRow key={visit.visitId} visit={visit} backupMinutes={queue.backupMinutes} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** A tel: link to call the caregiver or the family, or a line saying there is no number to call. */
function CallLink({ who, person }: { who: "caregiver" | "family"; person: { name: string; phone: string | null } }) {
  const { t } = useT("evv");
  if (!person.phone) {
    return (
      <span className="text-slate-700 dark:text-slate-200">
        {t(who === "caregiver" ? "attention.caregiverNoPhone" : "attention.familyNoPhone", { name: person.name })}
      </span>
    );
  }
  return (
    <a href={`tel:${person.phone.replace(/[^\d+]/g, "")}`} className={`${linkClass} inline-flex items-center gap-1`}>
      <Phone aria-hidden="true" className="size-4 shrink-0" />
      {t(who === "caregiver" ? "attention.callCaregiver" : "attention.callFamily", {
        name: person.name,
        phone: person.phone,
      })}
    </a>
  );
}

function AttentionRow({ visit, backupMinutes }: { visit: QueueVisit; backupMinutes: number }) {
  const { t } = useT("evv");
  const todo = [
    visit.isLate &&
      !visit.hasNoBackup &&
      !visit.isLookingForBackup &&
      t("attention.todo.late", { minutes: backupMinutes }),
    visit.isLookingForBackup && t("attention.todo.lookingForBackup"),
    visit.hasNoBackup && !visit.isMissed && t("attention.todo.noBackup"),
    visit.isMissed && t("attention.todo.missed"),
  ].filter((line): line is string => typeof line === "string");
  return (
    <li className="rounded-lg border border-slate-200 p-4 dark:border-slate-700" data-attention-visit={visit.visitId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900 dark:text-white">{visit.when}</p>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {visit.area}
            {visit.minutesLate !== null ? ` · ${t("attention.minutesLate", { minutes: visit.minutesLate })}` : ""}
          </p>
        </div>
        <VisitAttentionBadges attention={visit} />
      </div>
      <ul className="mt-3 space-y-1 text-sm text-slate-900 dark:text-white">
        {todo.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <ul className="mt-3 flex flex-col gap-2 text-sm sm:flex-row sm:flex-wrap sm:gap-x-6">
        <li>
          <Link to={`/admin/orders/${visit.orderId}`} className={linkClass}>
            {t("attention.openOrder", { orderNumber: visit.orderNumber })}
          </Link>
        </li>
        <li>
          <CallLink who="caregiver" person={visit.caregiver} />
        </li>
        <li>
          <CallLink who="family" person={visit.family} />
        </li>
      </ul>
    </li>
  );
}
