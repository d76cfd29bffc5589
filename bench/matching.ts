// `npm run bench:matching` (also the last part of `npm run bench`): matching
// over 100,000 synthetic caregivers (the goal of docs/decisions/0042-signed-in-pages-with-a-year-of-data.md; BENCH_CAREGIVERS), on a throw-away embedded PostgreSQL and,
// when reachable, on the machine's PostgreSQL (BENCH_PG_URL, default
// postgres://postgres@127.0.0.1:5432/postgres: a throw-away database is
// created there and dropped after). Prints p50/p95/p99 per match.
//
// The caregivers: 70% around 25 US metros (within ~40 miles of their centre),
// 30% anywhere in the lower 48; random services, languages, skills, cultures,
// radius 5-40 miles, weekday or mixed availability, and confirmed visits for
// one in ten. Each match runs the real findMatches (hard filters in SQL, then
// the score) for a request at a random metro ZIP.
import { randomBytes } from "node:crypto";
import os from "node:os";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "~/platform/db/schema";
import type { Database } from "~/platform/db/client.server";
import { findMatches, type MatchQuery } from "~/features/matching/matching.server";
import { lookupZip } from "~/utils/zip-codes.server";
import { CARE_SKILLS, SERVICE_IDS } from "~/utils/services";
import { onEmbedded, onExternal } from "./servers";

const CAREGIVERS = Number(process.env.BENCH_CAREGIVERS ?? 100_000);
const GOAL_MS = 20;
const MATCHES = Number(process.env.BENCH_MATCHES ?? 400);
const WARMUP = 40;

const METRO_ZIPS = [
  "10001",
  "90012",
  "60614",
  "77002",
  "85004",
  "19103",
  "78205",
  "92101",
  "75201",
  "95113",
  "78701",
  "32202",
  "76102",
  "43215",
  "28202",
  "94103",
  "46204",
  "98101",
  "80202",
  "20001",
  "02108",
  "37203",
  "48226",
  "73102",
  "97205",
];
const LANGUAGES = ["en", "es", "zh", "vi", "tl", "ko", "ru", "pl", "ar", "hi", "fr", "ht", "pt"];
const CULTURES = ["latino", "chinese", "korean", "south-asian", "west-african", "eastern-european", "middle-eastern"];

