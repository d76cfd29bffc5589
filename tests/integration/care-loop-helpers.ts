import { addDays, format, nextMonday } from "date-fns";
import { asc, eq } from "drizzle-orm";
import { createCaregiver, createClient, type CreateCaregiverInput } from "~/platform/db/seed/factories.server";
import type { Database } from "~/platform/db/client.server";
import { careRequests, orders, visits } from "~/platform/db/schema";
import { chooseCaregiver, respondToOffer } from "~/features/orders/offers.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { EMPTY_WEEK } from "~/features/care-requests/care-request.schema";

/** A Monday at least a week ahead, as YYYY-MM-DD. */
export function upcomingMonday(weeksAhead = 1): string {
  return format(addDays(nextMonday(new Date()), 7 * (weeksAhead - 1) + 7), "yyyy-MM-dd");
}

/** A complete, valid wizard submission near Lincoln Park, Chicago (60614). */
export function careRequestInput(overrides: Record<string, unknown> = {}) {
  const startDate = upcomingMonday();
  return {
    careRecipient: "loved-one",
    fullName: "Rosa Diaz",
    age: 82,
    gender: "female",
    phoneNumber: "(312) 555-0142",
    streetAddress: "2400 N Clark St, Apt 5",
    zipCode: "60614",
    serviceTypes: ["personal-care"],
    healthNeeds: ["dementia"],
    careType: "hourly",
    preferredLanguage: "es",
    caregiverGender: "no-preference",
    culture: "",
    privateRoomAvailable: false,
    additionalDetails: "Mild dementia; needs help with bathing.",
    scheduleType: "recurring",
    startDate,
    endDate: format(addDays(new Date(startDate), 90), "yyyy-MM-dd"),
    weeklySchedule: { ...EMPTY_WEEK, 0: [{ start: "09:00", end: "13:00" }], 2: [{ start: "09:00", end: "13:00" }] },
    promoCode: "",
    termsAccepted: true,
    ...overrides,
  };
}

/** A one-time visit on `date` from `start` to `end`. */
export function oneTimeRequest(date: string, start = "09:00", end = "13:00", overrides: Record<string, unknown> = {}) {
  return careRequestInput({ scheduleType: "one-time", startDate: date, startTime: start, endTime: end, ...overrides });
}

export async function caregiverNear(db: Database, input: CreateCaregiverInput = {}) {
  return createCaregiver(db, {
    zipCode: "60657",
    services: ["personal-care", "companionship"],
    languages: ["en", "es"],
    skills: ["dementia"],
    travelRadiusMiles: 15,
    ...input,
  });
}

export async function clientActor(db: Database) {
  const user = await createClient(db);
  return { ...user, roles: ["client" as const] };
}

let weeksAhead = 0;

/** A one-time order of `client` booked with `caregiverId`, its visit completed unless `complete` is false. */
export async function bookedOneTimeOrder(
  db: Database,
  client: Awaited<ReturnType<typeof clientActor>>,
  caregiverId: string,
  { complete = true } = {},
) {
  // Each order on a week of its own, so that one caregiver can take several.
  weeksAhead += 1;
  const { orderId, orderNumber } = await submitCareRequest({
    actor: client,
    request: oneTimeRequest(upcomingMonday(weeksAhead)),
  });
  await chooseCaregiver({ actor: client, orderId, caregiverId });
  await respondToOffer({ actor: { id: caregiverId, roles: ["caregiver"] }, orderId, accept: true });
  const [visit] = await db.select().from(visits).where(eq(visits.orderId, orderId)).orderBy(asc(visits.startsAt));
  if (complete) {
    await db
      .update(visits)
      .set({ status: "completed", checkedInAt: visit!.startsAt, checkedOutAt: visit!.endsAt })
      .where(eq(visits.id, visit!.id));
  }
  return { orderId, orderNumber, visitId: visit!.id };
}

/** A one-time visit (09:00-13:00 on `date`) of a new family with a new caregiver near `zip`, booked and confirmed. */
export async function bookVisitNear(db: Database, zip: string, date: string) {
  const client = await clientActor(db);
  const caregiver = await caregiverNear(db, { zipCode: zip, firstName: "Jordan", lastName: `Main${zip}` });
  const { orderId } = await submitCareRequest({
    actor: client,
    request: oneTimeRequest(date, "09:00", "13:00", { zipCode: zip }),
  });
  await chooseCaregiver({ actor: client, orderId, caregiverId: caregiver.id });
  await respondToOffer({ actor: { id: caregiver.id, roles: ["caregiver"] }, orderId, accept: true });
  const [row] = await db
    .select({ visit: visits, zone: careRequests.timeZone })
    .from(visits)
    .innerJoin(orders, eq(orders.id, visits.orderId))
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(eq(visits.orderId, orderId));
  return { client, caregiver, orderId, visit: row!.visit, zone: row!.zone };
}
