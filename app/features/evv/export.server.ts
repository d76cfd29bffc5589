import { validationRef } from "~/i18n/message-text";
import { csvDocument } from "~/utils/csv.server";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { actorAs } from "~/platform/auth/actor";
import { db } from "~/platform/db/client.server";
import {
  careRequests,
  orders,
  userProfiles,
  visitEvents,
  visits,
  type VerificationMethod,
  type VisitStatus,
} from "~/platform/db/schema";
import { careRequestOf } from "~/features/orders/public";
import { getCareSettings } from "~/features/visits/public.server";
import { AppError } from "~/utils/app-error";
import type { ServiceId } from "~/utils/services";
import type { EvvActor } from "./exceptions.server";
import { EXPORT_DATE_MESSAGE, evvFindings, isoInZone, type EvvExceptionKind } from "./evv-rules";
import { ExportRangeSchema } from "./evv.schema";

// The EVV export (docs/product-rules.md, "Visits"): every visit whose local
// date, where care happens, falls in the range, with the six facts (service,
// client, caregiver, date, location, start and end) and its exceptions.

export type CheckFacts = {
  at: Date | null;
  method: VerificationMethod | null;
  latitude: number | null;
  longitude: number | null;
  distanceMeters: number | null;
};

export type ExportedVisit = {
  visitId: string;
  orderNumber: string;
  status: VisitStatus;
  services: ServiceId[];
  clientName: string;
  careRecipient: string;
  caregiverName: string;
  /** YYYY-MM-DD where care happens. */
  date: string;
  timeZone: string;
  startsAt: Date;
  endsAt: Date;
  checkIn: CheckFacts;
  checkOut: CheckFacts;
  address: string;
  exceptions: EvvExceptionKind[];
  editReason: string | null;
};

/** At most this many visits in one file (a year of a busy agency fits). */
export const MAX_EXPORT_ROWS = 50_000;

export async function exportVisits({
  actor,
  from,
  to,
  now = new Date(),
}: {
  actor: EvvActor;
  from: string;
  to: string;
  now?: Date;
}): Promise<ExportedVisit[]> {
  actorAs(actor, "admin");
  const range = ExportRangeSchema.safeParse({ from, to });
  if (!range.success)
    throw new AppError("invalid", validationRef(range.error.issues[0]?.message) ?? EXPORT_DATE_MESSAGE, {
      field: "to",
    });
  const settings = await getCareSettings();
  const clientUser = alias(userProfiles, "client_user");
  const caregiverUser = alias(userProfiles, "caregiver_user");
  const localDate = sql<string>`to_char(${visits.startsAt} at time zone ${careRequests.timeZone}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      visit: visits,
      orderNumber: orders.orderNumber,
      request: careRequests,
      clientName: clientUser.name,
      caregiverName: caregiverUser.name,
      date: localDate,
    })
    .from(visits)
    .innerJoin(orders, eq(orders.id, visits.orderId))
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .innerJoin(clientUser, eq(clientUser.id, orders.clientId))
    .innerJoin(caregiverUser, eq(caregiverUser.id, visits.caregiverId))
    .where(
      sql`(${visits.startsAt} at time zone ${careRequests.timeZone})::date between ${range.data.from}::date and ${range.data.to}::date`,
    )
    .orderBy(asc(visits.startsAt), asc(orders.orderNumber))
    .limit(MAX_EXPORT_ROWS);

  const ids = rows.map((row) => row.visit.id);
  const events = ids.length
    ? await db
        .select()
        .from(visitEvents)
        .where(inArray(visitEvents.visitId, ids))
        .orderBy(visitEvents.recordedAt, visitEvents.id)
    : [];

  return rows.map(({ visit, request, ...row }) => {
    const own = events.filter((event) => event.visitId === visit.id);
    const last = (kind: "check_in" | "check_out") => own.filter((event) => event.kind === kind).at(-1);
    const facts = (at: Date | null, event: (typeof own)[number] | undefined): CheckFacts => ({
      at,
      method: event?.method ?? null,
      latitude: event?.latitude ?? null,
      longitude: event?.longitude ?? null,
      distanceMeters: event?.distanceMeters ?? null,
    });
    const care = careRequestOf(request);
    const place = [request.city, request.state].filter(Boolean).join(", ");
    return {
      visitId: visit.id,
      orderNumber: row.orderNumber,
      status: visit.status,
      services: request.services as ServiceId[],
      clientName: row.clientName,
      careRecipient: care.fullName,
      caregiverName: row.caregiverName,
      date: row.date,
      timeZone: request.timeZone,
      startsAt: visit.startsAt,
      endsAt: visit.endsAt,
      checkIn: facts(visit.checkedInAt, last("check_in")),
      checkOut: facts(visit.checkedOutAt, last("check_out")),
      address: [care.streetAddress, place, request.zipCode].filter(Boolean).join(", "),
      exceptions: evvFindings(visit, own, settings, now).kinds,
      editReason: own.filter((event) => event.kind === "times_edited").at(-1)?.reason ?? null,
    };
  });
}

export const EXPORT_COLUMNS = [
  "order_number",
  "visit_id",
  "status",
  "services",
  "client",
  "care_recipient",
  "caregiver",
  "date",
  "time_zone",
  "scheduled_start",
  "scheduled_end",
  "check_in",
  "check_out",
  "check_in_method",
  "check_in_latitude",
  "check_in_longitude",
  "check_in_distance_m",
  "check_out_method",
  "check_out_latitude",
  "check_out_longitude",
  "check_out_distance_m",
  "visit_address",
  "exceptions",
  "edit_reason",
] as const;

const round = (value: number | null) => (value === null ? null : Math.round(value));

/**
 * The CSV text: one header row of stable column names, then one row per
 * visit, times in ISO 8601 with the offset of the care's zone, every text
 * cell made safe for spreadsheets (csvSafe). `serviceName` words a service.
 */
export function visitsCsv(rows: readonly ExportedVisit[], serviceName: (id: ServiceId) => string): string {
  const records = rows.map((row) => [
    row.orderNumber,
    row.visitId,
    row.status,
    row.services.map(serviceName).join("; "),
    row.clientName,
    row.careRecipient,
    row.caregiverName,
    row.date,
    row.timeZone,
    isoInZone(row.startsAt, row.timeZone),
    isoInZone(row.endsAt, row.timeZone),
    isoInZone(row.checkIn.at, row.timeZone),
    isoInZone(row.checkOut.at, row.timeZone),
    row.checkIn.method,
    row.checkIn.latitude,
    row.checkIn.longitude,
    round(row.checkIn.distanceMeters),
    row.checkOut.method,
    row.checkOut.latitude,
    row.checkOut.longitude,
    round(row.checkOut.distanceMeters),
    row.address,
    row.exceptions.join("; "),
    row.editReason,
  ]);
  // A byte-order mark so that spreadsheets read the names' accents as UTF-8 (utils/csv.ts).
  return csvDocument(EXPORT_COLUMNS, records);
}
