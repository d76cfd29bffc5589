import { and, eq, ilike, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { actorAs } from "~/platform/auth/actor";
import { db } from "~/platform/db/client.server";
import { countRows, orderByList, pageCountedAlong, pageOfRows } from "~/platform/db/list-page.server";
import { likePattern, type SortDirection } from "~/utils/list-params";
import { EXCEPTIONS_PAGE_SIZE, type ExceptionSort } from "./evv.schema";
import { careRequests, orders, userProfiles, visitEvents, visits, type VisitStatus } from "~/platform/db/schema";
import type { CareSettings } from "~/features/visits/public";
import { getCareSettings } from "~/features/visits/public.server";
import type { Role } from "~/utils/roles";
import type { ServiceId } from "~/utils/services";
import { wholeMinutes } from "~/features/billing/public";
import { DEFAULT_ZIP_RADIUS_METERS } from "~/utils/zip-radius";
import { EVV_EXCEPTION_KINDS, evvFindings, type EvvExceptionKind, type EvvFindings } from "./evv-rules";

// The admin's EVV exceptions queue (docs/product-rules.md, "Visits"): visits
// left checked in after their end, checked in or out far from the address (or,
// for an address not yet placed on the map, where it could not be verified),
// with times corrected by an admin, synced late from an offline phone, or checked out before
// their start or far short of their booked time (with the caregiver's reason).

export type EvvActor = { id: string; roles: readonly Role[] };

export type VisitException = EvvFindings & {
  visitId: string;
  orderId: string;
  orderNumber: string;
  status: VisitStatus;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  checkedInAt: Date | null;
  checkedOutAt: Date | null;
  clientName: string;
  caregiverName: string;
  services: ServiceId[];
  /** The reason of the latest correction of the times, if any. */
  editReason: string | null;
  /** Minutes booked, and worked (check-in to check-out, as corrected), once checked out. */
  bookedMinutes: number;
  workedMinutes: number | null;
};

export type VisitExceptionList = {
  exceptions: VisitException[];
  total: number;
  page: number;
  pageCount: number;
  settings: Pick<CareSettings, "lateSyncMinutes" | "locationToleranceMeters">;
};

const CHECK_KINDS = ["check_in", "check_out"] as const;

/** How far a check event may be from the point it was measured to before it is far. */
const allowance = (settings: CareSettings) =>
  sql`(case when ${visitEvents.distanceFrom} = 'zip_centroid' then coalesce(${visitEvents.zipRadiusMeters}, ${DEFAULT_ZIP_RADIUS_METERS}) else 0 end + ${settings.locationToleranceMeters})`;

/**
 * The condition on `visit_events` of an exception found in the visit's events (every kind but
 * no_check_out). Each is implied by visit_events_exception_idx's predicate or bounded on
 * visit_events_distance_idx (migration 0037), so the queue reads the few events that may be exceptions,
 * never every check-in and check-out of the year; both indexes carry every column these conditions read
 * (migration 0049), so those events are read from the index, not the table.
 */
function eventCondition(kind: Exclude<EvvExceptionKind, "no_check_out">, settings: CareSettings): SQL {
  switch (kind) {
    // As judgeLocation in evv-rules.ts: to the geocoded address the tolerance; to the ZIP code's centre
    // its radius and the tolerance, and within that not verified rather than far. The allowance is never
    // below the tolerance, so "beyond the tolerance" bounds the index range first.
    case "far_location":
      return sql`${inArray(visitEvents.kind, [...CHECK_KINDS])} and ${visitEvents.distanceMeters} > ${settings.locationToleranceMeters} and ${visitEvents.distanceMeters} > ${allowance(settings)}`;
    case "location_unverified":
      return sql`${inArray(visitEvents.kind, [...CHECK_KINDS])} and ${visitEvents.distanceFrom} = 'zip_centroid' and ${visitEvents.distanceMeters} <= ${allowance(settings)}`;
    case "short_visit":
      return sql`${visitEvents.kind} = 'check_out' and ${visitEvents.shortReason} is not null`;
    case "times_edited":
      return sql`${visitEvents.kind} = 'times_edited'`;
    case "late_sync":
      return sql`${inArray(visitEvents.kind, [...CHECK_KINDS])} and ${visitEvents.isLateSync}`;
  }
}

/**
 * The ids of the visits in the queue (every exception, or one kind; the pure rules in evv-rules.ts say the
 * same per visit): those still checked in after their end (visits_open_check_in_idx) and those with an event
 * that is an exception, never a filter over a year of visits. A visit is in it once (UNION).
 */
function exceptionIds(kind: EvvExceptionKind | undefined, settings: CareSettings, now: Date): SQL {
  const kinds: readonly EvvExceptionKind[] = kind ? [kind] : EVV_EXCEPTION_KINDS;
  const sources: SQL[] = [];
  if (kinds.includes("no_check_out")) {
    const endedBefore = new Date(now.getTime() - settings.lateSyncMinutes * 60_000);
    sources.push(
      sql`select ${visits.id} from ${visits} where ${and(eq(visits.status, "checked_in"), lt(visits.endsAt, endedBefore))}`,
    );
  }
  // A select of its own for each kind rather than one with their conditions joined by OR: each is then read from
  // its index alone (an index-only scan, migration 0049), where an OR of them was a bitmap scan that read every
  // matching event's row from the table.
  for (const each of kinds) {
    if (each === "no_check_out") continue;
    sources.push(sql`select ${visitEvents.visitId} from ${visitEvents} where ${eventCondition(each, settings)}`);
  }
  return sql.join(sources, sql` union `);
}

/** How many visits the ids hold: counted alone, without reading a visit. */
async function countIds(ids: SQL): Promise<number> {
  const result = await db.execute<{ total: string }>(sql`select count(*) as total from (${ids}) as queue`);
  return Number(result.rows[0]?.total ?? 0);
}

/** How many visits the queue holds now (every exception, or one kind). */
export async function countVisitExceptions({
  actor,
  kind,
  now = new Date(),
}: {
  actor: EvvActor;
  kind?: EvvExceptionKind;
  now?: Date;
}): Promise<number> {
  actorAs(actor, "admin");
  return countIds(exceptionIds(kind, await getCareSettings(), now));
}

/**
 * The queue, newest visit first unless sorted by order: every exception, or one kind of them, optionally searched
 * by order number or the family's or caregiver's name.
 */
export async function listVisitExceptions({
  actor,
  kind,
  page: askedPage = 1,
  perPage = EXCEPTIONS_PAGE_SIZE,
  q = "",
  sort = "starts",
  dir = "desc",
  now = new Date(),
}: {
  actor: EvvActor;
  kind?: EvvExceptionKind;
  page?: number;
  perPage?: number;
  q?: string;
  sort?: ExceptionSort;
  dir?: SortDirection;
  now?: Date;
}): Promise<VisitExceptionList> {
  actorAs(actor, "admin");
  const settings = await getCareSettings();
  const clientUser = alias(userProfiles, "client_user");
  const caregiverUser = alias(userProfiles, "caregiver_user");
  const pattern = likePattern(q);
  const queued = exceptionIds(kind, settings, now);
  // The queue's visits by their primary key (= ANY of the ids, an index condition), not a hash of every visit.
  const isQueued = sql`${visits.id} = any(array(${queued}))`;
  const listWhere = (condition: SQL | undefined) =>
    db
      .select({
        visit: visits,
        orderNumber: orders.orderNumber,
        timeZone: careRequests.timeZone,
        services: careRequests.services,
        clientName: clientUser.name,
        caregiverName: caregiverUser.name,
      })
      .from(visits)
      .innerJoin(orders, eq(orders.id, visits.orderId))
      .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
      .innerJoin(clientUser, eq(clientUser.id, orders.clientId))
      .innerJoin(caregiverUser, eq(caregiverUser.id, visits.caregiverId))
      .where(condition);
  const list = listWhere(
    and(
      isQueued,
      q
        ? or(ilike(orders.orderNumber, pattern), ilike(clientUser.name, pattern), ilike(caregiverUser.name, pattern))
        : undefined,
    ),
  );
  const order = orderByList(sort === "order" ? orders.orderNumber : visits.startsAt, dir, visits.id);
  // Without a search every queued visit is listed (each has its order, request and two people): a page by start is
  // chosen from the visits alone before its rows are joined to the rest. Ordering them reads every queued visit
  // already, so the same statement counts them (pageCountedAlong), where a statement of its own built the queue
  // again to count it.
  const plainPage = () =>
    pageCountedAlong({
      page: askedPage,
      perPage,
      count: () => countIds(queued),
      rows: async (limit, offset) => {
        const chosen = await db
          .select({ id: visits.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
          .from(visits)
          .where(isQueued)
          .orderBy(...order)
          .limit(limit)
          .offset(offset);
        const ids = chosen.map((row) => row.id);
        return {
          rows: ids.length ? await listWhere(inArray(visits.id, ids)).orderBy(...order) : [],
          total: chosen[0]?.total ?? 0,
        };
      },
    });
  const { rows, total, page, pageCount } =
    !q && sort !== "order"
      ? await plainPage()
      : await pageOfRows({
          page: askedPage,
          perPage,
          count: () => countRows(list),
          rows: (limit, offset) =>
            list
              .orderBy(...order)
              .limit(limit)
              .offset(offset),
        });

  const ids = rows.map((row) => row.visit.id);
  const events = ids.length
    ? await db
        .select()
        .from(visitEvents)
        .where(inArray(visitEvents.visitId, ids))
        .orderBy(visitEvents.recordedAt, visitEvents.id)
    : [];

  return {
    exceptions: rows.map(({ visit, ...row }) => {
      const own = events.filter((event) => event.visitId === visit.id);
      const edits = own.filter((event) => event.kind === "times_edited");
      return {
        ...evvFindings(visit, own, settings, now),
        visitId: visit.id,
        orderId: visit.orderId,
        orderNumber: row.orderNumber,
        status: visit.status,
        startsAt: visit.startsAt,
        endsAt: visit.endsAt,
        timeZone: row.timeZone,
        checkedInAt: visit.checkedInAt,
        checkedOutAt: visit.checkedOutAt,
        clientName: row.clientName,
        caregiverName: row.caregiverName,
        services: row.services as ServiceId[],
        editReason: edits.at(-1)?.reason ?? null,
        bookedMinutes: wholeMinutes(visit.startsAt, visit.endsAt),
        workedMinutes:
          visit.checkedInAt && visit.checkedOutAt ? wholeMinutes(visit.checkedInAt, visit.checkedOutAt) : null,
      };
    }),
    total,
    page,
    pageCount,
    settings: { lateSyncMinutes: settings.lateSyncMinutes, locationToleranceMeters: settings.locationToleranceMeters },
  };
}
