import { eq } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";
import { userProfiles, visitEvents, visits } from "~/platform/db/schema";
import { chooseCaregiver, respondToOffer } from "~/features/orders/offers.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { caregiverNear, clientActor, oneTimeRequest, upcomingMonday } from "./care-loop-helpers";

// A confirmed one-time visit near Lincoln Park, Chicago (America/Chicago),
// booked through the feature functions, with a caregiver and a family of its
// own; then moved and checked in or out directly in the database, as the
// lead's check-in would leave it.

export async function bookedVisit(
  db: Database,
  options: { clientFirstName?: string; caregiverFirstName?: string; fullName?: string } = {},
) {
  const client = await clientActor(db);
  if (options.clientFirstName) {
    await db
      .update(userProfiles)
      .set({ name: `${options.clientFirstName} ${client.lastName}` })
      .where(eq(userProfiles.id, client.id));
  }
  const caregiver = await caregiverNear(db, { firstName: options.caregiverFirstName ?? "Elena" });
  const request = oneTimeRequest(
    upcomingMonday(),
    "09:00",
    "13:00",
    options.fullName ? { fullName: options.fullName } : {},
  );
  const { orderId, orderNumber } = await submitCareRequest({ actor: client, request });
  await chooseCaregiver({ actor: client, orderId, caregiverId: caregiver.id });
  await respondToOffer({ actor: { id: caregiver.id, roles: ["caregiver"] }, orderId, accept: true });
  const [visit] = await db.select().from(visits).where(eq(visits.orderId, orderId));
  return { client, caregiver, orderId, orderNumber, visitId: visit!.id };
}

/** Moves a visit to `startsAt` for `hours` and sets its state. */
export async function setVisit(
  db: Database,
  visitId: string,
  startsAt: Date,
  changes: Partial<typeof visits.$inferInsert> = {},
  hours = 4,
) {
  await db
    .update(visits)
    .set({ startsAt, endsAt: new Date(startsAt.getTime() + hours * 3_600_000), ...changes })
    .where(eq(visits.id, visitId));
}

/** A check-in or check-out event as check-in.server.ts records it. */
export async function checkEvent(
  db: Database,
  visitId: string,
  caregiverId: string,
  event: Partial<typeof visitEvents.$inferInsert> & { kind: "check_in" | "check_out"; occurredAt: Date },
) {
  await db.insert(visitEvents).values({
    visitId,
    actorId: caregiverId,
    actorRole: "caregiver",
    method: "location",
    latitude: 41.9242,
    longitude: -87.6469,
    accuracyMeters: 12,
    distanceMeters: 35,
    recordedAt: event.occurredAt,
    ...event,
  });
}

export const hoursAgo = (hours: number, now = new Date()) => new Date(now.getTime() - hours * 3_600_000);
