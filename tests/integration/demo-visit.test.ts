import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { careRequests, orders } from "~/db/schema";
import { recordCheck } from "~/features/visits/check-in.server";
import { bookVisitSoon } from "~/features/visits/demo-visit.server";
import { localDateIn, zonedInstant } from "~/utils/datetime";
import { useAuthTestSetup } from "./auth-env";
import { caregiverNear, clientActor } from "./care-loop-helpers";

const setup = useAuthTestSetup();
const CHICAGO = "America/Chicago";

describe("a demo visit (npm run demo:visit)", () => {
  test("is booked through the real flow, starts in the minutes asked, reads as today's, and can be checked in", async () => {
    const client = await clientActor(setup.db);
    const caregiver = await caregiverNear(setup.db, { lastName: "Demo" });
    // 10:00:30 in Chicago today: the visit starts at 10:16 (the next whole minute after 15 minutes).
    const now = zonedInstant(localDateIn(CHICAGO), "10:00", CHICAGO);
    now.setSeconds(30);
    const booked = await bookVisitSoon({ client, caregiverId: caregiver.id, recipientName: "Rosa Morgan", now });
    expect(booked.visit.startsAt.getTime() - now.getTime()).toBe(15 * 60_000 + 30_000);
    expect(booked.visit.endsAt.getTime() - booked.visit.startsAt.getTime()).toBe(120 * 60_000);
    const [row] = await setup.db
      .select({ order: orders, request: careRequests })
      .from(orders)
      .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
      .where(eq(orders.id, booked.orderId));
    expect(row!.order).toMatchObject({ status: "confirmed", caregiverId: caregiver.id });
    const today = localDateIn(row!.request.timeZone, booked.visit.startsAt);
    expect(row!.request.startDate).toBe(today);
    expect(row!.request.request).toMatchObject({
      startDate: today,
      startTime: "10:16",
      endTime: "12:16",
      scheduleType: "one-time",
    });

    const result = await recordCheck({
      actor: { id: caregiver.id },
      visitId: booked.visit.id,
      kind: "check_in",
      clientEventId: randomUUID(),
      occurredAt: now,
      now,
      verification: { method: "reason", reason: "Trying the demo" },
    });
    expect(result.visitStatus).toBe("checked_in");

    // A second one for the same caregiver at the same time clashes with the first.
    const ordersBefore = await setup.db.select({ id: orders.id }).from(orders);
    await expect(
      bookVisitSoon({ client, caregiverId: caregiver.id, recipientName: "Rosa Morgan", now }),
    ).rejects.toThrow("visits:refusal.demoClash");
    // Refused before booking: nothing is left behind.
    expect(await setup.db.select({ id: orders.id }).from(orders)).toHaveLength(ordersBefore.length);
  });
});
