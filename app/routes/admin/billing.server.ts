import { data } from "react-router";
import type { CurrentUser } from "~/platform/auth/session.server";
import { PaymentInstructionsSchema } from "~/features/billing/payment-instructions.schema";
import { savePaymentInstructions } from "~/features/billing/payment-instructions.server";
import type { Locale } from "~/i18n/config";
import { refusalData } from "~/i18n/refusal-response";
import { parseForm } from "~/utils/form-data.server";
import type { PaymentInstructionsResult } from "~/components/admin/payment-instructions-form";

// The payment instructions section of /admin/billing (intent "payment-instructions"): parsed with
// PaymentInstructionsSchema, saved and audited by savePaymentInstructions; messages in the admin's
// language (docs/product-rules.md, "How to pay an invoice").

export async function paymentInstructionsAction(
  user: Pick<CurrentUser, "id" | "roles">,
  request: Request,
  locale: Locale,
) {
  const submission = await parseForm(request, PaymentInstructionsSchema);
  if (submission.payload.intent !== "payment-instructions") return data(null, 400);
  if (submission.status !== "success")
    return data<PaymentInstructionsResult>({ ok: false, result: submission.reply() }, 400);
  try {
    const { changed } = await savePaymentInstructions({ actor: user, values: submission.value, request });
    return data<PaymentInstructionsResult>({ ok: true, isUnchanged: changed.length === 0 });
  } catch (error) {
    // A refusal under its field when it names one, else for the whole form.
    return refusalData<PaymentInstructionsResult>(error, locale, ({ text, field }) => ({
      ok: false,
      result: submission.reply(field ? { fieldErrors: { [field]: [text] } } : { formErrors: [text] }),
    }));
  }
}
