import { sql, type SQL } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import type { Executor } from "~/platform/db/client.server";
import { findMatches, type MatchQuery } from "~/features/matching/matching.server";
import { lookupZip } from "~/utils/zip-codes.server";
import { useAuthTestSetup } from "./auth-env";
import { caregiverNear, clientActor } from "./care-loop-helpers";

// Matching at 100,000 caregivers (docs/decisions/0042-signed-in-pages-with-a-year-of-data.md): the caregivers
// who reach the place are read from the coverage index alone, an index-only scan (migration 0039), never
// from the table. A column the query reads that the index does not carry turns it into a table read.

const setup = useAuthTestSetup();

type PlanNode = { "Node Type": string; "Relation Name"?: string; "Index Name"?: string; Plans?: PlanNode[] };
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

test("the caregivers in reach are read by an index-only scan of the coverage index", async () => {
  // The statement findMatches sends, kept instead of run.
  let statement: SQL | undefined;
  const recorder = {
    execute: (sent: SQL) => {
      statement = sent;
      return Promise.resolve({ rows: [] });
    },
  } as unknown as Executor;
  await findMatches(query, recorder);
  const scans = await setup.db.transaction(async (tx) => {
    // On a few rows the planner would read the table whatever the indexes; without these it must use one.
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    const { rows } = await tx.execute<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(sql`explain (format json) ${statement}`);
    return nodesOf(rows[0]!["QUERY PLAN"][0].Plan).filter((node) => node["Relation Name"] === "caregiver_profiles");
  });
  expect(scans.map((node) => `${node["Node Type"]} using ${node["Index Name"]}`)).toEqual([
    "Index Only Scan using caregiver_profiles_coverage_idx",
  ]);
  // And the match itself still finds her.
  expect((await findMatches(query, setup.db)).map((match) => match.firstName)).toEqual(["Ana"]);
});
