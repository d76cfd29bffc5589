import { and, asc, eq, gte, inArray, lt, ne } from "drizzle-orm";
import { actorAs } from "~/platform/auth/actor";
import { db } from "~/platform/db/client.server";
import {
  careRequests,
  caregiverProfiles,
  orders,
  visitArrivals,
  visitNotes,
  visits,
  type OrderStatus,
  type VisitStatus,
} from "~/platform/db/schema";
import { careRequestOf } from "~/features/orders/public";
import type { OrderReader } from "~/features/orders/public.server";
import { areaOf, caregiverHasAccepted, type Area } from "~/features/orders/public";
import type { ServiceId } from "~/utils/services";
import { timeZoneAt } from "~/utils/time-zone-lookup.server";
import { visitCoverage } from "./backup-offers.server";
import { getCareSettings } from "./care-settings.server";
import { checkInOpensAt } from "./visit-rules";
import { lateFrom } from "./visit-alerts";
import { shortName } from "~/utils/person-name";
import type { VisitChargeSettings } from "~/features/billing/public";

// The caregiver's visits in a time range (the schedule, the dashboard's
// today): only their own, with the street address once they have accepted
// the order, and what they can do with each visit now.

/** Where no coordinates are known (every seeded caregiver has some). */
const DEFAULT_HOME_ZONE = "America/Chicago";

export type CaregiverVisit = {
  id: string;
  orderId: string;
  orderNumber: string;
  orderStatus: OrderStatus;
  status: VisitStatus;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  services: ServiceId[];
  /** "Rosa D.": the person cared for. */
  recipientName: string;
  area: Area;
  /** The street address (accepted orders only). */
  streetAddress: string | null;
  checkedInAt: Date | null;
  checkedOutAt: Date | null;
  checkInOpensAt: Date;
  /** From when the visit is late if nobody checked in (the late-alert threshold after its start). */
  lateFrom: Date;
  /** When the late alert went out, if it did. */
  lateAlertedAt: Date | null;
  hasNote: boolean;
  /** Taken over from another caregiver (a backup). */
  isBackup: boolean;
  /** This caregiver said they cannot make it; backups are being asked and it stays theirs until one accepts. */
  hasCancelled: boolean;
  /** Cancelling now would be a late cancellation (within care_settings.late_cancel_hours of the start). */
  isLateToCancel: boolean;
  lateCancelHours: number;
  /** The arrival this caregiver announced with "On my way" (features/visits/on-my-way.ts), if they did. */
  arrivesAt: Date | null;
  /** The care settings' short-visit rule (features/billing/visit-charge.ts): check-out asks a reason. */
  chargeSettings: VisitChargeSettings;
};

export async function listCaregiverVisits({
  actor,
  from,
  to,
  orderId,
}: {
  actor: OrderReader;
  from: Date;
  to: Date;
  /** Only this order's visits. */
  orderId?: string;
}): Promise<CaregiverVisit[]> {
  const caregiver = actorAs(actor, "caregiver");
  const settings = await getCareSettings();
  const rows = await db
    .select({
      visit: visits,
      order: orders,
      request: careRequests,
      noteId: visitNotes.id,
      arrivesAt: visitArrivals.arrivesAt,
    })
    .from(visits)
    .innerJoin(orders, eq(orders.id, visits.orderId))
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .leftJoin(visitNotes, eq(visitNotes.visitId, visits.id))
    .leftJoin(visitArrivals, and(eq(visitArrivals.visitId, visits.id), eq(visitArrivals.caregiverId, caregiver.id)))
    .where(
      and(
        eq(visits.caregiverId, caregiver.id),
        ne(visits.status, "cancelled"),
        lt(visits.startsAt, to),
        gte(visits.endsAt, from),
        inArray(orders.status, ["confirmed", "in_progress", "completed"]),
        orderId ? eq(visits.orderId, orderId) : undefined,
      ),
    )
    .orderBy(asc(visits.startsAt));
  const coverage = await visitCoverage(rows.map((row) => row.visit.id));
  const now = Date.now();
  return rows.map(({ visit, order, request, noteId, arrivesAt }) => {
    const care = careRequestOf(request);
    // A backup caregiver is entitled to the address of the visit they took, whoever holds the order.
    const isAccepted =
      visit.originalCaregiverId !== null ||
      caregiverHasAccepted({ status: order.status, isAssigned: order.caregiverId === caregiver.id });
    const [first = "", ...rest] = care.fullName.trim().split(/\s+/);
    return {
      id: visit.id,
      orderId: order.id,
      orderNumber: order.orderNumber,
      orderStatus: order.status,
      status: visit.status,
      startsAt: visit.startsAt,
      endsAt: visit.endsAt,
      timeZone: request.timeZone,
      services: request.services as ServiceId[],
      recipientName: rest.length > 0 ? shortName(first, rest.at(-1)!) : first,
      area: areaOf(request),
      streetAddress: isAccepted ? care.streetAddress : null,
      checkedInAt: visit.checkedInAt,
      checkedOutAt: visit.checkedOutAt,
      checkInOpensAt: checkInOpensAt(visit.startsAt, settings),
      lateFrom: lateFrom(visit.startsAt, settings),
      lateAlertedAt: visit.lateAlertedAt,
      hasNote: noteId !== null,
      arrivesAt,
      isBackup: visit.originalCaregiverId !== null,
      hasCancelled: coverage.get(visit.id)?.isCancelledByCaregiver ?? false,
      isLateToCancel: visit.startsAt.getTime() - now < settings.lateCancelHours * 3_600_000,
      lateCancelHours: settings.lateCancelHours,
      chargeSettings: {
        shortVisitPercent: settings.shortVisitPercent,
        minimumChargeMinutes: settings.minimumChargeMinutes,
      },
    };
  });
}

/** The zone the caregiver's calendar days are counted in: where they live (their ZIP's coordinates). */
export async function caregiverHomeZone(actor: OrderReader): Promise<string> {
  const caregiver = actorAs(actor, "caregiver");
  const [profile] = await db
    .select({ latitude: caregiverProfiles.latitude, longitude: caregiverProfiles.longitude })
    .from(caregiverProfiles)
    .where(eq(caregiverProfiles.userId, caregiver.id));
  if (profile?.latitude == null || profile.longitude == null) return DEFAULT_HOME_ZONE;
  return timeZoneAt(profile.latitude, profile.longitude);
}
