import { readFileSync } from "node:fs";
import path from "node:path";
import { addDays, format, nextMonday } from "date-fns";
import { connectDatabase, getDb } from "~/db/client.server";
import { createCaregiver, createClient } from "~/db/seed/factories.server";
import { EMPTY_WEEK } from "~/features/care-requests/care-request.schema";
import { chooseCaregiver } from "~/features/orders/offers.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";

// Orders for the admin end-to-end tests, made through the same feature
// functions the pages call, on the e2e server's database (its port and
// password are in its data directory).

function connect() {
  const dataDir = process.env.E2E_DATA_DIR!;
  process.env.DATA_DIR ??= dataDir;
  const port = Number(readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[3]);
  const { postgresPassword } = JSON.parse(readFileSync(path.join(dataDir, "secrets.json"), "utf8")) as {
    postgresPassword: string;
  };
  try {
    return getDb();
  } catch {
    return connectDatabase(`postgres://postgres:${encodeURIComponent(postgresPassword)}@127.0.0.1:${port}/tendly`, {
      max: 2,
    });
  }
}

/** A new family with a submitted recurring request near Lincoln Park, Chicago; optionally offered to a new caregiver. */
export async function createOrderForAdmin(options: { lastName: string; offer?: boolean }) {
  const db = connect();
  const client = await createClient(db, { firstName: "Dana", lastName: options.lastName });
  const caregiver = await createCaregiver(db, {
    firstName: "Elena",
    lastName: options.lastName,
    zipCode: "60657",
    services: ["personal-care"],
    languages: ["en", "es"],
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
