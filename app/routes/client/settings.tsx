import { metaT } from "~/i18n/react";
import { SettingsPage } from "~/components/account/settings-page";
import { settingsAction, settingsLoader } from "~/routes/client/settings.server";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaT(matches, "account")("settings.metaTitle") }];

export function loader({ request }: Route.LoaderArgs) {
  return settingsLoader(request, ["client"]);
}

export function action({ request }: Route.ActionArgs) {
  return settingsAction(request, ["client"]);
}

export default function ClientSettings({ loaderData }: Route.ComponentProps) {
  return <SettingsPage {...loaderData} />;
}
