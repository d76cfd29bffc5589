import { randomUUID } from "node:crypto";
import { addDays, format, nextMonday } from "date-fns";
import { eq, sql } from "drizzle-orm";
import { careRequests, orders, visitEvents, visits } from "~/db/schema";
import { createCaregiver, createClient } from "~/db/seed/factories.server";
import { chooseCaregiver, respondToOffer } from "~/features/orders/offers.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { e2eDatabase } from "./e2e-database";

// Visits for the care-delivery end-to-end tests: a family and a caregiver of
// their own (the demo accounts are shared by every test), a confirmed
// one-time order booked through the feature functions, and its visit moved
// to start a few minutes from now, so that check-in is open.

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
  const date = format(addDays(nextMonday(new Date()), 21), "yyyy-MM-dd");
  const actor = { ...client, roles: ["client" as const] };
  const { orderId, orderNumber } = await submitCareRequest({
    actor,
    request: {
      careRecipient: "loved-one",
      fullName: `Elsa ${options.lastName}`,
      age: 79,
      gender: "female",
      phoneNumber: "(312) 555-0190",
      streetAddress: "2400 N Clark St",
      zipCode: "60614",
      serviceTypes: ["personal-care"],
      healthNeeds: [],
      preferredLanguage: "en",
      additionalDetails: "",
      scheduleType: "one-time",
      startDate: date,
      startTime: "10:00",
      endTime: "12:00",
      promoCode: "",
      termsAccepted: true,
    },
  });
  await chooseCaregiver({ actor, orderId, caregiverId: caregiver.id });
  await respondToOffer({ actor: { id: caregiver.id, roles: ["caregiver"] }, orderId, accept: true });
  const minutes = options.minutesFromNow ?? 5;
  const [visit] = await db
    .update(visits)
    .set({
      startsAt: sql`now() + make_interval(mins => ${minutes})`,
      endsAt: sql`now() + make_interval(mins => ${minutes + 120})`,
    })
    .where(eq(visits.orderId, orderId))
    .returning();
  // The request's date follows its visit, so the visit is the schedule's last as it would be.
  await db
    .update(careRequests)
    .set({
      startDate: sql`(now() at time zone time_zone)::date`,
      request: sql`jsonb_set(request, '{startDate}', to_jsonb(to_char((now() at time zone time_zone)::date, 'YYYY-MM-DD')))`,
    })
    .where(sql`id = (select care_request_id from orders where id = ${orderId})`);
  const [place] = await db
    .select({ latitude: careRequests.latitude, longitude: careRequests.longitude })
    .from(orders)
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(eq(orders.id, orderId));
  return { client, caregiver, orderId, orderNumber, visit: visit!, address: place! };
}

export async function visitState(visitId: string) {
  const db = e2eDatabase();
  const [visit] = await db.select().from(visits).where(eq(visits.id, visitId));
  const events = await db.select().from(visitEvents).where(eq(visitEvents.visitId, visitId)).orderBy(visitEvents.id);
  const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, visit!.orderId));
  return { visit: visit!, events, orderStatus: order!.status };
}
