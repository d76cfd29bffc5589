import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { careRequests, orders, visitEvents, visits } from "~/db/schema";
import { createCaregiver, createClient } from "~/db/seed/factories.server";
import { bookVisitSoon } from "~/features/visits/demo-visit.server";
import { e2eDatabase } from "./e2e-database";

// Visits for the care-delivery end-to-end tests: a family and a caregiver of
// their own (the demo accounts are shared by every test) and a visit booked
// by bookVisitSoon (features/visits/demo-visit.server.ts) to start a few
// minutes from now, so that check-in is open.

export const CAREGIVER_PASSWORD = "Caregiver-Pass-123";
export const CLIENT_PASSWORD = "Client-Pass-123";

export async function visitStartingSoon(options: { lastName: string; minutesFromNow?: number }) {
  const db = e2eDatabase();
  const tag = `${options.lastName.toLowerCase()}-${randomUUID().slice(0, 8)}`;
  const client = await createClient(db, {
    firstName: "Nora",
    lastName: options.lastName,
    email: `family-${tag}@example.test`,
    password: CLIENT_PASSWORD,
  });
  const caregiver = await createCaregiver(db, {
    firstName: "Iris",
    lastName: options.lastName,
    email: `caregiver-${tag}@example.test`,
    password: CAREGIVER_PASSWORD,
    zipCode: "60657",
    services: ["personal-care", "companionship"],
    languages: ["en", "es"],
  });
  const { orderId, orderNumber, visit } = await bookVisitSoon({
    client,
    caregiverId: caregiver.id,
    recipientName: `Elsa ${options.lastName}`,
    minutesFromNow: options.minutesFromNow ?? 5,
  });
  const [place] = await db
    .select({ latitude: careRequests.latitude, longitude: careRequests.longitude })
    .from(orders)
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(eq(orders.id, orderId));
  return { client, caregiver, orderId, orderNumber, visit, address: place! };
}

export async function visitState(visitId: string) {
  const db = e2eDatabase();
  const [visit] = await db.select().from(visits).where(eq(visits.id, visitId));
  const events = await db.select().from(visitEvents).where(eq(visitEvents.visitId, visitId)).orderBy(visitEvents.id);
  const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, visit!.orderId));
  return { visit: visit!, events, orderStatus: order!.status };
}
