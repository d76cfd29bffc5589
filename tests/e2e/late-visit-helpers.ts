import { addDays, format } from "date-fns";
import { eq } from "drizzle-orm";
import { visits } from "~/platform/db/schema";
import { createCaregiver, createClient } from "~/platform/db/seed/factories.server";
import { EMPTY_WEEK } from "~/features/care-requests/care-request.schema";
import { chooseCaregiver, respondToOffer } from "~/features/orders/offers.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { e2eDatabase } from "./e2e-database";

// A booked visit moved to have started a while ago with nobody checked in: the late path's start
// (docs/product-rules.md, "Late and missed visits, backup caregivers"), for late-path.test.ts and
// sms-alerts.test.ts. In a ZIP code where no other caregiver works, no backup is free: the suite shares one
// database, so each caller takes a city where no other end-to-end test places a caregiver within reach.

const ALL_WEEK = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 0, endMinute: 24 * 60 }));
/** A visit in `zip`, booked ahead and then moved to have started `minutesAgo` minutes ago. */
export async function lateVisit(tag: string, zip: string, minutesAgo: number) {
  const db = e2eDatabase();
  const client = await createClient(db, { firstName: "Dana", lastName: `Wait${tag}`, zipCode: zip });
  const caregiver = await createCaregiver(db, {
    firstName: "Jordan",
    lastName: `Slow${tag}`,
    zipCode: zip,
    services: ["personal-care"],
    languages: ["en", "es"],
    availability: ALL_WEEK,
  });
  const request = {
    careRecipient: "loved-one",
    fullName: `Ruth Wait${tag}`,
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
    startDate: format(addDays(new Date(), 21), "yyyy-MM-dd"),
    startTime: "10:00",
    endTime: "12:00",
    weeklySchedule: EMPTY_WEEK,
    promoCode: "",
    termsAccepted: true,
  };
  const actor = { ...client, roles: ["client" as const] };
  const { orderId } = await submitCareRequest({ actor, request });
  await chooseCaregiver({ actor, orderId, caregiverId: caregiver.id });
  await respondToOffer({ actor: { id: caregiver.id, roles: ["caregiver"] }, orderId, accept: true });
  const startsAt = new Date(Date.now() - minutesAgo * 60_000);
  const [visit] = await db
    .update(visits)
    .set({ startsAt, endsAt: new Date(startsAt.getTime() + 3 * 60 * 60_000) })
    .where(eq(visits.orderId, orderId))
    .returning();
  return { client, caregiver, orderId, visitId: visit!.id };
}
