import { sql, type SQL } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import type { Executor } from "~/platform/db/client.server";
import { findMatches, isOffDuring, type MatchQuery } from "~/features/matching/matching.server";
import { lookupZip } from "~/utils/zip-codes.server";
import { useAuthTestSetup } from "./auth-env";
import { caregiverNear, clientActor } from "./care-loop-helpers";

// Matching at 100,000 caregivers (docs/decisions/0042-signed-in-pages-with-a-year-of-data.md): the caregivers
// who reach the place are read from the coverage index alone, an index-only scan (migration 0039), never
// from the table. A column the query reads that the index does not carry turns it into a table read.

const setup = useAuthTestSetup();

type PlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Subplan Name"?: string;
  Plans?: PlanNode[];
};
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

let query: MatchQuery;
beforeAll(async () => {
  const client = await clientActor(setup.db);
  await caregiverNear(setup.db, { firstName: "Ana" });
  const place = await lookupZip("60657");
  query = {
    clientId: client.id,
    latitude: place!.latitude,
    longitude: place!.longitude,
    services: ["companionship"],
    healthNeeds: [],
    language: "en",
    caregiverGender: "no-preference",
    culture: "",
    windows: [],
    occurrences: [],
    timeZone: "America/Chicago",
  };
});

/** The statement a read sends, kept instead of run. */
async function statementOf(read: (executor: Executor) => Promise<unknown>): Promise<SQL> {
  let statement: SQL | undefined;
  const recorder = {
    execute: (sent: SQL) => {
      statement = sent;
      return Promise.resolve({ rows: [] });
    },
  } as unknown as Executor;
  await read(recorder);
  return statement!;
}

/** The plan of the statement, with sequential and bitmap scans off. */
async function planOf(statement: SQL): Promise<PlanNode> {
  return setup.db.transaction(async (tx) => {
    // On a few rows the planner would read the table whatever the indexes; without these it must use one.
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    const { rows } = await tx.execute<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(sql`explain (format json) ${statement}`);
    return rows[0]!["QUERY PLAN"][0].Plan;
  });
}

/** The plan's nodes reading `relation`, as "<node type> using <index>". */
async function scansOf(statement: SQL, relation: string): Promise<string[]> {
  const nodes = nodesOf(await planOf(statement)).filter((node) => node["Relation Name"] === relation);
  return nodes.map((node) => `${node["Node Type"]} using ${node["Index Name"]}`);
}

test("expired credentials are probed beside time off, on the ranked rows until the pool is full", async () => {
  // docs/decisions/0047-credentials-that-expire.md: not inside the ranked list, which reads every caregiver in reach.
  const plan = await planOf(await statementOf((executor) => findMatches(query, executor)));
  const ranked = nodesOf(plan).find((node) => node["Subplan Name"] === "CTE ranked");
  expect(ranked).toBeDefined();
  expect(nodesOf(ranked!).filter((node) => node["Relation Name"] === "caregiver_credentials")).toEqual([]);
  expect(nodesOf(plan).filter((node) => node["Relation Name"] === "caregiver_credentials")).not.toEqual([]);
});

test("matching and an accept test time off with one expression, through the caregiver's index", async () => {
  // docs/decisions/0048-time-off.md: timeOffOverlaps serves both, so both read caregiver_time_off alike.
  const wanted = { ...query, occurrences: [{ date: "2031-03-04", start: "09:00", end: "11:00" }] };
  const matching = await statementOf((executor) => findMatches(wanted, executor));
  const accept = await statementOf((executor) =>
    isOffDuring(executor, "caregiver", { visitId: "00000000-0000-4000-8000-000000000000" }),
  );
  expect(await scansOf(matching, "caregiver_time_off")).toEqual(["Index Scan using caregiver_time_off_caregiver_idx"]);
  expect(await scansOf(accept, "caregiver_time_off")).toEqual(["Index Scan using caregiver_time_off_caregiver_idx"]);
  // Time off tests no column of caregiver_profiles the coverage index lacks.
  expect(await scansOf(matching, "caregiver_profiles")).toEqual([
    "Index Only Scan using caregiver_profiles_coverage_idx",
  ]);
});

test("the caregivers in reach are read by an index-only scan of the coverage index", async () => {
  const statement = await statementOf((executor) => findMatches(query, executor));
  expect(await scansOf(statement, "caregiver_profiles")).toEqual([
    "Index Only Scan using caregiver_profiles_coverage_idx",
  ]);
  // And the match itself still finds her.
  expect((await findMatches(query, setup.db)).map((match) => match.firstName)).toEqual(["Ana"]);
});
