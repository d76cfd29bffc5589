import { eq } from "drizzle-orm";
import { visitEvents, visits, type VisitEventKind } from "~/platform/db/schema";
import type { Tx } from "~/platform/db/client.server";
import { AppError } from "~/utils/app-error";
import { isUuid } from "./visit-rules";

// A visit's history is append-only (docs/product-rules.md, "Visits"): every
// change of a visit writes one visit_events row in the same transaction, here.

export type VisitRow = typeof visits.$inferSelect;
export type VisitEventRow = typeof visitEvents.$inferSelect;
export type VisitActor = { id: string | null; role: "caregiver" | "client" | "admin" | "system" };

export type NewVisitEvent = {
  kind: VisitEventKind;
  actor: VisitActor;
  occurredAt?: Date;
} & Partial<
  Pick<
    typeof visitEvents.$inferInsert,
    | "clientEventId"
    | "method"
    | "latitude"
    | "longitude"
    | "accuracyMeters"
    | "distanceMeters"
    | "distanceFrom"
    | "zipRadiusMeters"
    | "reason"
    | "shortReason"
    | "isLateSync"
    | "data"
  >
>;

export async function recordVisitEvent(tx: Tx, visitId: string, event: NewVisitEvent): Promise<VisitEventRow> {
  const { kind, actor, occurredAt, ...facts } = event;
  const [row] = await tx
    .insert(visitEvents)
    .values({ visitId, kind, actorId: actor.id, actorRole: actor.role, occurredAt: occurredAt ?? new Date(), ...facts })
    .returning();
  return row!;
}

/** The visit row locked for this transaction (SELECT ... FOR UPDATE); not_found for an unknown id. */
export async function lockVisit(tx: Tx, visitId: string): Promise<VisitRow> {
  if (!isUuid(visitId)) throw new AppError("not_found", { key: "visits:refusal.notFound" });
  const [visit] = await tx.select().from(visits).where(eq(visits.id, visitId)).for("update");
  if (!visit) throw new AppError("not_found", { key: "visits:refusal.notFound" });
  return visit;
}
