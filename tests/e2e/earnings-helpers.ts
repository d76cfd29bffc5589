import { eq } from "drizzle-orm";
import { caregiverEarnings, payoutBatches, payouts, visits } from "~/platform/db/schema";
import { addDays } from "~/features/earnings/earnings";
import { localDateIn } from "~/utils/datetime";
import { e2eDatabase } from "./e2e-database";
import { visitStartingSoon } from "./visit-helpers";

// Earnings for the end-to-end tests of /caregiver/earnings and /admin/payouts.

/** The zone of the visits visitStartingSoon books. */
export const EARNINGS_ZONE = "America/Chicago";
const ZONE = EARNINGS_ZONE;

/**
 * A caregiver of their own whose visit (booked by bookVisitSoon) was completed `daysAgo` days ago
 * (4 hours, $92.00 at $23.00/h), with the earnings row issuing its invoice writes.
 */
export async function caregiverWithEarning(lastName: string, daysAgo = 2) {
  const db = e2eDatabase();
  const booked = await visitStartingSoon({ lastName });
  const workedOn = addDays(localDateIn(ZONE), -daysAgo);
  const endsAt = new Date(`${workedOn}T19:00:00Z`);
  const startsAt = new Date(endsAt.getTime() - 4 * 3_600_000);
  await db
    .update(visits)
    .set({ status: "completed", startsAt, endsAt, checkedInAt: startsAt, checkedOutAt: endsAt })
    .where(eq(visits.id, booked.visit.id));
  const [earning] = await db
    .insert(caregiverEarnings)
    .values({
      caregiverId: booked.caregiver.id,
      visitId: booked.visit.id,
      orderId: booked.orderId,
      workedAt: endsAt,
      workedOn,
      minutes: 240,
      payRateCents: 2300,
      amountCents: 9200,
    })
    .returning();
  return { ...booked, earning: earning!, workedOn };
}

/** A batch of its own holding only `earning`, with its one payout still to pay (no other test's batch can take it). */
export async function payoutOf(earning: { id: string; caregiverId: string; amountCents: number; workedOn: string }) {
  const db = e2eDatabase();
  const [batch] = await db.insert(payoutBatches).values({ throughDate: earning.workedOn }).returning();
  const [payout] = await db
    .insert(payouts)
    .values({ batchId: batch!.id, caregiverId: earning.caregiverId, amountCents: earning.amountCents })
    .returning();
  await db
    .update(caregiverEarnings)
    .set({ status: "in_payout", payoutId: payout!.id })
    .where(eq(caregiverEarnings.id, earning.id));
  return payout!;
}
