import { actorAs } from "~/platform/auth/actor";
import type { CareRequestDraft } from "~/features/care-requests/public";
import { saveCareRequestDraft } from "~/features/care-requests/public.server";
import { stepNumber } from "~/features/care-requests/public";
import { assertCanManage } from "~/features/family/public";
import { orderAccess } from "~/features/family/public.server";
import { careRequestOf } from "./order-helpers";
import { loadOrderWithRequest, type OrderReader } from "./order-reads.server";

// "Start an adjusted request" (docs/product-rules.md, "When no caregiver matches"): a sent request is never edited
// (its order, quote and offers stand on it), so the family's own request is copied into the wizard's draft, to
// change the times, the days, the services or the preferences and send as a new one. The terms are accepted again
// and a promo code given again; the first request stays open until the family cancels it.

/** Copies the family's own order's request into their wizard draft, opened at the schedule step. */
export async function startAdjustedRequest({
  actor,
  orderId,
  now = new Date(),
}: {
  actor: OrderReader;
  orderId: string;
  now?: Date;
}): Promise<void> {
  actorAs(actor, "client");
  assertCanManage(await orderAccess(actor, orderId));
  const { request } = await loadOrderWithRequest(orderId);
  const { termsAccepted: _terms, promoCode: _promo, ...answers } = careRequestOf(request);
  const draft: CareRequestDraft = {
    data: answers,
    currentStep: stepNumber("schedule"),
    completedSteps: ["client-info", "health-needs"],
    updatedAt: now.toISOString(),
  };
  await saveCareRequestDraft({ actor, draft });
}
