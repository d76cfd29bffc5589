import { requireRole } from "~/auth/session.server";
import { AccountSecurityPage } from "~/components/two-factor-settings";
import { metaT } from "~/i18n/react";
import { twoFactorAction } from "~/routes/shared/two-factor-action.server";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaT(matches, "account")("settings.metaTitle") }];

export async function loader({ request }: Route.LoaderArgs) {
  return { isTwoFactorEnabled: (await requireRole(request, ["client"])).twoFactorEnabled };
}

export function action({ request }: Route.ActionArgs) {
  return twoFactorAction(request, ["client"]);
}

export default function ClientSettings({ loaderData }: Route.ComponentProps) {
  return <AccountSecurityPage isTwoFactorEnabled={loaderData.isTwoFactorEnabled} />;
}
