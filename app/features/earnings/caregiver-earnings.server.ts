import { validationRef } from "~/i18n/message-text";
import { and, desc, eq, gte, lte, type SQL } from "drizzle-orm";
import { actorAs } from "~/platform/auth/actor";
import { db } from "~/platform/db/client.server";
import { caregiverEarnings, orders, payouts, userProfiles } from "~/platform/db/schema";
import type { OrderReader } from "~/features/orders/public.server";
import { caregiverHomeZone } from "~/features/visits/public.server";
import { AppError } from "~/utils/app-error";
import { localDateIn } from "~/utils/datetime";
import {
  chartWeeks,
  clientShortName,
  earningsTotals,
  groupByWeek,
  type ChartWeek,
  type EarningLine,
  type EarningsTotals,
  type EarningsWeek,
} from "./earnings";
import { EarningsRangeSchema } from "./earnings.schema";

// The caregiver's earnings (/caregiver/earnings and its CSV; docs/product-rules.md, "Billing and
// pay"): their own earnings rows only, one per completed visit, with the client as first name and
// last initial and the date its payout was paid (on the caregiver's own calendar).

/** At most this many rows in one read (years of a full-time caregiver's visits). */
export const MAX_EARNING_ROWS = 10_000;

/** How many weeks with earnings the page lists; the CSV has them all. */
export const LISTED_WEEKS = 12;

export type CaregiverEarnings = {
  /** Today on the caregiver's calendar. */
  today: string;
  totals: EarningsTotals;
  chart: ChartWeek[];
  /** The latest weeks with earnings, newest first. */
  weeks: EarningsWeek[];
  /** Weeks with earnings older than those listed (in the CSV). */
  olderWeekCount: number;
};

/** The caregiver's own earnings rows, newest first, optionally of a range of dates worked on. */
export async function listCaregiverEarnings({
  actor,
  from,
  to,
}: {
  actor: OrderReader;
  from?: string;
  to?: string;
}): Promise<EarningLine[]> {
  const caregiver = actorAs(actor, "caregiver");
  const range = EarningsRangeSchema.safeParse({ from, to });
  if (!range.success)
    throw new AppError("invalid", validationRef(range.error.issues[0]?.message) ?? "earnings:messages.date", {
      field: "to",
    });
  const homeZone = await caregiverHomeZone(actor);
  const conditions: SQL[] = [eq(caregiverEarnings.caregiverId, caregiver.id)];
  if (range.data.from) conditions.push(gte(caregiverEarnings.workedOn, range.data.from));
  if (range.data.to) conditions.push(lte(caregiverEarnings.workedOn, range.data.to));
  const rows = await db
    .select({
      id: caregiverEarnings.id,
      visitId: caregiverEarnings.visitId,
      workedOn: caregiverEarnings.workedOn,
      minutes: caregiverEarnings.minutes,
      payRateCents: caregiverEarnings.payRateCents,
      amountCents: caregiverEarnings.amountCents,
      status: caregiverEarnings.status,
      clientName: userProfiles.name,
      paidAt: payouts.paidAt,
    })
    .from(caregiverEarnings)
    .innerJoin(orders, eq(orders.id, caregiverEarnings.orderId))
    .innerJoin(userProfiles, eq(userProfiles.id, orders.clientId))
    .leftJoin(payouts, eq(payouts.id, caregiverEarnings.payoutId))
    .where(and(...conditions))
    .orderBy(desc(caregiverEarnings.workedOn), desc(caregiverEarnings.workedAt))
    .limit(MAX_EARNING_ROWS);
  return rows.map(({ paidAt, clientName, ...row }) => ({
    ...row,
    clientName: clientShortName(clientName),
    paidOn: row.status === "paid" && paidAt ? localDateIn(homeZone, paidAt) : null,
  }));
}

/** The earnings page: totals, the last twelve weeks for the chart, and the latest weeks' visits. */
export async function getCaregiverEarnings({
  actor,
  now = new Date(),
}: {
  actor: OrderReader;
  now?: Date;
}): Promise<CaregiverEarnings> {
  const lines = await listCaregiverEarnings({ actor });
  const today = localDateIn(await caregiverHomeZone(actor), now);
  const weeks = groupByWeek(lines);
  return {
    today,
    totals: earningsTotals(lines, today),
    chart: chartWeeks(lines, today),
    weeks: weeks.slice(0, LISTED_WEEKS),
    olderWeekCount: Math.max(weeks.length - LISTED_WEEKS, 0),
  };
}
