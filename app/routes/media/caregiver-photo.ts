import { readPublicCaregiverAvatar } from "~/features/caregivers/avatar.server";
import type { Route } from "./+types/caregiver-photo";
import { avatarResponse } from "./avatar";

// The photo on an approved caregiver's public profile and directory card,
// addressed by the profile's slug: public pages carry no user id.
export async function loader({ request, params }: Route.LoaderArgs) {
  return avatarResponse(request, await readPublicCaregiverAvatar(params.slug));
}
