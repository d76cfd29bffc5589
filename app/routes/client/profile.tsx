import { metaT } from "~/i18n/react";
import { ProfilePage } from "~/components/account/profile-page";
import { profileAction, profileLoader } from "~/routes/shared/profile.server";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "account");
  return [{ title: t("profile.metaTitle") }, { name: "description", content: t("profile.clientMetaDescription") }];
};

export const loader = ({ request }: Route.LoaderArgs) => profileLoader(request, "client");
export const action = ({ request }: Route.ActionArgs) => profileAction(request, "client");

export default function ClientProfile({ loaderData }: Route.ComponentProps) {
  return loaderData.profile ? <ProfilePage profile={loaderData.profile} hasAvatar={false} /> : null;
}
