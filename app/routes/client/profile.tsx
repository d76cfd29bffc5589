import { ProfilePage } from "~/routes/shared/profile-page";
import { profileAction, profileLoader } from "~/routes/shared/profile.server";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = () => [
  { title: "Profile | Tendly" },
  { name: "description", content: "Your personal details." },
];

export const loader = ({ request }: Route.LoaderArgs) => profileLoader(request, "client");
export const action = ({ request }: Route.ActionArgs) => profileAction(request, "client");

export default function ClientProfile({ loaderData }: Route.ComponentProps) {
  return loaderData.profile ? <ProfilePage profile={loaderData.profile} hasAvatar={false} /> : null;
}
