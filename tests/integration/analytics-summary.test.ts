import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { careRequests, caregiverAvailability, caregiverProfiles, invoices, orders, visits } from "~/platform/db/schema";
import { createCaregiver, createUser } from "~/platform/db/seed/factories.server";
import { METRICS, PERIODS } from "~/features/analytics/metrics";
import { readMetric, type MetricRange } from "~/features/analytics/metrics.server";
import { localDateIn } from "~/utils/datetime";
import { at, insertInvoice, insertOrder, insertVisit, insertWorkedVisit, type PlacedOrder } from "./analytics-helpers";
import { useAuthTestSetup } from "./auth-env";

// The analytics' per-day summary (docs/decisions/0039-admin-home-and-analytics.md, "Staying fast with a
// year of data"): every metric read from it equals the same metric computed from the rows alone, by week
// and by month, for every metro and for one, with ranges cut mid-period and a `now` inside the range; and
// still does after orders, visits, invoices and a care request change, older days included, and after
// caregivers move, are suspended or change their availability (utilisation and retention count caregivers
// by their metro and status as they are now).

const setup = useAuthTestSetup();
const admin = { id: "", roles: ["admin" as const] };
const SPRING = "Springfield, ZZ";
const place = { city: "Springfield", state: "ZZ" };
const elsewhere = { city: "Shelbyville", state: "ZZ" };

const RANGES: Omit<MetricRange, "period" | "metro">[] = [
  { from: "2024-02-05", to: "2024-04-28", now: at("2024-06-01") },
  { from: "2024-02-05", to: "2024-04-28", now: at("2024-03-13", 12) },
  { from: "2024-02-21", to: "2024-04-03", now: at("2024-06-01") },
];

/** Every metric, period, metro and range, read from the summary and from the rows; returns the differences. */
async function disagreements(ranges = RANGES): Promise<string[]> {
  const found: string[] = [];
  for (const metric of METRICS) {
    for (const period of PERIODS) {
      for (const metro of ["", SPRING]) {
        for (const base of ranges) {
          const range = { ...base, period, metro };
          const [summary, rows] = await Promise.all([
            readMetric({ actor: admin, metric, range }),
            readMetric({ actor: admin, metric, range, source: "rows" }),
          ]);
          try {
            expect(summary).toEqual(rows);
          } catch {
            found.push(`${metric} by ${period} ${metro || "every metro"} ${base.from}..${base.to}`);
          }
        }
      }
    }
  }
  return found;
}

/** Utilisation or retention by week in Springfield over the first range. */
const read = (metric: "utilisation" | "retention") =>
  readMetric({ actor: admin, metric, range: { ...RANGES[0]!, period: "week", metro: SPRING } });
const profile = (id: string) => eq(caregiverProfiles.userId, id);

let early: PlacedOrder;
let pending: PlacedOrder;
let moved: PlacedOrder;
let first: string;
const caregivers: string[] = [];

beforeAll(async () => {
  admin.id = (await createUser(setup.db, { roles: ["admin"] })).id;
  const family = (await createUser(setup.db, { roles: ["client"] })).id;
  for (const [index, where] of [place, place, elsewhere].entries()) {
    const caregiver = await createCaregiver(setup.db, { status: "approved" });
    await setup.db.update(caregiverProfiles).set(where).where(eq(caregiverProfiles.userId, caregiver.id));
    caregivers[index] = caregiver.id;
  }
  first = caregivers[0]!;
  early = await insertOrder(setup.db, {
    clientId: family,
    caregiverId: first,
    createdAt: at("2024-02-06", 10),
    confirmedAt: at("2024-02-06", 15),
    ...place,
  });
  pending = await insertOrder(setup.db, { clientId: family, createdAt: at("2024-02-07", 9), ...place });
  moved = await insertOrder(setup.db, {
    clientId: family,
    caregiverId: caregivers[1]!,
    createdAt: at("2024-02-20", 8),
    confirmedAt: at("2024-02-22", 8),
    ...place,
  });
  const other = await insertOrder(setup.db, {
    clientId: family,
    caregiverId: caregivers[2]!,
    createdAt: at("2024-02-08", 8),
    confirmedAt: at("2024-02-08", 20),
    ...elsewhere,
  });
  // Weekly visits from February to April, a late, a missed and a cancelled one among them; one overnight.
  for (let week = 0; week < 12; week += 1) {
    const day = new Date(at("2024-02-12", 9).getTime() + week * 7 * 86_400_000);
    const worked = await insertWorkedVisit(setup.db, early, day, 3 + (week % 3));
    await insertInvoice(setup.db, early, { issuedAt: worked.checkedOutAt!, totalCents: 6_000 + week * 10 });
    await insertWorkedVisit(setup.db, other, new Date(day.getTime() + 86_400_000), 2.5);
    if (week >= 2) {
      await insertVisit(setup.db, moved, {
        startsAt: new Date(day.getTime() + 2 * 86_400_000),
        status: week % 4 === 0 ? "missed" : "completed",
        lateAlertedAt: week % 3 === 0 ? new Date(day.getTime() + 2 * 86_400_000 + 900_000) : null,
        checkedInAt: week % 4 === 0 ? null : new Date(day.getTime() + 2 * 86_400_000 + 1_800_000),
        checkedOutAt: week % 4 === 0 ? null : new Date(day.getTime() + 2 * 86_400_000 + 14 * 3_600_000),
      });
    }
  }
  await insertVisit(setup.db, early, { startsAt: at("2024-03-19", 9), status: "cancelled" });
});

