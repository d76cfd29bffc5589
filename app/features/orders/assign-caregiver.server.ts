import { eq, sql } from "drizzle-orm";
import { actorAs } from "~/platform/auth/actor";
import type { CurrentUser } from "~/platform/auth/session.server";
import { db } from "~/platform/db/client.server";
import { orderOffers } from "~/platform/db/schema";
import { AppError } from "~/utils/app-error";
import { recordOrderAssigned } from "./admin-order-audit.server";
import { orderEventNote } from "./order-event-note";
import { handCandidatesForRequest } from "./order-matches.server";
import { applyTransition, loadCareRequest, lockOrder } from "./order-transitions.server";
import { closeOpenOffer, insertOffer } from "./next-offer.server";
import { notifyCaregiverFound, notifyOffer } from "./order-notifications.server";
import { AssignReasonSchema } from "./orders.schema";
import { transitionProblem } from "./state-machine";

// An administrator offers an order by hand (docs/product-rules.md, "When no caregiver matches"): to any approved
// caregiver with a clear background check, inside the matching rules or overriding them, always with a reason.
// The open offer is withdrawn, the order is offered to the chosen caregiver (who still accepts or declines, as any
// offer: offers.server.ts), the caregiver and the family are told, and the move is audited with the reason and
// the rules overridden.

type Actor = Pick<CurrentUser, "id" | "roles">;

export type HandOffer = {
  /** "Elena Ruiz": whom the order was offered to. */
  caregiverName: string;
  /** The matching rules the caregiver misses (empty: they fit), as the audit records them. */
  overriddenRules: string[];
};

export async function assignCaregiver({
  actor,
  orderId,
  caregiverId,
  reason,
  request,
  now = new Date(),
}: {
  actor: Actor;
  orderId: string;
  caregiverId: string;
  /** Why this caregiver, typed by the administrator (required). */
  reason: string;
  /** The admin's page request, for the audit event. */
  request?: Request;
  now?: Date;
}): Promise<HandOffer> {
  const admin = actorAs(actor, "admin");
  const parsed = AssignReasonSchema.safeParse(reason);
  if (!parsed.success) {
    throw new AppError("invalid", { key: "admin:refusals.assignReasonMissing" }, { field: "reason" });
  }
  const { order, overriddenRules, caregiverName } = await db.transaction(async (tx) => {
    const locked = await lockOrder(tx, orderId);
    const problem = transitionProblem(locked.status, "offered", "admin");
    if (problem) throw new AppError("conflict", problem);
    const careRequest = await loadCareRequest(tx, locked.careRequestId);
    const [candidate] = await handCandidatesForRequest(careRequest, { onlyCaregiverId: caregiverId, now }, tx);
    if (!candidate) throw new AppError("conflict", { key: "admin:refusals.caregiverCannotBeOffered" });
    await closeOpenOffer(tx, locked.id, "withdrawn", "Offered to another caregiver by an administrator");
    const [previous] = await tx
      .select({ rank: sql<number>`coalesce(max(${orderOffers.rank}), 0)::int` })
      .from(orderOffers)
      .where(eq(orderOffers.orderId, locked.id));
    const offer = await insertOffer(tx, locked, careRequest, {
      caregiverId,
      rank: (previous?.rank ?? 0) + 1,
      now,
      offeredBy: { adminId: admin.id, reason: parsed.data },
    });
    const offered = await applyTransition(tx, locked, {
      to: "offered",
      actor: admin,
      wording: orderEventNote("offeredByTeam"),
    });
    await notifyOffer(offered, offer, tx);
    await notifyCaregiverFound(offered, caregiverId, tx);
    return {
      order: offered,
      overriddenRules: candidate.misses.map((miss) => miss.code),
      caregiverName: `${candidate.firstName} ${candidate.lastName}`,
    };
  });
  await recordOrderAssigned({ adminId: admin.id, order, caregiverId, reason: parsed.data, overriddenRules, request });
  return { caregiverName, overriddenRules };
}
