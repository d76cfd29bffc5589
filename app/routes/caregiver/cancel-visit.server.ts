import { data } from "react-router";
import type { CurrentUser } from "~/platform/auth/session.server";
import { cancelVisit } from "~/features/visits/cancel-visit.server";
import { validationText } from "~/i18n/i18n.server";
import { CancelVisitSchema } from "~/features/visits/visits.schema";
import type { Locale } from "~/i18n/config";
import { refusalData } from "~/i18n/refusal-response";
import { parseForm } from "~/utils/form-data.server";

import type { CancelVisitResult } from "~/components/caregiver/cancel-visit-control";

// "Can't make it?" (cancel-visit-control.tsx) posted to
// /caregiver/visits/:visitId/cancel: the reason and the confirmation are
// checked here, the rest by cancelVisit; refusals come back in the caregiver's
// language, tied to their field where they have one.

export async function cancelVisitAction(user: CurrentUser, visitId: string, request: Request, locale: Locale) {
  const submission = await parseForm(request, CancelVisitSchema);
  if (submission.status !== "success") {
    // The control shows each field's first message, worded here in the caregiver's language.
    const fieldErrors: CancelVisitResult["fieldErrors"] = {};
    const reason = submission.error?.reason?.[0];
    const confirm = submission.error?.confirm?.[0];
    if (reason) fieldErrors.reason = validationText(locale, reason);
    if (confirm) fieldErrors.confirm = validationText(locale, confirm);
    return data<CancelVisitResult>({ ok: false, visitId, fieldErrors }, 400);
  }
  try {
    const cancelled = await cancelVisit({ actor: user, visitId, reason: submission.value.reason });
    return data<CancelVisitResult>({ ok: true, visitId, isLate: cancelled.isLate });
  } catch (error) {
    return refusalData<CancelVisitResult>(error, locale, ({ text, field }) =>
      field === "reason"
        ? { ok: false, visitId, fieldErrors: { reason: text } }
        : { ok: false, visitId, message: text },
    );
  }
}
