import type { SubmissionResult } from "@conform-to/react";

// What the profile pages (client and caregiver) load and what their action answers.

export type ProfileView = {
  firstName: string;
  lastName: string;
  email: string;
  /** Caregivers only. */
  avatarUrl: string | null;
  /** A new address waiting for its owner to follow the link sent to it. */
  pendingEmail: string | null;
};

export type ProfilePageData = { profile: ProfileView | null };

export type EmailChangeView =
  | { status: "unchanged" }
  | { status: "sent"; newEmail: string }
  | { status: "limited"; newEmail: string; retryAt: string }
  | { status: "failed"; newEmail: string; message: string };

export type ProfileActionData =
  /** `result`: the form's reply, its field errors as message keys. */
  | { intent: "details"; status: "invalid"; result: SubmissionResult<string[]> }
  | { intent: "details"; status: "saved"; updatedNames: string[]; email: EmailChangeView }
  | { intent: "avatar"; status: "saved"; avatarUrl: string }
  | { intent: "avatar"; status: "refused"; error: string };