// A small deterministic generator, so both servers get the same data.
let seed = 42;
function random(): number {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const some = <T>(list: readonly T[], chance: number): T[] => list.filter(() => random() < chance);

type Place = { latitude: number; longitude: number };

async function metroCentres(): Promise<Place[]> {
  const places = await Promise.all(METRO_ZIPS.map((zip) => lookupZip(zip)));
  return places.filter((place): place is NonNullable<typeof place> => Boolean(place));
}

function caregiverPlace(metros: Place[]): Place {
  if (random() < 0.7) {
    const centre = pick(metros);
    const miles = random() * 40;
    const angle = random() * 2 * Math.PI;
    return {
      latitude: centre.latitude + (miles * Math.sin(angle)) / 69,
      longitude: centre.longitude + (miles * Math.cos(angle)) / (69 * Math.cos((centre.latitude * Math.PI) / 180)),
    };
  }
  return { latitude: 25 + random() * 23, longitude: -124 + random() * 57 };
}

async function insertCaregivers(db: Database, metros: Place[]) {
  const BATCH = 2000;
  for (let start = 0; start < CAREGIVERS; start += BATCH) {
    const users: (typeof schema.userProfiles.$inferInsert)[] = [];
    const profiles: (typeof schema.caregiverProfiles.$inferInsert)[] = [];
    const availability: (typeof schema.caregiverAvailability.$inferInsert)[] = [];
    for (let index = start; index < Math.min(start + BATCH, CAREGIVERS); index += 1) {
      const id = `bench-${index}`;
      const place = caregiverPlace(metros);
      users.push({ id, email: `${id}@bench.test`, name: `Care Giver${index}`, role: "caregiver" });
      const services = some(SERVICE_IDS, 0.55);
      profiles.push({
        userId: id,
        slug: id,
        firstName: "Care",
        lastName: `Giver${index}`,
        latitude: place.latitude,
        longitude: place.longitude,
        zipCode: "00000",
        caregiverStatus: random() < 0.85 ? "approved" : pick(["pending", "suspended", "inactive"] as const),
        backgroundCheckStatus: random() < 0.9 ? "clear" : "in_progress",
        yearsExperience: Math.floor(random() * 20),
        gender: random() < 0.75 ? "female" : "male",
        languages: ["en", ...some(LANGUAGES.slice(1), 0.12)],
        services: services.length ? services : [pick(SERVICE_IDS)],
        skills: some(CARE_SKILLS, 0.3),
        cultures: some(CULTURES, 0.1),
        travelRadiusMiles: 5 + Math.floor(random() * 36),
        ratingAvg: random() < 0.7 ? Math.round((3.5 + random() * 1.5) * 100) / 100 : null,
        ratingCount: Math.floor(random() * 60),
      });
      const weekdays = random() < 0.5 ? [0, 1, 2, 3, 4] : some([0, 1, 2, 3, 4, 5, 6], 0.6);
      for (const weekday of weekdays) {
        const startMinute = (6 + Math.floor(random() * 4)) * 60;
        availability.push({
          caregiverId: id,
          weekday,
          startMinute,
          endMinute: startMinute + (8 + Math.floor(random() * 5)) * 60,
        });
      }
    }
    await db.insert(schema.userProfiles).values(users);
    await db.insert(schema.caregiverProfiles).values(profiles);
    if (availability.length) await db.insert(schema.caregiverAvailability).values(availability);
  }
  // Confirmed visits for one caregiver in ten: a client, request and order to hang them on.
  await db.insert(schema.userProfiles).values({ id: "bench-client", email: "client@bench.test", name: "Bench Client" });
  const [request] = await db
    .insert(schema.careRequests)
    .values({
      clientId: "bench-client",
      request: {},
      zipCode: "60614",
      latitude: 41.92,
      longitude: -87.65,
      timeZone: "America/Chicago",
      services: ["companionship"],
      language: "en",
      caregiverGender: "no-preference",
      scheduleType: "one-time",
      startDate: "2027-01-04",
    })
    .returning();
  const [order] = await db
    .insert(schema.orders)
    .values({ clientId: "bench-client", careRequestId: request!.id, quote: {}, status: "confirmed" })
    .returning();
  const visitRows: (typeof schema.visits.$inferInsert)[] = [];
  for (let index = 0; index < CAREGIVERS; index += 10) {
    for (let week = 0; week < 4; week += 1) {
      const startsAt = new Date(
        // The caregiver's index in milliseconds keeps (order, start) unique on the one bench order.
        Date.UTC(2027, 0, 4 + week * 7 + Math.floor(random() * 5), 14 + Math.floor(random() * 4)) + index,
      );
      visitRows.push({
        orderId: order!.id,
        caregiverId: `bench-${index}`,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 3 * 3_600_000),
      });
    }
  }
  for (let start = 0; start < visitRows.length; start += 5000) {
    await db.insert(schema.visits).values(visitRows.slice(start, start + 5000));
  }
  // VACUUM as well as ANALYZE, as autovacuum would have done on a real database of this size: it marks the
  // pages all-visible, which the index-only scan of the coverage index needs (migration 0039).
  await db.execute("vacuum analyze");
}

