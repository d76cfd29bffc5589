import { eq } from "drizzle-orm";
import { actorAs } from "~/platform/auth/actor";
import { recordAuditEventIn } from "~/platform/auth/security-events.server";
import { db } from "~/platform/db/client.server";
import { publish } from "~/platform/events/domain-events.server";
import { careRequests, visits, type VisitStatus } from "~/platform/db/schema";
import { lockOrder } from "~/features/orders/public.server";
import { lockVisit, recordVisitEvent } from "~/features/visits/public.server";
import { isUuid } from "~/features/visits/public";
import { AppError } from "~/utils/app-error";
import { zonedInstant } from "~/utils/datetime";
import type { EvvActor } from "./exceptions.server";
import {
  EDIT_TIMES_CANCELLED_MESSAGE,
  EDIT_TIMES_FUTURE_MESSAGE,
  EDIT_TIMES_KEEP_CHECK_OUT_MESSAGE,
  EDIT_TIMES_ORDER_MESSAGE,
  EDIT_TIMES_REASON_MESSAGE,
  MAX_VISIT_MS,
  EDIT_TIMES_TOO_LONG_MESSAGE,
} from "./evv-rules";

// An admin corrects a visit's check-in and check-out times (docs/product-rules.md,
// "Visits"): always with a reason, kept with the times before and after in a
// times_edited event, which puts the visit in the EVV exceptions queue.

export type EditVisitTimesResult = {
  visitId: string;
  orderId: string;
  status: VisitStatus;
  checkedInAt: Date;
  checkedOutAt: Date | null;
};

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Reads a datetime-local value ("2026-12-07T09:05") on the clock of `timeZone`. */
function instantIn(local: string, timeZone: string): Date {
  const [date, time] = local.split("T");
  return zonedInstant(date!, time!, timeZone);
}

export async function editVisitTimes({
  actor,
  visitId,
  checkedInAt: localIn,
  checkedOutAt: localOut,
  reason,
  now = new Date(),
  request: adminRequest,
}: {
  actor: EvvActor;
  /** The admin's request: its address and browser go into the audit log. */
  request?: Request;
  visitId: string;
  /** The check-in as the clock read where care happens (YYYY-MM-DDTHH:mm). */
  checkedInAt: string;
  /** The check-out likewise, or null while the visit has none. */
  checkedOutAt: string | null;
  reason: string;
  now?: Date;
}): Promise<EditVisitTimesResult> {
  const admin = actorAs(actor, "admin");
  const why = reason.trim();
  if (why.length < 3) throw new AppError("invalid", EDIT_TIMES_REASON_MESSAGE, { field: "reason" });
  if (!isUuid(visitId)) throw new AppError("not_found", { key: "visits:refusal.notFound" });

  return db.transaction(async (tx) => {
    const [found] = await tx.select({ orderId: visits.orderId }).from(visits).where(eq(visits.id, visitId));
    if (!found) throw new AppError("not_found", { key: "visits:refusal.notFound" });
    // Order first, then visit: the order in which check-in takes its locks.
    const order = await lockOrder(tx, found.orderId);
    const visit = await lockVisit(tx, visitId);
    if (visit.status === "cancelled") throw new AppError("conflict", EDIT_TIMES_CANCELLED_MESSAGE);
    const [request] = await tx
      .select({ timeZone: careRequests.timeZone })
      .from(careRequests)
      .where(eq(careRequests.id, order.careRequestId));
    const timeZone = request!.timeZone;

    const checkedInAt = instantIn(localIn, timeZone);
    const checkedOutAt = localOut ? instantIn(localOut, timeZone) : null;
    if (!checkedOutAt && visit.checkedOutAt) {
      throw new AppError("invalid", EDIT_TIMES_KEEP_CHECK_OUT_MESSAGE, { field: "checkedOutAt" });
    }
    if (checkedOutAt && checkedOutAt <= checkedInAt) {
      throw new AppError("invalid", EDIT_TIMES_ORDER_MESSAGE, { field: "checkedOutAt" });
    }
    if (checkedInAt > now || (checkedOutAt && checkedOutAt > now)) {
      throw new AppError("invalid", EDIT_TIMES_FUTURE_MESSAGE, {
        field: checkedInAt > now ? "checkedInAt" : "checkedOutAt",
      });
    }
    if (checkedOutAt && checkedOutAt.getTime() - checkedInAt.getTime() > MAX_VISIT_MS) {
      throw new AppError("invalid", EDIT_TIMES_TOO_LONG_MESSAGE, { field: "checkedOutAt" });
    }

    const status: VisitStatus = checkedOutAt ? "completed" : "checked_in";
    await tx.update(visits).set({ checkedInAt, checkedOutAt, status }).where(eq(visits.id, visit.id));
    await recordVisitEvent(tx, visit.id, {
      kind: "times_edited",
      actor: { id: admin.id, role: "admin" },
      occurredAt: now,
      reason: why,
      data: {
        before: { checkedInAt: iso(visit.checkedInAt), checkedOutAt: iso(visit.checkedOutAt), status: visit.status },
        after: { checkedInAt: iso(checkedInAt), checkedOutAt: iso(checkedOutAt), status },
      },
    });
    await recordAuditEventIn(tx, {
      type: "visit_times_edited",
      userId: admin.id,
      category: "admin",
      request: adminRequest,
      metadata: {
        visitId: visit.id,
        orderNumber: order.orderNumber,
        reason: why,
        before: { checkedInAt: iso(visit.checkedInAt), checkedOutAt: iso(visit.checkedOutAt) },
        after: { checkedInAt: iso(checkedInAt), checkedOutAt: iso(checkedOutAt) },
      },
    });
    // What follows is other features' (app/event-handlers.server.ts): the care starts if it had not,
    // and a visit completed here is invoiced like one checked out.
    await publish(tx, {
      type: "visit.times_corrected",
      orderId: order.id,
      visitId: visit.id,
      status,
      actor: { id: admin.id, role: "admin" },
    });
    return { visitId: visit.id, orderId: visit.orderId, status, checkedInAt, checkedOutAt };
  });
}
