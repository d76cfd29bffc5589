import { requireRole } from "~/platform/auth/session.server";
import { getWorkProfile } from "~/features/caregivers/work-profile.server";
import { metaT } from "~/i18n/react";
import { ProfilePage } from "~/components/account/profile-page";
import { profileAction, profileLoader } from "~/routes/client/profile.server";
import type { Route } from "./+types/profile";
import { WorkProfileCard } from "~/components/caregiver/work-profile-card";
import { workProfileIntent } from "./profile.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "account");
  return [{ title: t("profile.metaTitle") }, { name: "description", content: t("profile.caregiverMetaDescription") }];
};

export async function loader({ request }: Route.LoaderArgs) {
  const page = await profileLoader(request, "caregiver");
  if (!page.profile) return page;
  // What matching reads, kept current by the caregiver (docs/product-rules.md, "Caregiver profile").
  return { ...page, work: await getWorkProfile({ actor: await requireRole(request, ["caregiver"]) }) };
}

export const action = ({ request }: Route.ActionArgs) => profileAction(request, "caregiver", workProfileIntent);

export default function CaregiverProfile({ loaderData }: Route.ComponentProps) {
  return loaderData.profile ? (
    <ProfilePage profile={loaderData.profile} hasAvatar>
      {"work" in loaderData && <WorkProfileCard work={loaderData.work} />}
    </ProfilePage>
  ) : null;
}
