import { metaT } from "~/i18n/react";
import { requireRole } from "~/platform/auth/session.server";
import { ProfilePage } from "~/components/account/profile-page";
import { CareRecipientsCard } from "~/components/client/care-recipients";
import { listCareRecipients } from "~/features/care-requests/recipients.server";
import { profileAction, profileLoader } from "~/routes/client/profile.server";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "account");
  return [{ title: t("profile.metaTitle") }, { name: "description", content: t("profile.clientMetaDescription") }];
};

// The family's own saved care recipients below the account details (docs/product-rules.md, "Care recipients").
export async function loader({ request }: Route.LoaderArgs) {
  const page = await profileLoader(request, "client");
  if (!page.profile) return { ...page, recipients: [] };
  return { ...page, recipients: await listCareRecipients({ actor: await requireRole(request, ["client"]) }) };
}
export const action = ({ request }: Route.ActionArgs) => profileAction(request, "client");

export default function ClientProfile({ loaderData }: Route.ComponentProps) {
  return loaderData.profile ? (
    <ProfilePage profile={loaderData.profile} hasAvatar={false}>
      <CareRecipientsCard recipients={loaderData.recipients} />
    </ProfilePage>
  ) : null;
}
