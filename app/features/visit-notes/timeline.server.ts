import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { actorAs } from "~/platform/auth/actor";
import { db } from "~/platform/db/client.server";
import {
  caregiverProfiles,
  careRequests,
  orders,
  visitEvents,
  visitNotePhotos,
  visitNoteRevisions,
  visitNotes,
  visits,
  type VerificationMethod,
  type VisitStatus,
  REPLACED_BY_SCHEDULE_CHANGE,
} from "~/platform/db/schema";
import { isOrderId, NOT_FOUND_MESSAGE } from "~/features/orders/public";
import type { OrderReader } from "~/features/orders/public.server";
import { assertCanFollow, type FamilyAccess } from "~/features/family/public";
import { orderAccess } from "~/features/family/public.server";
import { AppError } from "~/utils/app-error";
import { localDateIn } from "~/utils/datetime";
import { visitPhotoUrl } from "./photos.server";
import { isMood, readCarePlanTasks, readTasks, type NoteContent } from "./visit-note-rules";
import { buildTimeline, timelineKindOf, type TimelineEventKind } from "./timeline";
import { shortName } from "~/utils/person-name";

// The family's care timeline (docs/product-rules.md, "Visit notes and the care timeline"): on the
// order page, each visit that has begun, with what happened in words, newest
// first, and the caregiver's note. Scoped to the order's family (anyone
// else's order is "not found") and open to administrators, who also get the
// note's earlier versions. Locations never leave the server: the family reads
// how a check-in was verified, not where.

export type TimelineEvent = {
  kind: TimelineEventKind;
  at: Date;
  /** How a check-in or check-out was verified. */
  method: VerificationMethod | null;
  /** The backup caregiver who took the visit ("Sam P."). */
  caregiverName: string | null;
  /** A cancellation by the caregiver (the visit stays on while a backup is found), not of the visit itself. */
  isByCaregiver: boolean;
};

export type TimelinePhoto = { id: string; url: string };

export type TimelineNote = NoteContent & {
  createdAt: Date;
  updatedAt: Date;
  /** Corrected after it was first saved: the family sees "edited" and when. */
  isEdited: boolean;
  photos: TimelinePhoto[];
  /** Administrators only: the note as it was before each correction, newest first. */
  revisions: { revisedAt: Date; previous: NoteContent & { photos: TimelinePhoto[] } }[];
};

export type TimelineVisit = {
  visitId: string;
  startsAt: Date;
  endsAt: Date;
  status: VisitStatus;
  caregiverName: string | null;
  /** Newest first. */
  events: TimelineEvent[];
  note: TimelineNote | null;
};

export type OrderTimeline = {
  timeZone: string;
  /** The order's services, as the note's tasks name them. */
  services: string[];
  /** Newest first. */
  visits: TimelineVisit[];
  /** The family's code for the next visit (or the one under way): what the caregiver types when location is refused. */
  nextVisitCode: { visitId: string; startsAt: Date; code: string; isToday: boolean } | null;
};

const photo = (id: string): TimelinePhoto => ({ id, url: visitPhotoUrl(id) });

const STARTED_STATUSES: VisitStatus[] = ["checked_in", "completed", "missed", "cancelled"];

/**
 * The timeline of an order, read `as` its family (the default: only their own
 * order) or as an administrator (any order, with the note's earlier versions).
 */
