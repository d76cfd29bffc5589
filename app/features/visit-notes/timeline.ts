import type { VerificationMethod, VisitEventKind, VisitStatus } from "~/platform/db/schema";

// The family's care timeline in order (pure: timeline.server.ts reads the rows).
// Which of a visit's events the family reads, and in what order.

/**
 * The visit events a family reads about; backup offers and the like stay between us and the caregivers,
 * except that nobody was free to take one ("no_backup": a backup offer made to nobody), which the
 * family is told with what the team does instead.
 */
export const FAMILY_EVENT_KINDS = [
  "check_in",
  "check_out",
  "times_edited",
  "late_alert",
  "no_backup",
  "backup_taken",
  "cancelled",
  "missed",
] as const satisfies readonly (VisitEventKind | "no_backup")[];
export type TimelineEventKind = (typeof FAMILY_EVENT_KINDS)[number];

/** A backup offer that reached nobody reads as "no_backup"; every other event as its kind. */
export function timelineKindOf(kind: VisitEventKind, data: Record<string, unknown>): VisitEventKind | "no_backup" {
  const offeredTo = data.caregiverIds;
  return kind === "backup_offered" && Array.isArray(offeredTo) && offeredTo.length === 0 ? "no_backup" : kind;
}

type VisitInput = { id: string; startsAt: Date; endsAt: Date; status: VisitStatus; caregiverName: string | null };
type EventInput = {
  visitId: string;
  kind: VisitEventKind | "no_backup";
  at: Date;
  method: VerificationMethod | null;
  caregiverName: string | null;
  isByCaregiver?: boolean;
};

export function isFamilyEvent(kind: VisitEventKind | "no_backup"): kind is TimelineEventKind {
  return (FAMILY_EVENT_KINDS as readonly string[]).includes(kind);
}

/**
 * The visits the family reads about, newest first: those that have begun or
 * ended (`startedStatuses`) and any other with an event worth telling (a late
 * alert, a backup caregiver taking it); each with its events, newest first.
 */
export function buildTimeline(
  visits: readonly VisitInput[],
  events: readonly EventInput[],
  startedStatuses: readonly VisitStatus[],
) {
  return visits
    .map((visit) => ({
      visitId: visit.id,
      startsAt: visit.startsAt,
      endsAt: visit.endsAt,
      status: visit.status,
      caregiverName: visit.caregiverName,
      events: events
        .filter((event) => event.visitId === visit.id && isFamilyEvent(event.kind))
        .map((event) => ({
          kind: event.kind as TimelineEventKind,
          at: event.at,
          method: event.kind === "check_in" || event.kind === "check_out" ? event.method : null,
          caregiverName: event.kind === "backup_taken" ? event.caregiverName : null,
          isByCaregiver: event.kind === "cancelled" && event.isByCaregiver === true,
        }))
        .toSorted((a, b) => b.at.getTime() - a.at.getTime()),
    }))
    .filter((visit) => startedStatuses.includes(visit.status) || visit.events.length > 0)
    .toSorted((a, b) => b.startsAt.getTime() - a.startsAt.getTime());
}
