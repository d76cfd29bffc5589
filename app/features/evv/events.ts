// The events evv publishes (docs/decisions/0035-domain-events.md), for the features that follow
// from a correction (orders, billing), which handle them without evv knowing.

/** An admin corrected a visit's check-in and check-out times (edit-visit-times.server.ts). */
export type VisitTimesCorrected = {
  orderId: string;
  visitId: string;
  /** The visit's status after the correction: completed when it now has a check-out. */
  status: "checked_in" | "completed";
  actor: { id: string; role: "admin" };
};

declare module "~/platform/events/domain-events.server" {
  // oxlint-disable-next-line typescript/consistent-type-definitions -- module augmentation merges interfaces only
  interface DomainEvents {
    "visit.times_corrected": VisitTimesCorrected;
  }
}
