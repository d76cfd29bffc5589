import { useEffect, useRef, useState } from "react";
import { useFetcher, type FetcherWithComponents } from "react-router";
import { toast } from "~/components/toast";
import {
  fieldErrorClass,
  fieldErrors,
  labelClass,
  primaryButtonClass,
  sectionClass,
  TextField,
} from "~/components/form-controls";
import { formatCountdown, useCountdown } from "~/components/use-countdown";
import { UserAvatar } from "~/components/user-avatar";
import { ProfileSchema } from "~/features/accounts/accounts.schema";
import type { ProfileActionData, ProfileFieldErrors, ProfileView } from "./profile-types";

// The profile screen of both areas: name and email for everyone, the photo
// for caregivers. Only the changed fields are sent (spec 5).

const AVATAR_TYPES = ["image/jpeg", "image/png", "image/webp"];
const AVATAR_MAX_BYTES = 10 * 1024 * 1024;

export function ProfilePage({ profile, hasAvatar }: { profile: ProfileView; hasAvatar: boolean }) {
  // Here, not in the form: the form is remade when saved values come back,
  // and each answer must be toasted once.
  const fetcher = useFetcher<ProfileActionData>({ key: "profile-details" });
  const result = fetcher.data?.intent === "details" ? fetcher.data : undefined;
  useProfileToasts(result);
  return (
    <section className="max-w-2xl">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Profile</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        {hasAvatar
          ? "Your name, email and photo. Families see your name and photo on your public profile."
          : "Your name and the email address we use to reach you."}
      </p>
      <div className="mt-6 space-y-6">
        {hasAvatar && <AvatarCard profile={profile} />}
        {/* A fresh form once saved values come back, so that it compares with them. */}
        <DetailsCard
          key={`${profile.firstName}\n${profile.lastName}\n${profile.email}\n${profile.pendingEmail}`}
          profile={profile}
          fetcher={fetcher}
          result={result}
        />
      </div>
    </section>
  );
}

type DetailsResult = Extract<ProfileActionData, { intent: "details" }>;

function DetailsCard({
  profile,
  fetcher,
  result,
}: {
  profile: ProfileView;
  fetcher: FetcherWithComponents<ProfileActionData>;
  result: DetailsResult | undefined;
}) {
  const initial = { firstName: profile.firstName, lastName: profile.lastName, email: profile.email };
  const [values, setValues] = useState(initial);
  const [clientErrors, setClientErrors] = useState<ProfileFieldErrors | null>(null);
  const changed = (Object.keys(initial) as (keyof typeof initial)[]).filter(
    (field) => values[field].trim() !== initial[field],
  );
  const isSaving = fetcher.state !== "idle";
  const serverErrors = result?.status === "invalid" ? result.fieldErrors : {};
  const errors = clientErrors ?? serverErrors;
  const emailLimit = result?.status === "saved" && result.email.status === "limited" ? result.email : null;
  const secondsLeft = useCountdown(emailLimit?.retryAt);

  return (
    <div className={sectionClass}>
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Personal details</h2>
      {profile.pendingEmail && (
        <output className="mt-4 block rounded-xl border border-teal-200 bg-teal-50 p-4 text-sm text-teal-950 dark:border-teal-800 dark:bg-teal-950/50 dark:text-teal-100">
          <span className="block font-semibold">We sent a link to {profile.pendingEmail}</span>
          <span className="mt-1 block">
            Open it to confirm your new address. Until then we keep using {profile.email}. The link expires in one hour.
          </span>
        </output>
      )}
      <fetcher.Form
        method="post"
        noValidate
        className="mt-5 space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = ProfileSchema.safeParse(values);
          if (!parsed.success) {
            setClientErrors(fieldErrors(parsed.error.issues));
            return;
          }
          setClientErrors(null);
          const form = new FormData();
          form.set("intent", "details");
          for (const field of changed) form.set(field, parsed.data[field]);
          void fetcher.submit(form, { method: "post" });
        }}
      >
        <input type="hidden" name="intent" value="details" />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            name="firstName"
            label="First name"
            autoComplete="given-name"
            maxLength={50}
            required
            value={values.firstName}
            onChange={(event) => setValues({ ...values, firstName: event.target.value })}
            error={errors.firstName}
          />
          <TextField
            name="lastName"
            label="Last name"
            autoComplete="family-name"
            maxLength={50}
            required
            value={values.lastName}
            onChange={(event) => setValues({ ...values, lastName: event.target.value })}
            error={errors.lastName}
          />
        </div>
        <TextField
          name="email"
          type="email"
          label="Email address"
          autoComplete="email"
          maxLength={255}
          required
          value={values.email}
          onChange={(event) => setValues({ ...values, email: event.target.value })}
          error={errors.email}
          hint="If you change it, we send a link to the new address; it takes effect once you open it."
        />
        {emailLimit && (
          <p
            role="alert"
            className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950/50 dark:text-amber-100"
          >
            Email sending temporarily limited.{" "}
            {secondsLeft > 0
              ? `You can request another link to ${emailLimit.newEmail} in ${formatCountdown(secondsLeft)}.`
              : "You can try again now."}
          </p>
        )}
        <button type="submit" className={primaryButtonClass} disabled={isSaving || changed.length === 0}>
          {isSaving ? "Saving..." : "Save changes"}
        </button>
      </fetcher.Form>
    </div>
  );
}

