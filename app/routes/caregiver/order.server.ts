import { data } from "react-router";
import { z } from "zod";
import type { CurrentUser } from "~/platform/auth/session.server";
import { respondToOffer } from "~/features/orders/offers.server";
import type { Locale } from "~/i18n/config";
import { validationText } from "~/i18n/i18n.server";
import { messageKey } from "~/i18n/message-keys";
import { refusalData } from "~/i18n/refusal-response";

// The caregiver's answer to an offer, from the orders list or the order page.
// Its refusals (the reason's checks here, the feature's in offers.server.ts)
// come back in the caregiver's language (`orders` messages, refusals).

const ResponseSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("accept"), orderId: z.uuid() }),
  z.object({
    intent: z.literal("decline"),
    orderId: z.uuid(),
    reason: z
      .string()
      .trim()
      .min(3, messageKey("orders:refusals.declineReasonMissing"))
      .max(500, messageKey("orders:refusals.reasonTooLong")),
  }),
]);

export type OfferResponseData = {
  orderId: string | null;
  error: string | null;
  status: "confirmed" | "declined" | null;
};

export async function respondToOfferAction(user: CurrentUser, form: FormData, locale: Locale) {
  const parsed = ResponseSchema.safeParse(Object.fromEntries(form));
  const orderId = typeof form.get("orderId") === "string" ? String(form.get("orderId")) : null;
  if (!parsed.success) {
    return data<OfferResponseData>(
      {
        orderId,
        error: validationText(locale, parsed.error.issues[0]?.message ?? "orders:refusals.tryAgain"),
        status: null,
      },
      400,
    );
  }
  try {
    const { status } = await respondToOffer({
      actor: user,
      orderId: parsed.data.orderId,
      accept: parsed.data.intent === "accept",
      reason: parsed.data.intent === "decline" ? parsed.data.reason : undefined,
    });
    return data<OfferResponseData>({ orderId, error: null, status });
  } catch (error) {
    return refusalData<OfferResponseData>(error, locale, ({ text }) => ({
      orderId,
      error: text,
      status: null,
    }));
  }
}