export async function getOrderTimeline({
  actor,
  orderId,
  as = "client",
  now = new Date(),
  access,
}: {
  actor: OrderReader;
  orderId: string;
  as?: "client" | "admin";
  now?: Date;
  /** What the actor is to this order, when the caller has asked orderAccess already (the order page): not asked again. */
  access?: FamilyAccess;
}): Promise<OrderTimeline> {
  actorAs(actor, as);
  const isAdmin = as === "admin";
  if (!isOrderId(orderId)) throw new AppError("not_found", NOT_FOUND_MESSAGE);
  const [order] = await db
    .select({ clientId: orders.clientId, timeZone: careRequests.timeZone, services: careRequests.services })
    .from(orders)
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(eq(orders.id, orderId));
  if (!order) throw new AppError("not_found", NOT_FOUND_MESSAGE);
  // The holder and the circle's manage and follow members read the timeline (docs/decisions/0050-family-circle.md).
  if (!isAdmin) assertCanFollow(access === undefined ? await orderAccess(actor, orderId) : access);

  const visitRows = await db
    .select({
      id: visits.id,
      startsAt: visits.startsAt,
      endsAt: visits.endsAt,
      status: visits.status,
      familyCode: visits.familyCode,
      firstName: caregiverProfiles.firstName,
      lastName: caregiverProfiles.lastName,
    })
    .from(visits)
    .leftJoin(caregiverProfiles, eq(caregiverProfiles.userId, visits.caregiverId))
    // A visit a schedule change replaced was never care called off (docs/decisions/0052-changing-a-recurring-schedule.md).
    .where(
      and(eq(visits.orderId, orderId), sql`${visits.cancelReason} is distinct from ${REPLACED_BY_SCHEDULE_CHANGE}`),
    )
    .orderBy(asc(visits.startsAt));
  const ids = visitRows.map((visit) => visit.id);
  const events = ids.length
    ? await db
        .select({
          visitId: visitEvents.visitId,
          kind: visitEvents.kind,
          occurredAt: visitEvents.occurredAt,
          method: visitEvents.method,
          actorRole: visitEvents.actorRole,
          data: visitEvents.data,
        })
        .from(visitEvents)
        .where(inArray(visitEvents.visitId, ids))
        .orderBy(asc(visitEvents.occurredAt), asc(visitEvents.id))
    : [];
  const notes = ids.length ? await db.select().from(visitNotes).where(inArray(visitNotes.visitId, ids)) : [];
  const noteIds = notes.map((note) => note.id);
  const photos = noteIds.length
    ? await db
        .select({ id: visitNotePhotos.id, noteId: visitNotePhotos.noteId, removedAt: visitNotePhotos.removedAt })
        .from(visitNotePhotos)
        .where(and(inArray(visitNotePhotos.noteId, noteIds), isAdmin ? undefined : isNull(visitNotePhotos.removedAt)))
        .orderBy(asc(visitNotePhotos.createdAt), asc(visitNotePhotos.id))
    : [];
  const revisions =
    isAdmin && noteIds.length
      ? await db
          .select()
          .from(visitNoteRevisions)
          .where(inArray(visitNoteRevisions.noteId, noteIds))
          .orderBy(desc(visitNoteRevisions.revisedAt), desc(visitNoteRevisions.id))
      : [];

  const noteOf = (visitId: string): TimelineNote | null => {
    const note = notes.find((candidate) => candidate.visitId === visitId);
    if (!note) return null;
    return {
      tasks: readTasks(note.tasks),
      meals: note.meals,
      mood: isMood(note.mood) ? note.mood : null,
      observations: note.observations,
      carePlanTasks: readCarePlanTasks(note.carePlanTasks),
      createdAt: note.createdAt,
      updatedAt: note.updatedAt,
      isEdited: note.updatedAt.getTime() > note.createdAt.getTime(),
      photos: photos.filter((entry) => entry.noteId === note.id && !entry.removedAt).map((entry) => photo(entry.id)),
      revisions: revisions
        .filter((revision) => revision.noteId === note.id)
        .map((revision) => {
          const previous = revision.previous;
          const photoIds = Array.isArray(previous.photoIds)
            ? previous.photoIds.filter((id) => typeof id === "string")
            : [];
          return {
            revisedAt: revision.revisedAt,
            previous: {
              tasks: readTasks(Array.isArray(previous.tasks) ? previous.tasks : []),
              meals: typeof previous.meals === "string" ? previous.meals : "",
              mood: isMood(previous.mood) ? previous.mood : null,
              observations: typeof previous.observations === "string" ? previous.observations : "",
              carePlanTasks: readCarePlanTasks(previous.carePlanTasks),
              photos: photoIds.map(photo),
            },
          };
        }),
    };
  };

  const timelineVisits = buildTimeline(
    visitRows.map((visit) => ({
      ...visit,
      caregiverName: visit.firstName && visit.lastName ? shortName(visit.firstName, visit.lastName) : null,
    })),
    events.map((event) => ({
      visitId: event.visitId,
      kind: timelineKindOf(event.kind, event.data),
      at: event.occurredAt,
      method: event.method,
      caregiverName: typeof event.data.caregiverName === "string" ? event.data.caregiverName : null,
      isByCaregiver: event.actorRole === "caregiver",
    })),
    STARTED_STATUSES,
  ).map((visit) => ({ ...visit, note: noteOf(visit.visitId) }));

  const next = visitRows.find(
    (visit) =>
      visit.status === "checked_in" || (visit.status === "scheduled" && visit.endsAt.getTime() > now.getTime()),
  );
  return {
    timeZone: order.timeZone,
    services: order.services as string[],
    visits: timelineVisits,
    nextVisitCode: next
      ? {
          visitId: next.id,
          startsAt: next.startsAt,
          code: next.familyCode,
          isToday: localDateIn(order.timeZone, next.startsAt) === localDateIn(order.timeZone, now),
        }
      : null,
  };
}