function useProfileToasts(result: DetailsResult | undefined) {
  useEffect(() => {
    if (result?.status !== "saved") return;
    const { email, updatedNames } = result;
    if (updatedNames.length > 0) toast.success("Profile updated", { description: "Your name has been saved." });
    if (email.status === "sent") {
      toast.success("Check your new inbox", {
        description: `We sent a link to ${email.newEmail}. Open it to confirm your new email address.`,
      });
    } else if (email.status === "limited") {
      toast.warning("Email sending temporarily limited", {
        description: "Please wait before asking for another link.",
      });
    } else if (email.status === "failed") {
      toast.error("Email not changed", { description: email.message });
    } else if (updatedNames.length === 0) {
      toast.info("Nothing to save", { description: "Your profile already has these details." });
    }
  }, [result]);
}

function AvatarCard({ profile }: { profile: ProfileView }) {
  const fetcher = useFetcher<ProfileActionData>({ key: "profile-avatar" });
  const input = useRef<HTMLInputElement>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  const result = fetcher.data?.intent === "avatar" ? fetcher.data : undefined;
  const error = clientError ?? (result?.status === "refused" ? result.error : null);
  const isUploading = fetcher.state !== "idle";
  const name = `${profile.firstName} ${profile.lastName}`;

  useEffect(() => {
    if (result?.status === "saved") {
      toast.success("Photo updated", { description: "Your new profile photo is saved." });
      if (input.current) input.current.value = "";
    } else if (result?.status === "refused") {
      toast.error("Photo not uploaded", { description: result.error });
    }
  }, [result]);

  return (
    <div className={sectionClass}>
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Profile photo</h2>
      <div className="mt-4 flex flex-col gap-5 sm:flex-row sm:items-center">
        <span data-testid="profile-avatar">
          <UserAvatar name={name} avatarUrl={profile.avatarUrl} size="xl" />
        </span>
        <fetcher.Form
          method="post"
          encType="multipart/form-data"
          className="min-w-0 flex-1 space-y-3"
          onSubmit={(event) => {
            const file = input.current?.files?.[0];
            const problem = !file
              ? "Please choose a photo to upload."
              : !AVATAR_TYPES.includes(file.type)
                ? "Please upload a JPEG, PNG or WebP image."
                : file.size > AVATAR_MAX_BYTES
                  ? "Photos must be 10 MB or smaller."
                  : null;
            setClientError(problem);
            if (problem) event.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="avatar" />
          <div>
            <label htmlFor="profile-avatar-file" className={labelClass}>
              Choose a photo
            </label>
            <input
              ref={input}
              id="profile-avatar-file"
              name="avatar"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              aria-describedby={`profile-avatar-hint${error ? " profile-avatar-error" : ""}`}
              aria-invalid={error ? true : undefined}
              onChange={() => setClientError(null)}
              className="mt-1 block w-full text-sm text-slate-800 file:mr-3 file:rounded-lg file:border-0 file:bg-teal-50 file:px-4 file:py-2 file:font-semibold file:text-teal-900 hover:file:bg-teal-100 dark:text-slate-100 dark:file:bg-teal-900/60 dark:file:text-teal-100"
            />
            <p id="profile-avatar-hint" className="mt-1 text-sm text-slate-600 dark:text-slate-300">
              JPEG, PNG or WebP, up to 10 MB. We crop it to a square.
            </p>
            {error && (
              <p id="profile-avatar-error" role="alert" className={fieldErrorClass}>
                {error}
              </p>
            )}
          </div>
          <button type="submit" className={primaryButtonClass} disabled={isUploading}>
            {isUploading ? "Uploading..." : "Upload photo"}
          </button>
        </fetcher.Form>
      </div>
    </div>
  );
}
