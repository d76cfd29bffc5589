import { addDays, format, nextMonday } from "date-fns";
import { eq } from "drizzle-orm";
import { visits } from "~/platform/db/schema";
import { createCaregiver, createClient, type CreateCaregiverInput } from "~/platform/db/seed/factories.server";
import { EMPTY_WEEK } from "~/features/care-requests/care-request.schema";
import { chooseCaregiver, respondToOffer } from "~/features/orders/offers.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { e2eDatabase } from "./e2e-database";

// Orders for the admin end-to-end tests, made through the same feature
// functions the pages call, on the e2e server's database (its port and
// password are in its data directory).

/** A new family with a submitted recurring request near Lincoln Park, Chicago; optionally offered to a new caregiver. */
export async function createOrderForAdmin(options: {
  lastName: string;
  offer?: boolean;
  /** The caregiver's other details (`trainingCompleted: false` for one who has not passed the training). */
  caregiver?: CreateCaregiverInput;
}) {
  const db = e2eDatabase();
  const client = await createClient(db, { firstName: "Dana", lastName: options.lastName });
  const caregiver = await createCaregiver(db, {
    firstName: "Elena",
    lastName: options.lastName,
    zipCode: "60657",
    services: ["personal-care"],
    languages: ["en", "es"],
    ...options.caregiver,
  });
  const startDate = format(addDays(nextMonday(new Date()), 14), "yyyy-MM-dd");
  const request = {
    careRecipient: "loved-one",
    fullName: `Ruth ${options.lastName}`,
    age: 84,
    gender: "female",
    phoneNumber: "(312) 555-0177",
    streetAddress: "2100 N Lincoln Ave",
    zipCode: "60614",
    serviceTypes: ["personal-care"],
    healthNeeds: ["diabetes"],
    preferredLanguage: "es",
    additionalDetails: "Needs insulin reminders before lunch.",
    scheduleType: "recurring",
    startDate,
    endDate: format(addDays(new Date(startDate), 60), "yyyy-MM-dd"),
    // Late Friday afternoons: the demo caregivers' usual hours stay free.
    weeklySchedule: { ...EMPTY_WEEK, 4: [{ start: "14:00", end: "17:00" }] },
    promoCode: "",
    termsAccepted: true,
  };
  const actor = { ...client, roles: ["client" as const] };
  const submitted = await submitCareRequest({ actor, request });
  if (options.offer) await chooseCaregiver({ actor, orderId: submitted.orderId, caregiverId: caregiver.id });
  return { ...submitted, client, caregiver };
}

/** As createOrderForAdmin, offered to its caregiver who accepts: a confirmed order, and its first visit. */
export async function confirmedOrderForAdmin(lastName: string) {
  const order = await createOrderForAdmin({ lastName, offer: true });
  await respondToOffer({
    actor: { id: order.caregiver.id, roles: ["caregiver"] },
    orderId: order.orderId,
    accept: true,
  });
  const [firstVisit] = await e2eDatabase()
    .select()
    .from(visits)
    .where(eq(visits.orderId, order.orderId))
    .orderBy(visits.startsAt);
  return { ...order, firstVisit: firstVisit! };
}
