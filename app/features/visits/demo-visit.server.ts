import { addDays } from "date-fns/addDays";
import { format } from "date-fns/format";
import { nextMonday } from "date-fns/nextMonday";
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { careRequests, orders, visits } from "~/platform/db/schema";
import { chooseCaregiver, respondToOffer } from "~/features/orders/public.server";
import { pgErrorCode } from "~/platform/db/pg-errors";
import { submitCareRequest } from "~/features/orders/public.server";
import type { MessageRef } from "~/i18n/message-keys";
import { AppError } from "~/utils/app-error";
import { formatInZone, localDateIn } from "~/utils/datetime";

// A visit starting in a few minutes, for trying check-in on a demo or in the
// end-to-end tests at any hour (`npm run demo:visit`). The order is booked
// through the real flow (request, choice, acceptance) for a weekday morning
// three weeks ahead, when the caregiver is available; then its one visit and
// the request's date and times are moved to start `minutesFromNow` minutes
// from now, as if the family had asked for today; when the caregiver is busy
// then, at the earliest later start when they are free. Never called by the app.

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

/** The visits that hold a caregiver's time: still to be given, under way or missed (not completed or cancelled). */
const HOLDING_STATUSES = ["scheduled", "checked_in", "missed"] as const;

const MINUTE_MS = 60_000;
const ceilToMinute = (time: number) => Math.ceil(time / MINUTE_MS) * MINUTE_MS;

/**
 * The earliest start at or after `earliest` for a visit of `lengthMs` that overlaps none of `busy`
 * (docs/product-rules.md, "Demo accounts and local tools"). Pure, for the tests.
 */
export function firstFreeStart(
  earliest: Date,
  lengthMs: number,
  busy: readonly { startsAt: Date; endsAt: Date }[],
): Date {
  let start = ceilToMinute(earliest.getTime());
  for (const visit of [...busy].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())) {
    if (visit.startsAt.getTime() >= start + lengthMs) break;
    if (visit.endsAt.getTime() > start) start = ceilToMinute(visit.endsAt.getTime());
  }
  return new Date(start);
}

export async function bookVisitSoon(input: DemoVisitInput) {
  // Checked before anything is booked, so a refusal leaves nothing behind.
  const now = input.now ?? new Date();
  const lengthMs = (input.lengthMinutes ?? 120) * MINUTE_MS;
  const earliest = new Date(ceilToMinute(now.getTime() + (input.minutesFromNow ?? 15) * MINUTE_MS));
  const day = localDateIn(DEMO_ZONE, earliest);
  const busy = await db
    .select({ startsAt: visits.startsAt, endsAt: visits.endsAt })
    .from(visits)
    .where(
      and(
        eq(visits.caregiverId, input.caregiverId),
        inArray(visits.status, [...HOLDING_STATUSES]),
        gt(visits.endsAt, earliest),
      ),
    );
  const startsAt = firstFreeStart(earliest, lengthMs, busy);
  const endsAt = new Date(startsAt.getTime() + lengthMs);
  // The free slot must end by midnight where the care happens: the demo visit is today's.
  if (localDateIn(DEMO_ZONE, endsAt) !== day) {
    throw new AppError("conflict", { key: "visits:refusal.demoTooLate" });
  }

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
    return { orderId, orderNumber, visit: visit!, timeZone: zone, isLaterThanAsked: startsAt > earliest };
  } catch (error) {
    if (pgErrorCode(error) === "23P01") {
      throw new AppError("conflict", CLASH_MESSAGE);
    }
    throw error;
  }
}
