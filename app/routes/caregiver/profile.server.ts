import { data } from "react-router";
import type { CurrentUser } from "~/platform/auth/session.server";
import { workProfileFormSchema, workProfileOf } from "~/features/caregivers/work-profile.schema";
import { getWorkProfile, updateWorkProfile, workProfileRules } from "~/features/caregivers/work-profile.server";
import type { Locale } from "~/i18n/config";
import { refusalData } from "~/i18n/refusal-response";
import type { WorkActionData } from "~/components/caregiver/work-profile-card";
import type { ProfileAreaIntent } from "~/routes/client/profile.server";

// The "work" intent of /caregiver/profile: parsed with the form's schema under the rules in force
// (the pay band now, the rate kept so far), then saved. Field errors go back as message keys, the
// schema's and a refusal's alike: the form words them in the page's language, the rate's with the band.

export async function workProfileIntent({
  user,
  locale,
}: {
  user: CurrentUser;
  locale: Locale;
}): Promise<ProfileAreaIntent<ReturnType<typeof workProfileFormSchema>>> {
  const current = await getWorkProfile({ actor: user });
  return {
    schema: workProfileFormSchema(workProfileRules(current)),
    run: async ({ value, submission }) => {
      try {
        await updateWorkProfile({ actor: user, values: workProfileOf(value) });
      } catch (error) {
        // A field's refusal (the rate outside the band, under the row lock) names no values: its key is enough.
        return refusalData<WorkActionData>(error, locale, ({ key, text, field }) => ({
          intent: "work",
          status: "invalid",
          result: submission.reply(
            field
              ? { fieldErrors: { [field === "hourlyRateCents" ? "hourlyRate" : field]: [key] } }
              : { formErrors: [text] },
          ),
        }));
      }
      return data<WorkActionData>({ intent: "work", status: "saved" });
    },
  };
}