describe("the analytics' per-day summary", () => {
  test("equals the figures computed from the rows", async () => {
    expect(await disagreements()).toEqual([]);
    for (const table of [
      "analytics_days",
      "analytics_metro_work",
      "analytics_caregiver_periods",
      "analytics_caregiver_active",
    ]) {
      const stored = await setup.db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table)}`,
      );
      expect({ table, stored: stored.rows[0]!.n > 0 }).toEqual({ table, stored: true });
    }
  });

  test("still equals them after orders, visits, invoices and a care request change, older days too", async () => {
    const before = await readMetric({
      actor: admin,
      metric: "hours",
      range: { ...RANGES[0]!, period: "week", metro: SPRING },
    });
    // An older day's visit worked longer, a pending order confirmed, an invoice voided, a visit deleted,
    // an order moved to another metro, and a new visit on an old day.
    const [older] = await setup.db
      .select({ id: visits.id })
      .from(visits)
      .where(eq(visits.startsAt, at("2024-02-12", 9)));
    await setup.db
      .update(visits)
      .set({ checkedOutAt: at("2024-02-12", 20) })
      .where(eq(visits.id, older!.id));
    await setup.db
      .update(orders)
      .set({ status: "confirmed", caregiverId: first, confirmedAt: at("2024-02-09", 9) })
      .where(eq(orders.id, pending.orderId));
    await setup.db
      .update(invoices)
      .set({ status: "void" })
      .where(eq(invoices.issuedAt, at("2024-03-04", 12)));
    await setup.db.delete(visits).where(eq(visits.startsAt, at("2024-04-10", 9)));
    const [movedOrder] = await setup.db
      .select({ careRequestId: orders.careRequestId })
      .from(orders)
      .where(eq(orders.id, moved.orderId));
    await setup.db.update(careRequests).set(elsewhere).where(eq(careRequests.id, movedOrder!.careRequestId));
    await insertWorkedVisit(setup.db, early, at("2024-02-14", 10), 6);

    const after = await readMetric({
      actor: admin,
      metric: "hours",
      range: { ...RANGES[0]!, period: "week", metro: SPRING },
    });
    expect(after).not.toEqual(before);
    expect(await disagreements()).toEqual([]);
  });

  test("still equals them after caregivers move, are suspended or change their availability", async () => {
    const before = { utilisation: await read("utilisation"), retention: await read("retention") };
    const [second, third] = [caregivers[1]!, caregivers[2]!];
    // A Springfield caregiver moves away, with work on an older day added; the other leaves no metro.
    await setup.db.update(caregiverProfiles).set(elsewhere).where(profile(second));
    await insertWorkedVisit(setup.db, moved, at("2024-02-27", 7), 4);
    await setup.db.update(caregiverProfiles).set({ city: null }).where(profile(third));
    expect(await read("retention")).not.toEqual(before.retention);
    expect(await disagreements()).toEqual([]);

    // The first is suspended, then approved again with no availability: utilisation no longer counts them.
    await setup.db.update(caregiverProfiles).set({ caregiverStatus: "suspended" }).where(profile(first));
    expect(await disagreements()).toEqual([]);
    await setup.db.update(caregiverProfiles).set({ caregiverStatus: "approved" }).where(profile(first));
    await setup.db.delete(caregiverAvailability).where(eq(caregiverAvailability.caregiverId, first));
    expect(await read("utilisation")).not.toEqual(before.utilisation);
    expect(await disagreements()).toEqual([]);

    // Everyone back where they were, availability a single window: the figures follow.
    await setup.db
      .insert(caregiverAvailability)
      .values({ caregiverId: first, weekday: 0, startMinute: 540, endMinute: 1020 });
    await setup.db.update(caregiverProfiles).set(place).where(profile(second));
    await setup.db.update(caregiverProfiles).set(elsewhere).where(profile(third));
    expect(await disagreements()).toEqual([]);
  });

  test("computes today live and agrees on a range that ends today", async () => {
    const today = localDateIn("UTC");
    const now = new Date();
    await insertWorkedVisit(setup.db, early, new Date(now.getTime() - 2 * 3_600_000), 1);
    const from = new Date(now.getTime() - 40 * 86_400_000).toISOString().slice(0, 10);
    expect(await disagreements([{ from, to: today, now }])).toEqual([]);
  });
});
