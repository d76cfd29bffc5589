import { getFormProps } from "@conform-to/react";
import { useRef, useState } from "react";
import { useAfterEachAnswer } from "~/components/use-after-each-answer";
import { useFetcher, type FetcherWithComponents } from "react-router";
import { ConnectionNotice } from "~/components/connection-notice";
import { toast } from "~/components/toast";
import { labelClass, primaryButtonClass, sectionClass, TextField, FieldError } from "~/components/form-controls";
import { useSchemaForm } from "~/components/use-schema-form";
import { formatCountdown, useCountdown } from "~/components/use-countdown";
import { UserAvatar } from "~/components/user-avatar";
import { ProfileSchema } from "~/features/accounts/accounts.schema";
import { useT } from "~/i18n/react";
import type { ProfileActionData, ProfileView } from "./profile-types";

// The profile screen of both areas: name and email for everyone, the photo
// for caregivers. Only the changed fields are sent (docs/product-rules.md, "Accounts and sign-in").

const AVATAR_TYPES = ["image/jpeg", "image/png", "image/webp"];
const AVATAR_MAX_BYTES = 10 * 1024 * 1024;

export function ProfilePage({
  profile,
  hasAvatar,
  children,
}: {
  profile: ProfileView;
  hasAvatar: boolean;
  /** Cards of one area only (the caregiver's work), below the details. */
  children?: React.ReactNode;
}) {
  // Here, not in the form: the form is remade when saved values come back,
  // and each answer must be toasted once.
  const fetcher = useFetcher<ProfileActionData>({ key: "profile-details" });
  const result = fetcher.data?.intent === "details" ? fetcher.data : undefined;
  useProfileToasts(result);
  const { t } = useT("account");
  return (
    <section className="max-w-2xl">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{t("profile.heading")}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        {hasAvatar ? t("profile.introWithPhoto") : t("profile.intro")}
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
        {children}
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
  const { t } = useT("account");
  // The whole form is checked with the schema before it is sent; the server's answer brings its errors.
  const [form, fields] = useSchemaForm(ProfileSchema, {
    id: "profile-details",
    lastResult: result?.status === "invalid" ? result.result : undefined,
  });
  const formProps = getFormProps(form);
  const changed = (Object.keys(initial) as (keyof typeof initial)[]).filter(
    (field) => values[field].trim() !== initial[field],
  );
  const isSaving = fetcher.state !== "idle";
  const emailLimit = result?.status === "saved" && result.email.status === "limited" ? result.email : null;
  const secondsLeft = useCountdown(emailLimit?.retryAt);

  return (
    <div className={sectionClass}>
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{t("profile.details.heading")}</h2>
      {profile.pendingEmail && (
        <output className="mt-4 block rounded-xl border border-teal-200 bg-teal-50 p-4 text-sm text-teal-950 dark:border-teal-800 dark:bg-teal-950/50 dark:text-teal-100">
          <span className="block font-semibold">
            {t("profile.details.pendingTitle", { email: profile.pendingEmail })}
          </span>
          <span className="mt-1 block">{t("profile.details.pendingBody", { email: profile.email })}</span>
        </output>
      )}
      <fetcher.Form
        method="post"
        className="mt-5 space-y-5"
        {...formProps}
        onSubmit={(event) => {
          // The schema's check first: an invalid form is not sent and shows its errors.
          formProps.onSubmit(event);
          if (event.defaultPrevented) return;
          // Only the changed fields are sent (docs/product-rules.md, "Accounts and sign-in").
          event.preventDefault();
          const changes = new FormData();
          changes.set("intent", "details");
          for (const field of changed) changes.set(field, values[field]);
          void fetcher.submit(changes, { method: "post" });
        }}
      >
        <input type="hidden" name="intent" value="details" />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            field={fields.firstName}
            label={t("profile.details.firstName")}
            autoComplete="given-name"
            maxLength={50}
            required
            value={values.firstName}
            onChange={(event) => setValues({ ...values, firstName: event.target.value })}
          />
          <TextField
            field={fields.lastName}
            label={t("profile.details.lastName")}
            autoComplete="family-name"
            maxLength={50}
            required
            value={values.lastName}
            onChange={(event) => setValues({ ...values, lastName: event.target.value })}
          />
        </div>
        <TextField
          field={fields.email}
          type="email"
          label={t("profile.details.email")}
          autoComplete="email"
          maxLength={255}
          required
          value={values.email}
          onChange={(event) => setValues({ ...values, email: event.target.value })}
          hint={t("profile.details.emailHint")}
        />
        {emailLimit && (
          <p
            role="alert"
            className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950/50 dark:text-amber-100"
          >
            {t("profile.details.limited")}{" "}
            {secondsLeft > 0
              ? t("profile.details.retryIn", { email: emailLimit.newEmail, time: formatCountdown(secondsLeft) })
              : t("profile.details.retryNow")}
          </p>
        )}
        <ConnectionNotice />
        <button type="submit" className={primaryButtonClass} disabled={isSaving || changed.length === 0}>
          {isSaving ? t("profile.details.saving") : t("profile.details.save")}
        </button>
      </fetcher.Form>
    </div>
  );
}

function useProfileToasts(result: DetailsResult | undefined) {
  const { t } = useT("account");
  useAfterEachAnswer(result, () => {
    if (result?.status !== "saved") return;
    const { email, updatedNames } = result;
    if (updatedNames.length > 0) {
      toast.success(t("profile.toasts.updated"), { description: t("profile.toasts.updatedDescription") });
    }
    if (email.status === "sent") {
      toast.success(t("profile.toasts.checkInbox"), {
        description: t("profile.toasts.checkInboxDescription", { email: email.newEmail }),
      });
    } else if (email.status === "limited") {
      toast.warning(t("profile.toasts.limited"), { description: t("profile.toasts.limitedDescription") });
    } else if (email.status === "failed") {
      toast.error(t("profile.toasts.emailNotChanged"), { description: email.message });
    } else if (updatedNames.length === 0) {
      toast.info(t("profile.toasts.nothingToSave"), { description: t("profile.toasts.nothingToSaveDescription") });
    }
    // Each answer is toasted once, in the language of the moment it came.
  });
}

function AvatarCard({ profile }: { profile: ProfileView }) {
  const fetcher = useFetcher<ProfileActionData>({ key: "profile-avatar" });
  const { t } = useT("account");
  const input = useRef<HTMLInputElement>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  const result = fetcher.data?.intent === "avatar" ? fetcher.data : undefined;
  const error = clientError ?? (result?.status === "refused" ? result.error : null);
  const isUploading = fetcher.state !== "idle";
  const name = `${profile.firstName} ${profile.lastName}`;

  useAfterEachAnswer(result, () => {
    if (result?.status === "saved") {
      toast.success(t("profile.toasts.photoUpdated"), { description: t("profile.toasts.photoUpdatedDescription") });
      if (input.current) input.current.value = "";
    } else if (result?.status === "refused") {
      toast.error(t("profile.toasts.photoNotUploaded"), { description: result.error });
    }
  });

  return (
    <div className={sectionClass}>
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{t("profile.photo.heading")}</h2>
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
              ? "empty"
              : !AVATAR_TYPES.includes(file.type)
                ? "wrongType"
                : file.size > AVATAR_MAX_BYTES
                  ? "tooLarge"
                  : null;
            setClientError(problem && t(`profile.photo.errors.${problem}`));
            if (problem) event.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="avatar" />
          <div>
            <label htmlFor="profile-avatar-file" className={labelClass}>
              {t("profile.photo.choose")}
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
              {t("profile.photo.hint")}
            </p>
            {error && <FieldError id="profile-avatar-error">{error}</FieldError>}
          </div>
          <button type="submit" className={primaryButtonClass} disabled={isUploading}>
            {isUploading ? t("profile.photo.uploading") : t("profile.photo.upload")}
          </button>
        </fetcher.Form>
      </div>
    </div>
  );
}
