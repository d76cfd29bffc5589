import { sql } from "drizzle-orm";
import pg from "pg";
import type { StaticHandlerContext } from "react-router";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { initAuth } from "~/platform/auth/auth.server";
import { getCurrentUser, type CurrentUser } from "~/platform/auth/session.server";
import { getDatabaseUrl } from "~/platform/db/client.server";
import { countVisitExceptions, listVisitExceptions } from "~/features/evv/exceptions.server";
import { seedAnalyticsYear } from "../../bench/analytics-seed";
import { busiestAccounts, seedYearActivity, SIGNED_IN_PAGES as PAGES } from "../../bench/year-seed";
import { installRecorder, loadPage, recordStatements, removeRecorder, type Statement } from "../../bench/page-loaders";
import { mintSession } from "../e2e/sessions";
import { useAuthTestSetup } from "./auth-env";
import { randomSecret } from "./env";

// The signed-in pages read through indexes only (docs/decisions/0042-signed-in-pages-with-a-year-of-data.md):
// each of the eight pages is requested as the server does it (root, area guard and page loaders through
// React Router's static handler) as a family, a caregiver and an administrator of a small seeded year;
// every statement sent to PostgreSQL is recorded, then explained with sequential scans disabled. Disabled,
// the planner still takes a sequential scan where no index can serve the statement, so a Seq Scan node on a
// table that grows with the platform is a missing index, on a few rows as on a year's.

/** Tables that grow with families, caregivers, visits or time: none may be read by a sequential scan. */
const LARGE_TABLES: Record<string, string> = {
  user_profiles: "one row per account",
  user_roles: "one or more rows per account",
  sessions: "one row per sign-in",
  accounts: "one row per account's credential",
  two_factors: "one row per account with two-factor",
  client_profiles: "one row per family",
  caregiver_profiles: "one row per caregiver, 100,000 in the matching index",
  caregiver_availability: "several windows per caregiver",
  caregiver_earnings: "one row per worked visit",
  care_recipients: "one or more per family",
  care_requests: "one per order",
  orders: "about three per family a year",
  order_offers: "several per order",
  order_events: "several per order",
  visits: "one a week per confirmed order: hundreds of thousands a year",
  visit_events: "several per visit",
  visit_notes: "one per worked visit",
  visit_backup_offers: "one per backup asked for a visit",
  invoices: "one per worked visit",
  invoice_lines: "one or more per invoice",
  payments: "one or more per invoice",
  payouts: "one per caregiver and payout batch",
  account_credits: "one per credit given",
  reviews: "one per finished order",
  conversations: "one per family and caregiver pair",
  messages: "several per visit",
  notifications: "several per visit or invoice",
  realtime_events: "one per change a user watches",
  audit_events: "one per audited action",
  sign_in_attempts: "one per sign-in",
  jobs: "one per email, notification or charge",
  email_sends: "one per email sent",
  preferred_caregivers: "per family",
  care_documents: "per family",
  care_document_shares: "per document and order",
  care_document_reads: "per document and reader",
  caregiver_documents: "several per caregiver",
  training_attempts: "several per caregiver",
  support_tickets: "one per contact message",
  analytics_caregiver_days: "one per caregiver and day",
};

type PlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Index Cond"?: string;
  Filter?: string;
  "Join Filter"?: string;
  Plans?: PlanNode[];
};

function scansOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(scansOf)];
}

/** The large tables each statement reads by a sequential scan, even with sequential scans disabled. */
async function sequentialScans(statements: Statement[]): Promise<string[]> {
  const client = new pg.Client({ connectionString: getDatabaseUrl() });
  await client.connect();
  try {
    await client.query("set enable_seqscan = off");
    // A partial index holds only the rows its predicate picks (open offers, unread notifications ...):
    // walking it is bounded by the predicate, not by the table.
    const partial = await client.query<{ name: string }>(
      "select indexrelid::regclass::text as name from pg_index where indpred is not null",
    );
    const partialIndexes = new Set(partial.rows.map((row) => row.name));
    const findings: string[] = [];
    for (const statement of statements) {
      if (!/^\s*(select|with|insert|update|delete)\b/i.test(statement.text)) continue;
      const { rows } = await client.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(
        `explain (format json) ${statement.text}`,
        statement.values,
      );
      for (const node of scansOf(rows[0]!["QUERY PLAN"][0].Plan)) {
        const text = statement.text.replace(/\s+/g, " ").slice(0, 600);
        // A large table read whole under a join whose filter (an "or" across the joined tables) throws its rows
        // away: the whole-index walk checked below, with its filter on the join rather than on the scan.
        if (/ OR /.test(node["Join Filter"] ?? "")) {
          for (const below of scansOf(node)) {
            const belowTable = below["Relation Name"];
            const isWholeRead =
              (below["Node Type"] === "Seq Scan" || /^Index (Only )?Scan$/.test(below["Node Type"])) &&
              !below["Index Cond"] &&
              !partialIndexes.has(below["Index Name"] ?? "");
            if (belowTable && belowTable in LARGE_TABLES && isWholeRead) {
              findings.push(`${belowTable}: read whole under an "or" of a join in ${text}`);
            }
          }
        }
        const table = node["Relation Name"];
        if (!table || !(table in LARGE_TABLES)) continue;
        if (node["Node Type"] === "Seq Scan") findings.push(`${table}: sequential scan in ${text}`);
        // The same walk through every row, in an index's order: no condition bounds it, a filter throws rows away.
        const isIndexWalk =
          /^Index (Only )?Scan$/.test(node["Node Type"]) &&
          !node["Index Cond"] &&
          node.Filter &&
          !partialIndexes.has(node["Index Name"] ?? "");
        if (isIndexWalk) findings.push(`${table}: whole ${node["Index Name"]} filtered in ${text}`);
      }
    }
    return findings;
  } finally {
    await client.end();
  }
}

