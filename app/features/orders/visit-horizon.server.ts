import { and, eq, inArray, sql } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { careRequests, orders } from "~/platform/db/schema";
import { scheduleFrom, type CareRequest } from "~/features/care-requests/public";
import { publish } from "~/platform/events/domain-events.server";
import { careRequestOf } from "./order-helpers";
import { scheduleVisits } from "./schedule-visits.server";

type RecurringRequest = Extract<CareRequest, { scheduleType: "recurring" }>;

// The visit horizon: recurring care is booked HORIZON_WEEKS ahead
// (features/care-requests/schedule.ts). Once a day the job extends every
// confirmed or ongoing recurring order's visits to the new horizon, leaving
// out dates that now clash with the caregiver's other visits. The visits it
// books are published ("order.visits_extended"): one inside the caregiver's
// time off is handed over (docs/product-rules.md, "Time off"). An order whose schedule was changed from a date
// (docs/decisions/0052-changing-a-recurring-schedule.md) is booked with its last accepted pattern from that date.

/** Orders whose caregiver is confirmed, for the visit-horizon job. */
export async function extendVisitHorizons(now: Date = new Date()): Promise<number> {
  const active = await db
    .select({
      id: orders.id,
      caregiverId: orders.caregiverId,
      request: careRequests.request,
      timeZone: careRequests.timeZone,
      changed: sql<{ fromDate: string; weekly: RecurringRequest["weeklySchedule"] } | null>`(
        select json_build_object('fromDate', sc.from_date, 'weekly', sc.new_weekly) from schedule_changes sc
        where sc.order_id = ${orders.id} and sc.status = 'accepted' order by sc.answered_at desc limit 1)`,
    })
    .from(orders)
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(and(inArray(orders.status, ["confirmed", "in_progress"]), eq(careRequests.scheduleType, "recurring")));
  let created = 0;
  for (const order of active) {
    if (!order.caregiverId) continue;
    const caregiverId = order.caregiverId;
    const request = order.changed
      ? {
          ...order,
          request: scheduleFrom(careRequestOf(order) as RecurringRequest, order.changed.fromDate, order.changed.weekly),
        }
      : order;
    created += await db.transaction(async (tx) => {
      const visitIds = await scheduleVisits(tx, { order, request, caregiverId }, { onClash: "skip", now });
      if (visitIds.length > 0)
        await publish(tx, { type: "order.visits_extended", orderId: order.id, caregiverId, visitIds, now });
      return visitIds.length;
    });
  }
  return created;
}
