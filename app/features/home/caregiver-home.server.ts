import { and, eq, gt, inArray, lt } from "drizzle-orm";
import { actorAs } from "~/platform/auth/actor";
import { db } from "~/platform/db/client.server";
import { caregiverProfiles, careRequests, orders, visits } from "~/platform/db/schema";
import { listCaregiverOffers, type CaregiverOfferSummary } from "~/features/orders/public.server";
import type { OrderReader } from "~/features/orders/public.server";
import type { Quote } from "~/features/pricing/public";
import { listOpenBackupOffers, type BackupOfferView } from "~/features/visits/public.server";
import { caregiverHomeZone, listCaregiverVisits, type CaregiverVisit } from "~/features/visits/public.server";
import { localDateIn, zonedInstant } from "~/utils/datetime";
import { summarizeWeek, WEEK_VISIT_STATUSES, weekIn, type WeekSummary } from "./caregiver-week";

// The caregiver's dashboard (/caregiver): today's visits (with check-in),
// offers waiting for an answer (orders and backup visits), this week's scheduled hours and expected pay
// (caregiver-week.ts), and their rating. Only their own visits and offers.

export type CaregiverHome = {
  /** Today on the caregiver's own calendar (the zone where they live). */
  today: string;
  todayVisits: CaregiverVisit[];
  offers: CaregiverOfferSummary[];
  /** Visits of other caregivers offered to this one as a backup, still open. */
  backupOffers: BackupOfferView[];
  /** This week's visits, hours and expected pay; Monday and Sunday of the week on the caregiver's calendar. */
  week: WeekSummary & { monday: string; sunday: string };
  rating: { average: number | null; count: number };
};

const DAY_MS = 24 * 60 * 60 * 1000;

function nextDate(isoDate: string): string {
  const [year = 1970, month = 1, day = 1] = isoDate.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

export async function getCaregiverHome({
  actor,
  now = new Date(),
}: {
  actor: OrderReader;
  now?: Date;
}): Promise<CaregiverHome> {
  const caregiver = actorAs(actor, "caregiver");
  const homeZone = await caregiverHomeZone(actor);
  const today = localDateIn(homeZone, now);
  const todayVisits = await listCaregiverVisits({
    actor,
    from: zonedInstant(today, "00:00", homeZone),
    to: zonedInstant(nextDate(today), "00:00", homeZone),
  });
  const offers = await listCaregiverOffers({ actor });
  const backupOffers = await listOpenBackupOffers({ actor, now });
  // A window wide enough to hold this week in any US zone; summarizeWeek keeps Monday to Sunday where each visit happens.
  const weekRows = await db
    .select({
      startsAt: visits.startsAt,
      endsAt: visits.endsAt,
      status: visits.status,
      timeZone: careRequests.timeZone,
      quote: orders.quote,
    })
    .from(visits)
    .innerJoin(orders, eq(orders.id, visits.orderId))
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(
      and(
        eq(visits.caregiverId, caregiver.id),
        inArray(visits.status, [...WEEK_VISIT_STATUSES]),
        gt(visits.startsAt, new Date(now.getTime() - 8 * DAY_MS)),
        lt(visits.startsAt, new Date(now.getTime() + 8 * DAY_MS)),
      ),
    );
  const week = {
    ...summarizeWeek(
      weekRows.map((row) => ({ ...row, quote: row.quote as unknown as Quote })),
      now,
    ),
    ...weekIn(homeZone, now),
  };
  const [profile] = await db
    .select({ average: caregiverProfiles.ratingAvg, count: caregiverProfiles.ratingCount })
    .from(caregiverProfiles)
    .where(eq(caregiverProfiles.userId, caregiver.id));
  return {
    today,
    todayVisits,
    offers,
    backupOffers,
    week,
    rating: { average: profile?.average ?? null, count: profile?.count ?? 0 },
  };
}
