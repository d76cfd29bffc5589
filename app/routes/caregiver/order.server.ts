import { data } from "react-router";
import type { CurrentUser } from "~/platform/auth/session.server";
import { respondToOffer } from "~/features/orders/offers.server";
import type { Locale } from "~/i18n/config";
import { validationText } from "~/i18n/i18n.server";
import { OfferResponseSchema } from "~/features/orders/orders.schema";
import { parseForm } from "~/utils/form-data.server";
import { refusalData } from "~/i18n/refusal-response";
import { TRAINING_REFUSAL } from "~/features/training/public";
import { CREDENTIAL_REFUSAL } from "~/features/credentials/public";

// The caregiver's answer to an offer, from the orders list or the order page.
// Its refusals (the reason's checks here, the feature's in offers.server.ts)
// come back in the caregiver's language (`orders` messages, refusals).

export type OfferResponseData = {
  orderId: string | null;
  error: string | null;
  status: "confirmed" | "declined" | null;
  /** The refusal was the training gate's (docs/product-rules.md, "Caregiver training"). */
  needsTraining?: boolean;
  /** The refusal was the credential gate's (docs/product-rules.md, "Credentials that expire"). */
  needsCredential?: boolean;
};

export async function respondToOfferAction(user: CurrentUser, request: Request, locale: Locale) {
  const submission = await parseForm(request, OfferResponseSchema);
  const posted = submission.payload.orderId;
  const orderId = typeof posted === "string" ? posted : null;
  if (submission.status !== "success") {
    // The answer shows one line under the offer: the first of the form's errors.
    const first = Object.values(submission.error ?? {}).find((messages) => messages?.length)?.[0];
    return data<OfferResponseData>(
      { orderId, error: validationText(locale, first ?? "orders:refusals.tryAgain"), status: null },
      400,
    );
  }
  const answer = submission.value;
  try {
    const { status } = await respondToOffer({
      actor: user,
      orderId: answer.orderId,
      accept: answer.intent === "accept",
      reason: answer.intent === "decline" ? answer.reason : undefined,
    });
    return data<OfferResponseData>({ orderId, error: null, status });
  } catch (error) {
    return refusalData<OfferResponseData>(error, locale, ({ text, reason }) => ({
      orderId,
      error: text,
      status: null,
      needsTraining: reason === TRAINING_REFUSAL,
      needsCredential: reason === CREDENTIAL_REFUSAL,
    }));
  }
}
