import { eq } from "drizzle-orm";
import { visits } from "~/platform/db/schema";
import { createCaregiver, createClient } from "~/platform/db/seed/factories.server";
import { chooseCaregiver, respondToOffer } from "~/features/orders/offers.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { EMPTY_WEEK } from "~/features/care-requests/care-request.schema";
import { e2eDatabase } from "./e2e-database";

// A family with one confirmed visit and its caregiver, booked directly (time off, moving a visit). Each test places
// them in a city of its own (see tests/e2e/late-visit-helpers.ts).

export const ALL_WEEK = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 0, endMinute: 24 * 60 }));

/** A caregiver working every hour of the week in `zip`. */
export function caregiverIn(zip: string, firstName: string, lastName: string) {
  return createCaregiver(e2eDatabase(), {
    firstName,
    lastName,
    zipCode: zip,
    services: ["personal-care"],
    languages: ["en", "es"],
    availability: ALL_WEEK,
  });
}

/** A family "Dana <family>" in `zip` with a confirmed one-time visit on `date`, and its caregiver "Jordan <main>". */
export async function bookedOneVisit(options: {
  zip: string;
  date: string;
  startTime: string;
  endTime: string;
  family: string;
  main: string;
}) {
  const db = e2eDatabase();
  const { zip } = options;
  const client = await createClient(db, { firstName: "Dana", lastName: options.family, zipCode: zip });
  const caregiver = await caregiverIn(zip, "Jordan", options.main);
  const request = {
    careRecipient: "loved-one",
    fullName: `Ruth ${options.family}`,
    age: 84,
    gender: "female",
    phoneNumber: "(612) 555-0177",
    streetAddress: "250 Marquette Ave",
    zipCode: zip,
    serviceTypes: ["personal-care"],
    healthNeeds: [],
    preferredLanguage: "en",
    additionalDetails: "",
    scheduleType: "one-time",
    startDate: options.date,
    startTime: options.startTime,
    endTime: options.endTime,
    weeklySchedule: EMPTY_WEEK,
    promoCode: "",
    termsAccepted: true,
  };
  const actor = { ...client, roles: ["client" as const] };
  const { orderId } = await submitCareRequest({ actor, request });
  await chooseCaregiver({ actor, orderId, caregiverId: caregiver.id });
  await respondToOffer({ actor: { id: caregiver.id, roles: ["caregiver"] }, orderId, accept: true });
  const [visit] = await db.select().from(visits).where(eq(visits.orderId, orderId));
  return { client, caregiver, orderId, visit: visit! };
}