function requestAt(place: Place): MatchQuery {
  const services = some(SERVICE_IDS, 0.3);
  const weekdays = some([0, 1, 2, 3, 4], 0.5);
  const days = weekdays.length ? weekdays : [0];
  const occurrences = [0, 1, 2, 3, 4, 5, 6, 7].flatMap((week) =>
    days.map((weekday) => {
      const date = new Date(Date.UTC(2027, 0, 4 + week * 7 + weekday)).toISOString().slice(0, 10);
      return { date, start: "09:00", end: "13:00" };
    }),
  );
  return {
    clientId: "bench-client",
    latitude: place.latitude + (random() - 0.5) * 0.2,
    longitude: place.longitude + (random() - 0.5) * 0.2,
    services: services.length ? services : ["companionship"],
    healthNeeds: some(CARE_SKILLS, 0.3),
    language: random() < 0.4 ? pick(LANGUAGES) : "en",
    caregiverGender: pick(["no-preference", "no-preference", "female", "male"]),
    culture: random() < 0.2 ? pick(CULTURES) : "",
    windows: days.map((weekday) => ({ weekday, startMinute: 540, endMinute: 780 })),
    occurrences,
    timeZone: "America/Chicago",
    limit: 10,
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function benchmark(label: string, url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pool.on("error", () => undefined);
  // BENCH_EXPLAIN=1 prints the plan of one match (the last query and its parameters).
  let last: { query: string; params: unknown[] } | undefined;
  const logger = { logQuery: (query: string, params: unknown[]) => void (last = { query, params }) };
  const db = drizzle(pool, { schema, casing: "snake_case", logger }) as unknown as Database;
  try {
    seed = 42;
    const metros = await metroCentres();
    const loadStart = performance.now();
    await insertCaregivers(db, metros);
    const loadSeconds = (performance.now() - loadStart) / 1000;
    const timings: number[] = [];
    let found = 0;
    for (let run = 0; run < WARMUP + MATCHES; run += 1) {
      const query = requestAt(pick(metros));
      const start = performance.now();
      const matches = await findMatches(query, db);
      const elapsed = performance.now() - start;
      if (run >= WARMUP) {
        timings.push(elapsed);
        found += matches.length;
      }
    }
    timings.sort((a, b) => a - b);
    // The database's own execution time of the same kind of query (EXPLAIN ANALYZE), which the
    // machine's load inflates less than the wall-clock time above.
    const executions: number[] = [];
    let slowest: typeof last;
    for (let run = 0; run < Math.min(MATCHES, 100); run += 1) {
      await findMatches(requestAt(pick(metros)), db);
      if (!last) break;
      const plan = await pool.query(`explain (analyze, format json) ${last.query}`, last.params);
      const time = (plan.rows[0] as { "QUERY PLAN": [{ "Execution Time": number }] })["QUERY PLAN"][0][
        "Execution Time"
      ];
      if (process.env.BENCH_EXPLAIN && time > Math.max(0, ...executions)) slowest = { ...last };
      executions.push(time);
    }
    executions.sort((a, b) => a - b);
    if (slowest) {
      const plan = await pool.query(`explain (analyze, buffers) ${slowest.query}`, slowest.params);
      console.log(plan.rows.map((row: Record<string, string>) => row["QUERY PLAN"]).join("\n"));
    }

    const result = {
      server: label,
      // Other work on the machine moves these figures: the 1-minute load average at the end of the run.
      loadAverage: Math.round(os.loadavg()[0]! * 10) / 10,
      caregivers: CAREGIVERS,
      matches: MATCHES,
      loadSeconds: Math.round(loadSeconds * 10) / 10,
      averageResults: Math.round((found / MATCHES) * 10) / 10,
      p50Ms: Math.round(percentile(timings, 50) * 100) / 100,
      p95Ms: Math.round(percentile(timings, 95) * 100) / 100,
      p99Ms: Math.round(percentile(timings, 99) * 100) / 100,
      sqlP50Ms: Math.round(percentile(executions, 50) * 100) / 100,
      sqlP95Ms: Math.round(percentile(executions, 95) * 100) / 100,
    };
    console.log(
      `${label.padEnd(34)} p50 ${`${result.p50Ms} ms`.padEnd(10)} p95 ${`${result.p95Ms} ms`.padEnd(10)} p99 ${result.p99Ms} ms  (SQL execution p50 ${result.sqlP50Ms} ms, p95 ${result.sqlP95Ms} ms; ${MATCHES} matches, ${result.averageResults} results each; data loaded in ${result.loadSeconds} s; machine load average ${result.loadAverage} on ${os.availableParallelism()} CPUs) ${result.p95Ms < GOAL_MS ? "ok" : `OVER the ${GOAL_MS} ms goal`}`,
    );
    return result;
  } finally {
    await pool.end();
  }
}

async function main() {
  console.log(
    `\nMatching: ${CAREGIVERS.toLocaleString("en-US")} synthetic caregivers, ${MATCHES} matches per server (goal: p95 under ${GOAL_MS} ms)`,
  );
  // BENCH_SERVERS=embedded or =machine runs one of them.
  const servers = process.env.BENCH_SERVERS ?? "embedded,machine";
  const results = [
    servers.includes("embedded") ? await onEmbedded("bench_matching", (url, label) => benchmark(label, url)) : null,
    servers.includes("machine")
      ? await onExternal(`tendly_bench_matching_${randomBytes(4).toString("hex")}`, (url, label) =>
          benchmark(label, url),
        )
      : null,
  ].filter(Boolean);
  return results;
}

main().catch((error: unknown) => {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  console.error(`\nMatching benchmark failed: ${cause instanceof Error ? cause.message.slice(0, 500) : String(cause)}`);
  process.exitCode = 1;
});
