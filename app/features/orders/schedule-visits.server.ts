import { sql } from "drizzle-orm";
import { lockUntilCommit } from "~/platform/db/advisory-lock.server";
import type { Tx } from "~/platform/db/client.server";
import { pgErrorCode } from "~/platform/db/pg-errors";
import { horizonOccurrences, type Occurrence } from "~/features/care-requests/public";
import { AppError } from "~/utils/app-error";
import { careRequestOf, DOUBLE_BOOKING_MESSAGE, localDate } from "./order-helpers";
import type { CareRequestRow, OrderRow } from "./order-transitions.server";

// An order's visits, made from its schedule on the rolling horizon for its
// caregiver (docs/product-rules.md, "Visits"); a database constraint refuses
// two visits of one caregiver at once (docs/decisions/0006-no-double-booking-and-a-postgres-job-queue.md).

/**
 * Creates the order's visits on the rolling horizon for its caregiver and answers their ids.
 * `onClash: "refuse"` (confirmation) fails when any visit overlaps the
 * caregiver's visits; `"skip"` (horizon extension) leaves those dates out.
 */
export async function scheduleVisits(
  tx: Tx,
  booking: {
    order: Pick<OrderRow, "id">;
    /** The order's care request (its schedule and the care's time zone). */
    request: Pick<CareRequestRow, "request" | "timeZone">;
    caregiverId: string;
  },
  options: { onClash: "refuse" | "skip"; now?: Date },
): Promise<string[]> {
  const { order, request, caregiverId } = booking;
  const visits: Occurrence[] = horizonOccurrences(careRequestOf(request), localDate(request.timeZone, options.now));
  if (visits.length === 0) return [];
  const zone = request.timeZone;
  const skipClash =
    options.onClash === "skip"
      ? sql`and not exists (
          select 1 from visits v where v.caregiver_id = ${caregiverId} and v.status <> 'cancelled'
            and tstzrange(v.starts_at, v.ends_at) && tstzrange(w.s at time zone ${zone}, w.e at time zone ${zone}))`
      : sql``;
  // One booking of this caregiver's time at once, until the transaction ends: two inserts that clash,
  // made side by side, can each wait on the other's row and end in a deadlock instead of the clash.
  // In turn, the second sees the first's visits and is refused (or skips those dates) cleanly.
  await lockUntilCommit(tx, `caregiver-visits:${caregiverId}`);
  await tx.execute(sql`savepoint schedule_visits`);
  try {
    const result = await tx.execute<{ id: string }>(sql`
      insert into visits (order_id, caregiver_id, starts_at, ends_at)
      select ${order.id}, ${caregiverId}, w.s at time zone ${zone}, w.e at time zone ${zone}
      from unnest(${sql.param(visits.map((visit) => `${visit.date} ${visit.start}`))}::timestamp[],
                  ${sql.param(visits.map((visit) => `${visit.date} ${visit.end}`))}::timestamp[]) as w(s, e)
      where w.s at time zone ${zone} > ${options.now ?? new Date()} ${skipClash}
      on conflict (order_id, starts_at) do nothing
      returning id
    `);
    await tx.execute(sql`release savepoint schedule_visits`);
    return result.rows.map((row) => row.id);
  } catch (error) {
    await tx.execute(sql`rollback to savepoint schedule_visits`);
    if (pgErrorCode(error) === "23P01") throw new AppError("conflict", DOUBLE_BOOKING_MESSAGE);
    throw error;
  }
}
