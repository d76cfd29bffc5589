import { data } from "react-router";
import type { CurrentUser } from "~/platform/auth/session.server";
import { fieldErrors } from "~/components/form-controls";
import { PaymentInstructionsSchema } from "~/features/billing/payment-instructions.schema";
import { savePaymentInstructions } from "~/features/billing/payment-instructions.server";
import type { Locale } from "~/i18n/config";
import { validationTexts } from "~/i18n/i18n.server";
import { refusalData } from "~/i18n/refusal-response";
import type { PaymentInstructionsResult } from "~/components/admin/payment-instructions-form";

// The payment instructions section of /admin/billing (intent "payment-instructions"): parsed with
// PaymentInstructionsSchema, saved and audited by savePaymentInstructions; messages in the admin's
// language (docs/product-rules.md, "How to pay an invoice").

export async function paymentInstructionsAction(
  user: Pick<CurrentUser, "id" | "roles">,
  form: FormData,
  locale: Locale,
  request: Request,
) {
  const parsed = PaymentInstructionsSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return data<PaymentInstructionsResult>(
      { ok: false, fieldErrors: validationTexts(locale, fieldErrors(parsed.error.issues)) },
      400,
    );
  }
  try {
    const { changed } = await savePaymentInstructions({ actor: user, values: parsed.data, request });
    return data<PaymentInstructionsResult>({ ok: true, isUnchanged: changed.length === 0 });
  } catch (error) {
    return refusalData<PaymentInstructionsResult>(error, locale, ({ text, field = "form" }) => ({
      ok: false,
      fieldErrors: { [field]: text },
    }));
  }
}
