import { asc, eq } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";
import { visits } from "~/platform/db/schema";
import { chooseCaregiver, respondToOffer } from "~/features/orders/offers.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { caregiverNear, careRequestInput, clientActor, oneTimeRequest, upcomingMonday } from "./care-loop-helpers";

// Confirmed orders with visits, for the care-delivery tests: the family, the
// caregiver and the booked visits, made through the same feature functions
// the pages call.

export type BookedCare = Awaited<ReturnType<typeof bookCare>>;

/**
 * A confirmed order: one visit (Monday 09:00-13:00 in Chicago, a week or more
 * ahead) or, with `recurring`, Mondays and Wednesdays for the request's dates.
 */
export async function bookCare(db: Database, options: { recurring?: boolean; lastName?: string } = {}) {
  const client = await clientActor(db);
  const caregiver = await caregiverNear(db, { lastName: options.lastName ?? "Caregiver" });
  const request = options.recurring ? careRequestInput() : oneTimeRequest(upcomingMonday());
  const { orderId, orderNumber } = await submitCareRequest({ actor: client, request });
  await chooseCaregiver({ actor: client, orderId, caregiverId: caregiver.id });
  await respondToOffer({ actor: { id: caregiver.id, roles: ["caregiver"] }, orderId, accept: true });
  const booked = await db.select().from(visits).where(eq(visits.orderId, orderId)).orderBy(asc(visits.startsAt));
  return {
    client,
    caregiver: { ...caregiver, roles: ["caregiver" as const] },
    orderId,
    orderNumber,
    visits: booked,
    visit: booked[0]!,
  };
}

/** An instant `minutes` after `date` (negative: before). */
export function minutesAfter(date: Date, minutes: number): Date {
  return new Date(date.getTime() + minutes * 60_000);
}
