import { addDays, format, nextMonday } from "date-fns";
import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { careRequests, orders, visits } from "~/db/schema";
import { chooseCaregiver, respondToOffer } from "~/features/orders/offers.server";
import { pgErrorCode } from "~/db/pg-errors";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import type { MessageRef } from "~/i18n/message-keys";
import { AppError } from "~/utils/app-error";
import { formatInZone, localDateIn } from "~/utils/datetime";

// A visit starting in a few minutes, for trying check-in on a demo or in the
// end-to-end tests at any hour (`npm run demo:visit`). The order is booked
// through the real flow (request, choice, acceptance) for a weekday morning
// three weeks ahead, when the caregiver is available; then its one visit and
// the request's date and times are moved to start `minutesFromNow` minutes
// from now, as if the family had asked for today. Never called by the app.

/** The demo request's ZIP code (60614) is in Chicago. */
const DEMO_ZONE = "America/Chicago";
const CLASH_MESSAGE = { key: "visits:refusal.demoClash" } as const satisfies MessageRef;

export type DemoVisitInput = {
  client: { id: string };
  caregiverId: string;
  recipientName: string;
  minutesFromNow?: number;
  lengthMinutes?: number;
  /** Where care happens, in ZIP 60614 (default: 2400 N Clark St). */
  streetAddress?: string;
  /** The clock (tests). */
  now?: Date;
};

export async function bookVisitSoon(input: DemoVisitInput) {
  // Checked before anything is booked, so a refusal leaves nothing behind.
  const now = input.now ?? new Date();
  const startsAt = new Date(Math.ceil((now.getTime() + (input.minutesFromNow ?? 15) * 60_000) / 60_000) * 60_000);
  const endsAt = new Date(startsAt.getTime() + (input.lengthMinutes ?? 120) * 60_000);
  const day = localDateIn(DEMO_ZONE, startsAt);
  if (localDateIn(DEMO_ZONE, endsAt) !== day) {
    throw new AppError("conflict", { key: "visits:refusal.demoTooLate" });
  }
  const [busy] = await db
    .select({ id: visits.id })
    .from(visits)
    .where(
      and(
        eq(visits.caregiverId, input.caregiverId),
        ne(visits.status, "cancelled"),
        lt(visits.startsAt, endsAt),
        gt(visits.endsAt, startsAt),
      ),
    );
  if (busy) throw new AppError("conflict", CLASH_MESSAGE);

  const client = { id: input.client.id, roles: ["client" as const] };
  const date = format(addDays(nextMonday(now), 21), "yyyy-MM-dd");
  const { orderId, orderNumber } = await submitCareRequest({
    actor: client,
    request: {
      careRecipient: "loved-one",
      fullName: input.recipientName,
      age: 79,
      gender: "female",
      phoneNumber: "(312) 555-0190",
      streetAddress: input.streetAddress ?? "2400 N Clark St",
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
  await chooseCaregiver({ actor: client, orderId, caregiverId: input.caregiverId });
  await respondToOffer({ actor: { id: input.caregiverId, roles: ["caregiver"] }, orderId, accept: true });

  const [request] = await db
    .select({ id: careRequests.id, timeZone: careRequests.timeZone })
    .from(orders)
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(eq(orders.id, orderId));
  const zone = request!.timeZone;
  try {
    const [visit] = await db.transaction(async (tx) => {
      await tx
        .update(careRequests)
        .set({
          startDate: day,
          request: sql`${careRequests.request} || ${JSON.stringify({
            startDate: day,
            startTime: formatInZone(startsAt, zone, "HH:mm"),
            endTime: formatInZone(endsAt, zone, "HH:mm"),
          })}::jsonb`,
        })
        .where(eq(careRequests.id, request!.id));
      return tx.update(visits).set({ startsAt, endsAt }).where(eq(visits.orderId, orderId)).returning();
    });
    return { orderId, orderNumber, visit: visit! };
  } catch (error) {
    if (pgErrorCode(error) === "23P01") {
      throw new AppError("conflict", CLASH_MESSAGE);
    }
    throw error;
  }
}