const setup = useAuthTestSetup();
const cookies = { family: "", caregiver: "", admin: "" };
let adminId = "";

/** How the EVV exceptions queue may find its visits in visit_events: the two indexes alone, or by kind for the few
 * corrections. (The listed page's events are then read by visit, visit_events_visit_idx.) */
const EXCEPTION_READS = [
  "Index Only Scan using visit_events_exception_idx",
  "Index Only Scan using visit_events_distance_idx",
  "Index Scan using visit_events_kind_idx",
  // Counting the corrections alone needs none of their columns.
  "Index Only Scan using visit_events_kind_idx",
];

/** How the statements that find the queue's visits read visit_events, sequential and bitmap scans off. */
async function visitEventReads(statements: Statement[]): Promise<string[]> {
  const client = new pg.Client({ connectionString: getDatabaseUrl() });
  await client.connect();
  try {
    await client.query("set enable_seqscan = off");
    await client.query("set enable_bitmapscan = off");
    const reads: string[] = [];
    for (const statement of statements.filter((each) =>
      each.text.includes('select "visit_events"."visit_id" from "visit_events" where'),
    )) {
      const { rows } = await client.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(
        `explain (format json) ${statement.text}`,
        statement.values,
      );
      for (const node of scansOf(rows[0]!["QUERY PLAN"][0].Plan)) {
        if (node["Relation Name"] === "visit_events") reads.push(`${node["Node Type"]} using ${node["Index Name"]}`);
      }
    }
    return reads;
  } finally {
    await client.end();
  }
}

/** Requests `path` as the server would, signed in with `cookie`; fails unless every loader answered. */
async function load(path: string, cookie: string): Promise<StaticHandlerContext> {
  const { status, location, context } = await loadPage(path, cookie);
  if (status === 500) console.error(context?.errors);
  expect(status, `${path} answered ${status} ${location ?? ""}`).toBe(200);
  expect(context!.errors, `${path}'s loaders failed`).toBeNull();
  return context!;
}

describe("the signed-in pages read every large table through an index", () => {
  beforeAll(async () => {
    installRecorder();
    // A small year (60 families, 12 caregivers): the plans are chosen with sequential scans off, so the
    // size only needs every kind of row the pages read.
    await seedAnalyticsYear(setup.db, { families: 60 });
    await seedYearActivity(setup.db);
    const accounts = await busiestAccounts(setup.db);
    const secret = randomSecret();
    initAuth(secret);
    const cookieOf = async (userId: string) => {
      const { name, value } = await mintSession(userId, setup.db, secret);
      return `${name}=${value}`;
    };
    cookies.family = await cookieOf(accounts.familyId);
    cookies.caregiver = await cookieOf(accounts.caregiverId);
    cookies.admin = await cookieOf(accounts.adminId);
    adminId = accounts.adminId;
  });

  afterAll(() => {
    removeRecorder();
  });

  test("every large table listed exists in the schema", async () => {
    const { rows } = await setup.db.execute<{ name: string }>(
      sql`select table_name as name from information_schema.tables where table_schema = 'public'`,
    );
    expect(rows.length).toBeGreaterThan(40);
    expect(Object.keys(LARGE_TABLES).filter((table) => !rows.some((row) => row.name === table))).toEqual([]);
  });

  test.each(PAGES)("%s as the %s: no sequential scan of a large table", async (path, who) => {
    const statements = await recordStatements(async () => {
      const context = await load(path, cookies[who]);
      expect(context.loaderData).toBeTruthy();
    });
    // The session lookup, the root's notification center and the page's own reads at least.
    expect(statements.length).toBeGreaterThan(3);
    expect(await sequentialScans(statements)).toEqual([]);
  });

  // The EVV exceptions queue of /admin/visits reads the events that may be exceptions from their indexes alone
  // (docs/decisions/0059-exceptions-read-from-their-indexes.md): a select per kind, each an index-only scan of an
  // index that carries the columns it tests (migration 0049). Their conditions joined by OR in one select were a
  // bitmap scan, which reads every matching event's row from the table.
  test("the EVV exceptions queue reads the events from their indexes, every kind together and each alone", async () => {
    const admin = { id: adminId, roles: ["admin" as const] };
    for (const kind of [
      undefined,
      "short_visit",
      "far_location",
      "location_unverified",
      "late_sync",
      "times_edited",
    ] as const) {
      const statements = await recordStatements(async () => {
        await countVisitExceptions({ actor: admin, kind });
        await listVisitExceptions({ actor: admin, kind });
      });
      const reads = await visitEventReads(statements);
      expect(reads.length, `kind ${kind ?? "any"}`).toBeGreaterThan(0);
      for (const read of reads) expect(EXCEPTION_READS, `kind ${kind ?? "any"}`).toContain(read);
    }
  });

  // Every signed-in request looks its person up: better-auth's session and account, then the roles and both
  // profiles in one statement (docs/decisions/0042-signed-in-pages-with-a-year-of-data.md).
  test.each(["family", "caregiver", "admin"] as const)("the %s's session lookup is three statements", async (who) => {
    const request = new Request(`${setup.env.appUrl}/`, { headers: { cookie: cookies[who] } });
    let user: CurrentUser | null = null;
    const statements = await recordStatements(async () => {
      user = await getCurrentUser(request);
    });
    expect(user).not.toBeNull();
    expect(statements.map((statement) => statement.text.replace(/\s+/g, " ").slice(0, 60))).toHaveLength(3);
  });
});
