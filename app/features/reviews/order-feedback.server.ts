import { and, eq, sql } from "drizzle-orm";
import { actorAs } from "~/platform/auth/actor";
import { db, type Executor } from "~/platform/db/client.server";
import { caregiverProfiles, careRequests, orders, reviews, visits } from "~/platform/db/schema";
import { NOT_FOUND_MESSAGE } from "~/features/orders/public";
import { caregiverToRate } from "~/features/orders/public.server";
import { getCareSettings } from "~/features/visits/public.server";
import { AppError } from "~/utils/app-error";
import type { Role } from "~/utils/roles";
import { editableUntil, feedbackState, type FeedbackState } from "./review-rules";
import type { ReviewTag } from "./reviews.schema";
import { shortName } from "~/utils/person-name";

// The family's feedback page of one order (/dashboard/orders/{orderNumber}/feedback):
// only their own order, found by its number; anyone else's reads "not found".

export type FeedbackActor = { id: string; roles: readonly Role[] };
/** The family's own order with this number (the row locked when `lock`), or "not found". */
export async function findClientOrder(
  executor: Executor,
  clientId: string,
  orderNumber: string,
  { lock = false }: { lock?: boolean } = {},
) {
  const query = executor
    .select({ id: orders.id, orderNumber: orders.orderNumber, caregiverId: orders.caregiverId })
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), eq(orders.clientId, clientId)));
  const [order] = lock ? await query.for("update") : await query;
  if (!order) throw new AppError("not_found", NOT_FOUND_MESSAGE);
  return order;
}

export type OrderFeedback = {
  orderId: string;
  orderNumber: string;
  /** The care's zone: dates on the page are read on its clock. */
  timeZone: string;
  /** "Jordan R.": the caregiver rated (or to rate); null before any completed visit. */
  caregiverName: string | null;
  state: FeedbackState;
  editDays: number;
  /** Until when the review can be changed (null before one is left). */
  editableUntil: Date | null;
  review: {
    rating: number;
    comment: string;
    tags: ReviewTag[];
    createdAt: Date;
    updatedAt: Date;
    /** An admin hid the comment from the public profile. */
    isHidden: boolean;
  } | null;
};

export async function getOrderFeedback({
  actor,
  orderNumber,
  now = new Date(),
}: {
  actor: FeedbackActor;
  orderNumber: string;
  now?: Date;
}): Promise<OrderFeedback> {
  const client = actorAs(actor, "client");
  const order = await findClientOrder(db, client.id, orderNumber);
  const [[request], [review], settings, [completed]] = await Promise.all([
    db
      .select({ timeZone: careRequests.timeZone })
      .from(careRequests)
      .innerJoin(orders, eq(orders.careRequestId, careRequests.id))
      .where(eq(orders.id, order.id)),
    db.select().from(reviews).where(eq(reviews.orderId, order.id)),
    getCareSettings(),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(visits)
      .where(and(eq(visits.orderId, order.id), eq(visits.status, "completed"))),
  ]);
  const caregiverId = review?.caregiverId ?? (await caregiverToRate(db, order.id));
  const [caregiver] = caregiverId
    ? await db
        .select({ firstName: caregiverProfiles.firstName, lastName: caregiverProfiles.lastName })
        .from(caregiverProfiles)
        .where(eq(caregiverProfiles.userId, caregiverId))
    : [];
  const editDays = settings.feedbackEditDays;
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    timeZone: request?.timeZone ?? "UTC",
    caregiverName: caregiver ? shortName(caregiver.firstName, caregiver.lastName) : null,
    state: feedbackState({
      completedVisits: completed?.count ?? 0,
      reviewCreatedAt: review?.createdAt ?? null,
      editDays,
      now,
    }),
    editDays,
    editableUntil: review ? editableUntil(review.createdAt, editDays) : null,
    review: review
      ? {
          rating: review.rating,
          comment: review.comment,
          tags: review.tags as ReviewTag[],
          createdAt: review.createdAt,
          updatedAt: review.updatedAt,
          isHidden: review.hiddenAt !== null,
        }
      : null,
  };
}
