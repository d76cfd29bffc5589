import { and, asc, desc, eq, gt, inArray, isNotNull, lt, ne } from "drizzle-orm";
import { actorAs } from "~/platform/auth/actor";
import { db } from "~/platform/db/client.server";
import { careRequests, orders, visits, type OrderStatus } from "~/platform/db/schema";
import { careRequestOf } from "~/features/orders/public";
import type { OrderReader } from "~/features/orders/public.server";
import {
  caregiverHasAccepted,
  caregiverPrivateDetails,
  type CaregiverAddress,
  type CareRecipient,
} from "~/features/orders/public";
import type { ServiceId } from "~/utils/services";

// The caregiver's families (/caregiver/clients): those they care for now (an
// order of theirs confirmed or started) and those whose visit they took as a
// backup in the coming week, with what order-view.ts lets a caregiver see
// once they accepted (the address, the person cared for, their phone, health
// needs and notes). Past families (completed orders) show no health details.

const BACKUP_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
const PAST_SHOWN = 20;

export type NextVisit = { startsAt: Date; endsAt: Date; timeZone: string };

export type CurrentFamily = {
  orderId: string;
  orderNumber: string;
  status: OrderStatus;
  services: ServiceId[];
  timeZone: string;
  /** Took a visit of this family over from another caregiver (no order of their own). */
  isBackup: boolean;
  address: CaregiverAddress;
  recipient: CareRecipient;
  nextVisit: NextVisit | null;
};

export type PastFamily = {
  orderId: string;
  orderNumber: string;
  /** The person cared for: their name only. */
  recipientName: string;
  city: string | null;
  state: string | null;
  lastVisit: NextVisit | null;
};

export type CaregiverClients = { current: CurrentFamily[]; past: PastFamily[] };

export async function listCaregiverClients({
  actor,
  now = new Date(),
}: {
  actor: OrderReader;
  now?: Date;
}): Promise<CaregiverClients> {
  const caregiver = actorAs(actor, "caregiver");
  const own = await db
    .select({ order: orders, request: careRequests })
    .from(orders)
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(and(eq(orders.caregiverId, caregiver.id), inArray(orders.status, ["confirmed", "in_progress", "completed"])))
    .orderBy(desc(orders.confirmedAt));
  // Visits of other caregivers' orders this caregiver took as a backup, in the coming week.
  const backups = await db
    .select({ order: orders, request: careRequests })
    .from(visits)
    .innerJoin(orders, eq(orders.id, visits.orderId))
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(
      and(
        eq(visits.caregiverId, caregiver.id),
        isNotNull(visits.originalCaregiverId),
        ne(visits.originalCaregiverId, caregiver.id),
        inArray(visits.status, ["scheduled", "checked_in"]),
        gt(visits.endsAt, now),
        lt(visits.startsAt, new Date(now.getTime() + BACKUP_DAYS * DAY_MS)),
        inArray(orders.status, ["confirmed", "in_progress"]),
      ),
    )
    .orderBy(asc(visits.startsAt));
  const orderIds = [...new Set([...own, ...backups].map((row) => row.order.id))];
  const myVisits = orderIds.length
    ? await db
        .select({
          orderId: visits.orderId,
          startsAt: visits.startsAt,
          endsAt: visits.endsAt,
          status: visits.status,
        })
        .from(visits)
        .where(and(inArray(visits.orderId, orderIds), eq(visits.caregiverId, caregiver.id)))
        .orderBy(asc(visits.startsAt))
    : [];
  const nextOf = (orderId: string, timeZone: string): NextVisit | null => {
    const next = myVisits.find(
      (visit) =>
        visit.orderId === orderId &&
        (visit.status === "scheduled" || visit.status === "checked_in") &&
        visit.endsAt > now,
    );
    return next ? { startsAt: next.startsAt, endsAt: next.endsAt, timeZone } : null;
  };
  const lastOf = (orderId: string, timeZone: string): NextVisit | null => {
    const last = myVisits.findLast((visit) => visit.orderId === orderId && visit.status === "completed");
    return last ? { startsAt: last.startsAt, endsAt: last.endsAt, timeZone } : null;
  };

  const current: CurrentFamily[] = [];
  const seen = new Set<string>();
  const addCurrent = (row: (typeof own)[number], isBackup: boolean) => {
    if (seen.has(row.order.id)) return;
    seen.add(row.order.id);
    const care = careRequestOf(row.request);
    // A backup caregiver is entitled to the details of the family whose visit they took, as the order's caregiver is.
    const accepted =
      isBackup ||
      caregiverHasAccepted({ status: row.order.status, isAssigned: row.order.caregiverId === caregiver.id });
    const { address, recipient } = caregiverPrivateDetails(care, row.request, accepted);
    if (!address || !recipient) return;
    current.push({
      orderId: row.order.id,
      orderNumber: row.order.orderNumber,
      status: row.order.status,
      services: row.request.services as ServiceId[],
      timeZone: row.request.timeZone,
      isBackup,
      address,
      recipient,
      nextVisit: nextOf(row.order.id, row.request.timeZone),
    });
  };
  for (const row of own) if (row.order.status !== "completed") addCurrent(row, false);
  for (const row of backups) addCurrent(row, true);
  current.sort(
    (a, b) =>
      (a.nextVisit?.startsAt.getTime() ?? Number.POSITIVE_INFINITY) -
      (b.nextVisit?.startsAt.getTime() ?? Number.POSITIVE_INFINITY),
  );

  const past = own
    .filter((row) => row.order.status === "completed")
    .slice(0, PAST_SHOWN)
    .map((row): PastFamily => ({
      orderId: row.order.id,
      orderNumber: row.order.orderNumber,
      recipientName: careRequestOf(row.request).fullName,
      city: row.request.city,
      state: row.request.state,
      lastVisit: lastOf(row.order.id, row.request.timeZone),
    }));
  return { current, past };
}
