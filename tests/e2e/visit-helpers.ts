import { randomUUID } from "node:crypto";
import { TZDate } from "@date-fns/tz";
import { eq } from "drizzle-orm";
import { careRequests, orders, visitEvents, visits } from "~/platform/db/schema";
import { createCaregiver, createClient } from "~/platform/db/seed/factories.server";
import { recordCheck } from "~/features/visits/check-in.server";
import { bookVisitSoon } from "~/features/visits/demo-visit.server";
import { e2eDatabase } from "./e2e-database";

// Visits for the care-delivery end-to-end tests: a family and a caregiver of
// their own (the demo accounts are shared by every test) and a visit booked
// by bookVisitSoon (features/visits/demo-visit.server.ts) to start a few
// minutes from now, so that check-in is open.

/** Where bookVisitSoon's visits happen (ZIP 60614). */
export const CARE_ZONE = "America/Chicago";
const VISIT_MINUTES = 120;
/** Long enough for any of these tests' check-in and check-out. */
const SHORTEST_VISIT_MINUTES = 10;

/**
 * When the visit starts and how long it lasts. A visit stays within one day where the care happens
 * (bookVisitSoon refuses one across midnight): late in Chicago's evening a shorter one, and in the
 * day's last minutes one that starts just after midnight (check-in opens an hour before a visit, so it
 * is open either way). The tests run at any hour.
 */
function visitTiming(minutesFromNow: number, now = new Date()) {
  const local = new TZDate(now.getTime(), CARE_ZONE);
  const minutesLeftToday = 24 * 60 - (local.getHours() * 60 + local.getMinutes());
  // bookVisitSoon starts the visit on the next whole minute, hence one more.
  const fits = minutesLeftToday - minutesFromNow - 2;
  if (fits >= SHORTEST_VISIT_MINUTES) return { minutesFromNow, lengthMinutes: Math.min(VISIT_MINUTES, fits) };
  return { minutesFromNow: Math.max(minutesFromNow, minutesLeftToday + 1), lengthMinutes: VISIT_MINUTES };
}

/**
 * Whether a visit starts on today's date where the care happens: in the day's last minutes visitTiming
 * books it just after midnight, and a caregiver's home lists only today's visits under "Today's visits".
 */
export function startsTodayInCareZone(startsAt: Date, now = new Date()): boolean {
  return careDay(startsAt) === careDay(now);
}

const careDay = (date: Date) => new TZDate(date.getTime(), CARE_ZONE).toDateString();

export async function visitStartingSoon(options: {
  lastName: string;
  minutesFromNow?: number;
  streetAddress?: string;
}) {
  const db = e2eDatabase();
  const tag = `${options.lastName.toLowerCase()}-${randomUUID().slice(0, 8)}`;
  const client = await createClient(db, {
    firstName: "Nora",
    lastName: options.lastName,
    email: `family-${tag}@example.test`,
  });
  const caregiver = await createCaregiver(db, {
    firstName: "Iris",
    lastName: options.lastName,
    email: `caregiver-${tag}@example.test`,
    zipCode: "60657",
    services: ["personal-care", "companionship"],
    languages: ["en", "es"],
  });
  const { orderId, orderNumber, visit } = await bookVisitSoon({
    client,
    caregiverId: caregiver.id,
    recipientName: `Elsa ${options.lastName}`,
    streetAddress: options.streetAddress,
    ...visitTiming(options.minutesFromNow ?? 5),
  });
  const [place] = await db
    .select({ latitude: careRequests.latitude, longitude: careRequests.longitude })
    .from(orders)
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(eq(orders.id, orderId));
  return { client, caregiver, orderId, orderNumber, visit, address: place! };
}

export type BookedVisit = Awaited<ReturnType<typeof visitStartingSoon>>;

/**
 * Checks the booked visit in and out through the check-in feature, at its address, as the
 * caregiver's phone would; the check-out queues the invoicing job, which the suite server runs. The visit
 * lasts seconds, so it is a short visit, invoiced and paid the minimum charge.
 */
export async function completeVisit(booked: BookedVisit) {
  const verification = { method: "location" as const, ...booked.address, accuracyMeters: 10 };
  const checkedIn = new Date();
  const checkedOut = new Date(checkedIn.getTime() + 2_000);
  for (const [kind, at] of [
    ["check_in", checkedIn],
    ["check_out", checkedOut],
  ] as const) {
    await recordCheck({
      actor: { id: booked.caregiver.id },
      visitId: booked.visit.id,
      kind,
      clientEventId: randomUUID(),
      occurredAt: at,
      verification,
      // Seconds after its check-in, the visit is short: its check-out needs a reason.
      shortReason: kind === "check_out" ? "Trying the visit flow: the family let me go early." : undefined,
      now: at,
    });
  }
}

/**
 * Moves a booked visit to have begun half an hour before today's midnight where the care happens and to
 * run until an hour and a half from now: a visit under way (or late) across midnight.
 */
export async function beganBeforeMidnight(visitId: string, now = new Date()) {
  const local = new TZDate(now.getTime(), CARE_ZONE);
  const midnight = new TZDate(local.getFullYear(), local.getMonth(), local.getDate(), CARE_ZONE);
  const startsAt = new Date(midnight.getTime() - 30 * 60_000);
  await e2eDatabase()
    .update(visits)
    .set({ startsAt, endsAt: new Date(now.getTime() + 90 * 60_000) })
    .where(eq(visits.id, visitId));
  return startsAt;
}

export async function visitState(visitId: string) {
  const db = e2eDatabase();
  const [visit] = await db.select().from(visits).where(eq(visits.id, visitId));
  const events = await db.select().from(visitEvents).where(eq(visitEvents.visitId, visitId)).orderBy(visitEvents.id);
  const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, visit!.orderId));
  return { visit: visit!, events, orderStatus: order!.status };
}
