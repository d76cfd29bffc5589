import { data } from "react-router";
import { requireRole, type CurrentUser } from "~/platform/auth/session.server";
import type { Locale } from "~/i18n/config";
import { fieldErrors } from "~/components/form-controls";
import { ProfileChangesSchema } from "~/features/accounts/accounts.schema";
import { pendingEmailChange, updateProfile, type ProfileArea } from "~/features/accounts/profile.server";
import { AVATAR_TOO_LARGE, saveCaregiverAvatar } from "~/features/caregivers/avatar.server";
import { getServerT, messageText } from "~/i18n/i18n.server";
import { refusalData } from "~/i18n/refusal-response";
import { isPayloadTooLarge, readForm, UPLOAD_MAX_BYTES } from "~/utils/form-data.server";
import type { ProfileActionData, ProfileFieldErrors, ProfilePageData } from "~/components/account/profile-types";

// The loader and action behind /dashboard/profile and /caregiver/profile.
// The area layouts guard too, but loaders and actions run without them.

const PROFILE_FIELDS = ["firstName", "lastName", "email"] as const;

async function requireProfileUser(request: Request, area: ProfileArea) {
  const user = await requireRole(request, [area]);
  // Pending or suspended caregivers see their status screen instead.
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

/** An intent only one area's profile has (the caregiver's "work"), given the guarded user and the form. */
export type ProfileIntentAction = (input: { user: CurrentUser; form: FormData; locale: Locale }) => Promise<unknown>;

export async function profileAction(
  request: Request,
  area: ProfileArea,
  areaIntents: Record<string, ProfileIntentAction> = {},
) {
  const { user, isBlocked } = await requireProfileUser(request, area);
  const { locale, t } = getServerT(request, "account", user.locale);
  if (isBlocked) throw data(t("profile.blocked"), 403);

  let form: FormData;
  try {
    form = await readForm(request, { maxBytes: UPLOAD_MAX_BYTES });
  } catch (error) {
    if (!isPayloadTooLarge(error)) throw error;
    return data<ProfileActionData>(
      { intent: "avatar", status: "refused", error: messageText(locale, AVATAR_TOO_LARGE) },
      413,
    );
  }

  const intent = String(form.get("intent"));
  if (Object.hasOwn(areaIntents, intent)) return areaIntents[intent]!({ user, form, locale });

  if (form.get("intent") === "avatar") {
    if (area !== "caregiver") throw data(t("profile.caregiversOnlyPhoto"), 400);
    const file = form.get("avatar");
    const bytes = file instanceof File ? new Uint8Array(await file.arrayBuffer()) : new Uint8Array();
    try {
      const result = await saveCaregiverAvatar({ userId: user.id, bytes });
      return data<ProfileActionData>({ intent: "avatar", status: "saved", avatarUrl: result.avatarUrl });
    } catch (error) {
      return refusalData<ProfileActionData>(error, locale, ({ text }) => ({
        intent: "avatar",
        status: "refused",
        error: text,
      }));
    }
  }

  // Only the fields present were changed in the form; absent ones stay as they are.
  // (Field errors go back as the schema's message keys: the form words them in the page's language.)
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
        : email.status === "failed"
          ? {
              status: "failed",
              newEmail: email.newEmail,
              message: email.detail ?? t("profile.details.emailFailedFallback"),
            }
          : email,
  });
}
