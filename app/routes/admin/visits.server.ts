import type { CurrentUser } from "~/platform/auth/session.server";
import type { AttentionQueueData } from "~/components/admin/visit-attention";
import { MISSED_QUEUE_DAYS } from "~/features/visits/visit-alerts";
import { ATTENTION_QUEUE_LIMIT, listVisitsNeedingAttention } from "~/features/visits/visit-attention.server";
import type { Locale } from "~/i18n/config";
import { formatInZone, formatTimeOfDay, formatVisitDateTime, zoneAbbreviation } from "~/utils/datetime";

// The live queue of /admin/visits (late, missed and no-backup visits), worded in the administrator's
// language: each visit on the clock where care happens, with its zone, as in the exceptions list.

export async function loadAttentionQueue(actor: CurrentUser, locale: Locale): Promise<AttentionQueueData> {
  const now = new Date();
  const queue = await listVisitsNeedingAttention({ actor, now });
  return {
    isCut: queue.isCut,
    limit: ATTENTION_QUEUE_LIMIT,
    missedDays: MISSED_QUEUE_DAYS,
    backupMinutes: queue.backupOfferMinutes,
    visits: queue.visits.map((visit) => ({
      visitId: visit.visitId,
      orderId: visit.orderId,
      orderNumber: visit.orderNumber,
      when: `${formatVisitDateTime(visit.startsAt, visit.timeZone, { locale })}–${formatTimeOfDay(formatInZone(visit.endsAt, visit.timeZone, "HH:mm"), locale)} ${zoneAbbreviation(visit.startsAt, visit.timeZone)}`,
      minutesLate: visit.isLate ? Math.floor((now.getTime() - visit.startsAt.getTime()) / 60_000) : null,
      area: visit.area,
      isLate: visit.isLate,
      isMissed: visit.isMissed,
      hasNoBackup: visit.hasNoBackup,
      isLookingForBackup: visit.isLookingForBackup,
      caregiver: { name: visit.caregiverName, phone: visit.caregiverPhone },
      family: { name: visit.familyName, phone: visit.familyPhone },
    })),
  };
}
