import { and, count, eq, gte, ilike, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { BILLING_AUDIT_TYPES } from "~/features/billing/public.server";
import { PAYOUT_AUDIT_TYPES } from "~/features/earnings/public.server";
import { actorAs } from "~/platform/auth/actor";
import { SECURITY_EVENT_TYPES } from "~/platform/auth/security-events.server";
import { db } from "~/platform/db/client.server";
import { orderByList, pageOfRows, type ListPage } from "~/platform/db/list-page.server";
import { auditEvents, userProfiles } from "~/platform/db/schema";
import type { Role } from "~/utils/roles";
import { likePattern } from "~/utils/list-params";
import { auditDetails, auditQuerySchema, MAX_AUDIT_EXPORT_ROWS, type AuditDetail, type AuditQuery } from "./audit-log";

// The audit log viewer (docs/product-rules.md, "Audit log"; docs/decisions/0040-admin-lists-and-audit-log.md):
// the append-only audit_events read page by page, filtered in SQL, newest first; the CSV of the same filter.

type Admin = { id: string; roles: readonly Role[] };

/**
 * Every event type the product writes: the security events and admin actions of recordSecurityEvent, and the
 * money actions billing and payouts write inside their transactions. The viewer's action filter offers these.
 */
export const AUDIT_EVENT_TYPES = [...SECURITY_EVENT_TYPES, ...BILLING_AUDIT_TYPES, ...PAYOUT_AUDIT_TYPES] as const;
export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number];

/** The viewer's query schema over the event types the product writes. */
export const AuditQuerySchema = auditQuerySchema(AUDIT_EVENT_TYPES);

export type AuditRow = {
  id: number;
  createdAt: Date;
  eventType: string;
  severity: string;
  category: string;
  userId: string | null;
  actorName: string | null;
  actorEmail: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  details: AuditDetail[];
};

const SEVERITY_RANK = sql`case ${auditEvents.severity} when 'critical' then 5 when 'high' then 4 when 'medium' then 3 when 'low' then 2 else 1 end`;

function whereOf(query: Omit<AuditQuery, "page" | "perPage" | "sort" | "dir">): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.type) conditions.push(eq(auditEvents.eventType, query.type));
  if (query.category) conditions.push(eq(auditEvents.category, query.category));
  if (query.severity) conditions.push(eq(auditEvents.severity, query.severity));
  if (query.from) conditions.push(gte(auditEvents.createdAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) {
    conditions.push(lt(auditEvents.createdAt, new Date(new Date(`${query.to}T00:00:00Z`).getTime() + 86_400_000)));
  }
  if (query.user) conditions.push(eq(auditEvents.userId, query.user));
  if (query.q) {
    // The people first (user_profiles is small beside the log and has trigram indexes), then their events
    // through audit_events_user_idx.
    const pattern = likePattern(query.q);
    const people = db
      .select({ id: userProfiles.id })
      .from(userProfiles)
      .where(or(ilike(userProfiles.name, pattern), ilike(userProfiles.email, pattern)));
    conditions.push(inArray(auditEvents.userId, people));
  }
  return conditions.length ? and(...conditions) : undefined;
}

function selectEvents(where: SQL | undefined) {
  return db
    .select({
      id: auditEvents.id,
      createdAt: auditEvents.createdAt,
      eventType: auditEvents.eventType,
      severity: auditEvents.severity,
      category: auditEvents.category,
      userId: auditEvents.userId,
      actorName: userProfiles.name,
      actorEmail: userProfiles.email,
      ipAddress: auditEvents.ipAddress,
      userAgent: auditEvents.userAgent,
      metadata: auditEvents.metadata,
    })
    .from(auditEvents)
    .leftJoin(userProfiles, eq(userProfiles.id, auditEvents.userId))
    .where(where);
}

function orderOf(query: Pick<AuditQuery, "sort" | "dir">) {
  const column =
    query.sort === "type" ? auditEvents.eventType : query.sort === "severity" ? SEVERITY_RANK : auditEvents.createdAt;
  return orderByList(column, query.dir, auditEvents.id);
}

function rowOf({ metadata, ...row }: Awaited<ReturnType<typeof selectEvents>>[number]): AuditRow {
  return { ...row, details: auditDetails(metadata) };
}

/** One page of the log, with how many events the filter matches. */
export async function listAuditEvents({
  actor,
  query,
}: {
  actor: Admin;
  query: AuditQuery;
}): Promise<ListPage<AuditRow>> {
  actorAs(actor, "admin");
  const where = whereOf(query);
  return pageOfRows({
    page: query.page,
    perPage: query.perPage,
    count: async () => (await db.select({ total: count() }).from(auditEvents).where(where))[0]?.total ?? 0,
    rows: async (limit, offset) =>
      (
        await selectEvents(where)
          .orderBy(...orderOf(query))
          .limit(limit)
          .offset(offset)
      ).map(rowOf),
  });
}

/** The events of the filter for the CSV, in the list's order, at most MAX_AUDIT_EXPORT_ROWS; `cut` says more matched. */
export async function exportAuditEvents({
  actor,
  query,
}: {
  actor: Admin;
  query: AuditQuery;
}): Promise<{ rows: AuditRow[]; cut: boolean }> {
  actorAs(actor, "admin");
  const rows = await selectEvents(whereOf(query))
    .orderBy(...orderOf(query))
    .limit(MAX_AUDIT_EXPORT_ROWS + 1);
  return { rows: rows.slice(0, MAX_AUDIT_EXPORT_ROWS).map(rowOf), cut: rows.length > MAX_AUDIT_EXPORT_ROWS };
}
