import { data } from "react-router";
import { z } from "zod";
import type { CurrentUser } from "~/platform/auth/session.server";
import { cancelVisit } from "~/features/visits/cancel-visit.server";
import { getFixedT, validationText } from "~/i18n/i18n.server";
import type { Locale } from "~/i18n/config";
import { refusalData } from "~/i18n/refusal-response";

import type { CancelVisitResult } from "~/components/caregiver/cancel-visit-control";

// "Can't make it?" (cancel-visit-control.tsx) posted to
// /caregiver/visits/:visitId/cancel: the reason and the confirmation are
// checked here, the rest by cancelVisit; refusals come back in the caregiver's
// language, tied to their field where they have one.

const CancelSchema = z.object({
  reason: z.string().trim().min(1, "alerts:refusals.reasonNeeded").max(500, "alerts:refusals.reasonTooLong"),
  confirm: z.literal("yes", { error: "confirm" }),
});

export async function cancelVisitAction(user: CurrentUser, visitId: string, form: FormData, locale: Locale) {
  const t = getFixedT(locale, "alerts");
  const parsed = CancelSchema.safeParse({ reason: form.get("reason") ?? "", confirm: form.get("confirm") ?? "" });
  if (!parsed.success) {
    const fieldErrors: CancelVisitResult["fieldErrors"] = {};
    for (const issue of parsed.error.issues) {
      if (issue.path[0] === "reason") fieldErrors.reason ??= validationText(locale, issue);
      if (issue.path[0] === "confirm") fieldErrors.confirm ??= t("cancel.confirmNeeded");
    }
    return data<CancelVisitResult>({ ok: false, visitId, fieldErrors }, 400);
  }
  try {
    const cancelled = await cancelVisit({ actor: user, visitId, reason: parsed.data.reason });
    return data<CancelVisitResult>({ ok: true, visitId, isLate: cancelled.isLate });
  } catch (error) {
    return refusalData<CancelVisitResult>(error, locale, ({ text, field }) =>
      field === "reason"
        ? { ok: false, visitId, fieldErrors: { reason: text } }
        : { ok: false, visitId, message: text },
    );
  }
}
