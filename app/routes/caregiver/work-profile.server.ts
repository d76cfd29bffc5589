import { data } from "react-router";
import type { CurrentUser } from "~/auth/session.server";
import { fieldErrors } from "~/components/form-controls";
import { workProfileFormValues, workProfileSchema } from "~/features/caregivers/work-profile.schema";
import { getWorkProfile, updateWorkProfile, workProfileRules } from "~/features/caregivers/work-profile.server";
import { refusalData } from "~/utils/app-error-response";
import type { WorkActionData } from "./work-profile-card";

// The "work" intent of /caregiver/profile: parsed with the form's schema under the rules in force
// (the pay band now, the rate kept so far), then saved. Field errors go back in the schema's English:
// the form shows them in the page's language.

export async function workProfileAction({ user, form }: { user: CurrentUser; form: FormData }) {
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
    return refusalData<WorkActionData>(error, ({ message, field }) => ({
      intent: "work",
      status: "invalid",
      fieldErrors: { [field ?? "form"]: message },
    }));
  }
  return data<WorkActionData>({ intent: "work", status: "saved" });
}
