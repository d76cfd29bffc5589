import { data } from "react-router";
import { requireRole, type CurrentUser } from "~/platform/auth/session.server";
import type { Locale } from "~/i18n/config";
import type { Submission } from "@conform-to/react";
import { z } from "zod";
import { ProfileAvatarPostSchema, ProfileDetailsPostSchema } from "~/features/accounts/accounts.schema";
import { pendingEmailChange, updateProfile, type ProfileArea } from "~/features/accounts/profile.server";
import { AVATAR_TOO_LARGE, saveCaregiverAvatar } from "~/features/caregivers/avatar.server";
import { getServerT, messageText } from "~/i18n/i18n.server";
import { refusalData } from "~/i18n/refusal-response";
import { isPayloadTooLarge, parseForm, UPLOAD_MAX_BYTES } from "~/utils/form-data.server";
import type { ProfileActionData, ProfilePageData } from "~/components/account/profile-types";

// The loader and action behind /dashboard/profile and /caregiver/profile.
// The area layouts guard too, but loaders and actions run without them.

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

/**
 * An intent only one area's profile has (the caregiver's "work"): its schema for the guarded user
 * (its rules may depend on what is saved), and what it does with the parsed form.
 */
export type ProfileAreaIntent<Schema extends z.ZodObject<{ intent: z.ZodLiteral<string> }>> = {
  schema: Schema;
  run: (input: { value: z.output<Schema>; submission: { reply: Submission<unknown>["reply"] } }) => Promise<unknown>;
};

/** Whether a parsed form is of `schema`'s intent (the union's members differ by their intent). */
function isIntentOf<Schema extends z.ZodObject<{ intent: z.ZodLiteral<string> }>>(
  schema: Schema,
  value: { intent?: string },
): value is z.output<Schema> {
  return value.intent === schema.shape.intent.value;
}

function isDetails(value: { intent?: string }): value is z.output<typeof ProfileDetailsPostSchema> {
  return value.intent === undefined || value.intent === "details";
}

export async function profileAction<Schema extends z.ZodObject<{ intent: z.ZodLiteral<string> }>>(
  request: Request,
  area: ProfileArea,
  areaIntent?: (input: { user: CurrentUser; locale: Locale }) => Promise<ProfileAreaIntent<Schema>>,
) {
  const { user, isBlocked } = await requireProfileUser(request, area);
  const { locale, t } = getServerT(request, "account", user.locale);
  if (isBlocked) throw data(t("profile.blocked"), 403);

  const extra = await areaIntent?.({ user, locale });
  const schema = z.discriminatedUnion("intent", [
    ProfileDetailsPostSchema,
    ProfileAvatarPostSchema,
    ...(extra ? [extra.schema] : []),
  ]);
  let submission;
  try {
    submission = await parseForm(request, schema, { maxBytes: UPLOAD_MAX_BYTES });
  } catch (error) {
    if (!isPayloadTooLarge(error)) throw error;
    return data<ProfileActionData>(
      { intent: "avatar", status: "refused", error: messageText(locale, AVATAR_TOO_LARGE) },
      413,
    );
  }
  if (submission.status !== "success") {
    // (Field errors go back as the schema's message keys: the form words them in the page's language.)
    const intent =
      extra && submission.payload.intent === extra.schema.shape.intent.value
        ? extra.schema.shape.intent.value
        : "details";
    return data({ intent, status: "invalid" as const, result: submission.reply() }, 400);
  }
  const value = submission.value;

  if (extra && isIntentOf(extra.schema, value)) return extra.run({ value, submission });
  if (isIntentOf(ProfileAvatarPostSchema, value)) {
    if (area !== "caregiver") throw data(t("profile.caregiversOnlyPhoto"), 400);
    const bytes = value.avatar ? new Uint8Array(await value.avatar.arrayBuffer()) : new Uint8Array();
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

  // The details (the union's last member): only the fields present were changed in the form; absent
  // ones stay as they are.
  if (!isDetails(value)) throw new Error(`No profile intent ${value.intent}.`);
  const { intent: _intent, ...changes } = value;
  const result = await updateProfile({ user, area, changes, request });
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
