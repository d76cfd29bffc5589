import { ProfilePage } from "~/routes/shared/profile-page";
import { profileAction, profileLoader } from "~/routes/shared/profile.server";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = () => [
  { title: "Profile | Tendly" },
  { name: "description", content: "Your public caregiver profile." },
];

export const loader = ({ request }: Route.LoaderArgs) => profileLoader(request, "caregiver");
export const action = ({ request }: Route.ActionArgs) => profileAction(request, "caregiver");

export default function CaregiverProfile({ loaderData }: Route.ComponentProps) {
  return loaderData.profile ? <ProfilePage profile={loaderData.profile} hasAvatar /> : null;
}
