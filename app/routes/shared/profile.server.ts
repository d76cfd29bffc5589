import { data } from "react-router";
import { requireRole } from "~/auth/session.server";
import { fieldErrors } from "~/components/form-controls";
import { ProfileChangesSchema } from "~/features/accounts/accounts.schema";
import { pendingEmailChange, updateProfile, type ProfileArea } from "~/features/accounts/profile.server";
import { AVATAR_ERRORS, AVATAR_MAX_BYTES, saveCaregiverAvatar } from "~/features/caregivers/avatar.server";
import { PayloadTooLargeError, readFormData } from "~/utils/form-data.server";
import type { ProfileActionData, ProfileFieldErrors, ProfilePageData } from "./profile-types";

// The loader and action behind /dashboard/profile and /caregiver/profile.
// The area layouts guard too, but loaders and actions run without them.

const PROFILE_FIELDS = ["firstName", "lastName", "email"] as const;
// Room for the multipart envelope around a photo of the largest accepted size.
const MAX_FORM_BYTES = AVATAR_MAX_BYTES + 64 * 1024;

async function requireProfileUser(request: Request, area: ProfileArea) {
  const user = await requireRole(request, [area]);
  // Spec 2.13: pending or suspended caregivers see their status screen instead.
  const isBlocked =
    area === "caregiver" && (user.caregiverStatus === "pending" || user.caregiverStatus === "suspended");
  return { user, isBlocked };
}

export async function profileLoader(request: Request, area: ProfileArea): Promise<ProfilePageData> {
  const { user, isBlocked } = await requireProfileUser(request, area);
  if (isBlocked) return { profile: null };
  return {
    profile: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      avatarUrl: area === "caregiver" ? user.avatarUrl : null,
      pendingEmail: await pendingEmailChange(user),
    },
  };
}

export async function profileAction(request: Request, area: ProfileArea) {
  const { user, isBlocked } = await requireProfileUser(request, area);
  if (isBlocked) throw data("Your caregiver account cannot change its profile right now.", 403);

  let form: FormData;
  try {
    form = await readFormData(request, MAX_FORM_BYTES);
  } catch (error) {
    if (!(error instanceof PayloadTooLargeError)) throw error;
    return data<ProfileActionData>({ intent: "avatar", status: "refused", error: AVATAR_ERRORS.tooLarge }, 413);
  }

  if (form.get("intent") === "avatar") {
    if (area !== "caregiver") throw data("Only caregivers have a profile photo.", 400);
    const file = form.get("avatar");
    const bytes = file instanceof File ? new Uint8Array(await file.arrayBuffer()) : new Uint8Array();
    const result = await saveCaregiverAvatar({ userId: user.id, bytes });
    return result.ok
      ? data<ProfileActionData>({ intent: "avatar", status: "saved", avatarUrl: result.avatarUrl })
      : data<ProfileActionData>({ intent: "avatar", status: "refused", error: result.error }, 400);
  }

  // Only the fields present were changed in the form; absent ones stay as they are.
  const submitted = Object.fromEntries(
    PROFILE_FIELDS.filter((field) => form.has(field)).map((field) => [field, String(form.get(field))]),
  );
  const parsed = ProfileChangesSchema.safeParse(submitted);
  if (!parsed.success) {
    const errors: ProfileFieldErrors = fieldErrors(parsed.error.issues);
    return data<ProfileActionData>({ intent: "details", status: "invalid", fieldErrors: errors }, 400);
  }
  const result = await updateProfile({ user, area, changes: parsed.data, request });
  const email = result.email;
  return data<ProfileActionData>({
    intent: "details",
    status: "saved",
    updatedNames: result.updatedNames,
    email:
      email.status === "limited"
        ? { status: "limited", newEmail: email.newEmail, retryAt: email.retryAt.toISOString() }
        : email,
  });
}
