import { beforeAll, describe, expect, test } from "vitest";
import { auditEvents } from "~/platform/db/schema";
import { createUser } from "~/platform/db/seed/factories.server";
import { AuditQuerySchema, listAuditEvents, exportAuditEvents } from "~/features/audit/audit-log.server";
import { loader as exportLoader } from "~/routes/admin/audit-export";
import { appRequest, signInCookie } from "./accounts-helpers";
import { useAuthTestSetup } from "./auth-env";

const PASSWORD = "AuditViewer123!";

// The audit log viewer's query (docs/product-rules.md, "Audit log"): filters, paging, sorting and counts in SQL.

const setup = useAuthTestSetup();
type Admin = Awaited<ReturnType<typeof createUser>>;
let admin: Admin;
let ana: Admin;
let bruno: Admin;

const query = (params: Record<string, string> = {}) => AuditQuerySchema.parse(params);

beforeAll(async () => {
  admin = await createUser(setup.db, { roles: ["admin"], firstName: "Audra", lastName: "Admin" });
  ana = await createUser(setup.db, {
    roles: ["admin"],
    firstName: "Ana",
    lastName: "Auditada",
    email: "ana.audit@example.test",
  });
  bruno = await createUser(setup.db, { roles: ["client"], firstName: "Bruno", lastName: "Bueno" });
  const start = Date.parse("2027-01-01T00:00:00Z");
  // 60 of Ana's price changes over 60 hours, 12 of Bruno's failed sign-ins, 3 of the system's.
  await setup.db.insert(auditEvents).values([
    ...Array.from({ length: 60 }, (_, index) => ({
      userId: ana.id,
      eventType: "pricing_updated",
      category: "admin",
      createdAt: new Date(start + index * 3_600_000),
      metadata: { changed: index, sessionToken: "never-shown" },
      ipAddress: "203.0.113.7",
      userAgent: "Test browser",
    })),
    ...Array.from({ length: 12 }, (_, index) => ({
      userId: bruno.id,
      eventType: "failed_login_attempt",
      severity: "low",
      createdAt: new Date(start + index * 86_400_000),
    })),
    ...Array.from({ length: 3 }, (_, index) => ({
      userId: null,
      eventType: "suspicious_activity",
      severity: "high",
      createdAt: new Date(start + index * 1000),
    })),
  ]);
});

describe("the audit log viewer's query", () => {
  test("pages newest first with the total", async () => {
    const first = await listAuditEvents({ actor: admin, query: query() });
    expect(first.total).toBe(75);
    expect(first.perPage).toBe(50);
    expect(first.pageCount).toBe(2);
    expect(first.rows).toHaveLength(50);
    const times = first.rows.map((row) => row.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const second = await listAuditEvents({ actor: admin, query: query({ page: "2" }) });
    expect(second.rows).toHaveLength(25);
    const ids = new Set([...first.rows, ...second.rows].map((row) => row.id));
    expect(ids.size).toBe(75);
    // A page past the end shows the last one.
    expect((await listAuditEvents({ actor: admin, query: query({ page: "9" }) })).page).toBe(2);
  });

  test("filters by person (name or email), action, severity and dates", async () => {
    const byName = await listAuditEvents({ actor: admin, query: query({ q: "bruno bu" }) });
    expect(byName.total).toBe(12);
    expect(byName.rows.every((row) => row.actorName === "Bruno Bueno")).toBe(true);
    expect((await listAuditEvents({ actor: admin, query: query({ q: "ANA.AUDIT@" }) })).total).toBe(60);
    expect((await listAuditEvents({ actor: admin, query: query({ q: "%" }) })).total).toBe(0);
    expect((await listAuditEvents({ actor: admin, query: query({ type: "suspicious_activity" }) })).total).toBe(3);
    expect((await listAuditEvents({ actor: admin, query: query({ severity: "low" }) })).total).toBe(12);
    expect((await listAuditEvents({ actor: admin, query: query({ user: ana.id, perPage: "10" }) })).pageCount).toBe(6);
    // 2027-01-02 (UTC), both ends included: Ana's hours 24–47, Bruno's second day.
    const day = await listAuditEvents({ actor: admin, query: query({ from: "2027-01-02", to: "2027-01-02" }) });
    expect(day.total).toBe(25);
    const both = await listAuditEvents({
      actor: admin,
      query: query({ q: "ana", type: "pricing_updated", from: "2027-01-03" }),
    });
    expect(both.total).toBe(12);
  });

  test("sorts by severity and action, and shows details without secrets", async () => {
    const bySeverity = await listAuditEvents({ actor: admin, query: query({ sort: "severity", dir: "desc" }) });
    expect(bySeverity.rows.slice(0, 3).map((row) => row.severity)).toEqual(["high", "high", "high"]);
    expect(bySeverity.rows[0]!.userId).toBeNull();
    const byType = await listAuditEvents({ actor: admin, query: query({ sort: "type", dir: "asc" }) });
    expect(byType.rows[0]!.eventType).toBe("failed_login_attempt");
    const [row] = (await listAuditEvents({ actor: admin, query: query({ type: "pricing_updated", perPage: "1" }) }))
      .rows;
    expect(row!.details).toEqual([
      { key: "changed", value: "59" },
      { key: "sessionToken", value: "•••" },
    ]);
    expect(row).toMatchObject({
      ipAddress: "203.0.113.7",
      userAgent: "Test browser",
      actorEmail: "ana.audit@example.test",
    });
  });

  test("refuses anyone but an administrator", async () => {
    await expect(listAuditEvents({ actor: { id: bruno.id, roles: ["client"] }, query: query() })).rejects.toThrow(
      "common:access.denied",
    );
  });

  test("exports the filter as CSV, in the list's order", async () => {
    const { rows, cut } = await exportAuditEvents({ actor: admin, query: query({ q: "bruno" }) });
    expect(rows).toHaveLength(12);
    expect(cut).toBe(false);
  });
});

describe("the CSV download", () => {
  test("holds the filtered events, worded in the admin's language", async () => {
    const csvAdmin = await createUser(setup.db, { roles: ["admin"], password: PASSWORD });
    const cookie = await signInCookie(csvAdmin.email, PASSWORD);
    const request = appRequest("/admin/audit/export.csv?type=failed_login_attempt&lang=es", { cookie });
    const response = await exportLoader({ request, url: new URL(request.url), params: {}, context: {} } as never);
    const text = await (response as Response).text();
    const lines = text.trim().split("\r\n");
    expect(lines[0]).toContain("Tipo de evento");
    expect(lines).toHaveLength(13);
    expect(lines.slice(1).every((line) => line.includes("failed_login_attempt") && line.includes("Bruno Bueno"))).toBe(
      true,
    );
  });
});
