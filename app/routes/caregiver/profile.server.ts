import { data } from "react-router";
import type { CurrentUser } from "~/platform/auth/session.server";
import { fieldErrors } from "~/components/form-controls";
import { workProfileFormValues, workProfileSchema } from "~/features/caregivers/work-profile.schema";
import { getWorkProfile, updateWorkProfile, workProfileRules } from "~/features/caregivers/work-profile.server";
import type { Locale } from "~/i18n/config";
import { refusalData } from "~/i18n/refusal-response";
import type { WorkActionData } from "~/components/caregiver/work-profile-card";

// The "work" intent of /caregiver/profile: parsed with the form's schema under the rules in force
// (the pay band now, the rate kept so far), then saved. Field errors go back as message keys, the
// schema's and a refusal's alike: the form words them in the page's language, the rate's with the band.

export async function workProfileAction({ user, form, locale }: { user: CurrentUser; form: FormData; locale: Locale }) {
  const current = await getWorkProfile({ actor: user });
  const parsed = workProfileSchema(workProfileRules(current)).safeParse(workProfileFormValues(form));
  if (!parsed.success) {
    return data<WorkActionData>(
      { intent: "work", status: "invalid", fieldErrors: fieldErrors(parsed.error.issues) },
      400,
    );
  }
  try {
    await updateWorkProfile({ actor: user, values: parsed.data });
  } catch (error) {
    // A field's refusal (the rate outside the band, under the row lock) names no values: its key is enough.
    return refusalData<WorkActionData>(error, locale, ({ key, text, field }) => ({
      intent: "work",
      status: "invalid",
      fieldErrors: field ? { [field]: key } : { form: text },
    }));
  }
  return data<WorkActionData>({ intent: "work", status: "saved" });
}
