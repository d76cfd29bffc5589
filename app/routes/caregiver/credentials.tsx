import { getFormProps } from "@conform-to/react";
import { BadgeCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Form, useActionData, useNavigation } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import { currentUserContext } from "~/platform/auth/guards.server";
import {
  FileField,
  FormNotice,
  linkClass,
  sectionClass,
  SelectField,
  SubmitButton,
  TextField,
} from "~/components/form-controls";
import { useSchemaForm } from "~/components/use-schema-form";
import { CREDENTIAL_KINDS } from "~/features/credentials/credential-rules";
import { SaveCredentialSchema } from "~/features/credentials/credentials.schema";
import { credentialToday, listMyCredentials, saveCredential } from "~/features/credentials/credentials.server";
import { getServerT, refusalText } from "~/i18n/i18n.server";
import { metaT, useLocale, useT } from "~/i18n/react";
import { isAppError } from "~/utils/app-error";
import { formatCalendarDate } from "~/utils/datetime";
import { isPayloadTooLarge, parseForm, UPLOAD_MAX_BYTES } from "~/utils/form-data.server";
import type { Route } from "./+types/credentials";

// /caregiver/credentials (docs/product-rules.md, "Credentials that expire"): each credential with its date,
// the required ones whose expiry stops new offers marked, and the form that uploads or renews one. A renewal
// lifts the offer gate at once (the gate reads the same row).

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaT(matches, "credentials")("meta.title") }];

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(currentUserContext);
  const now = new Date();
  return { credentials: await listMyCredentials({ actor: user, now }), today: credentialToday(now) };
}

type Answer =
  | { saved: { kind: string; expiresOn: string } }
  | { error: string; field?: string; result?: SubmissionResult<string[]> };

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(currentUserContext);
  const { locale, t } = getServerT(request, "credentials", user.locale);
  let submission;
  try {
    submission = await parseForm(request, SaveCredentialSchema, { maxBytes: UPLOAD_MAX_BYTES });
  } catch (error) {
    if (isPayloadTooLarge(error)) return data<Answer>({ error: t("errors.tooLarge"), field: "file" }, 413);
    throw error;
  }
  if (submission.status !== "success") return data<Answer>({ error: "", result: submission.reply() }, 400);
  const posted = submission.value;
  const file = posted.file instanceof File ? posted.file : null;
  try {
    const saved = await saveCredential({ actor: user, kind: posted.kind, expiresOn: posted.expiresOn, file, request });
    return data<Answer>({ saved });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data<Answer>({ error: refusalText(locale, error), field: error.field ?? "file" }, error.status);
  }
}

/** A kind's name (written for the middle of a sentence) at the start of an option. */
function sentenceStart(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export default function CaregiverCredentials({ loaderData }: Route.ComponentProps) {
  const { credentials } = loaderData;
  const { t } = useT("credentials");
  const locale = useLocale();
  const day = (isoDate: string) => formatCalendarDate(isoDate, "date", locale);
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, fields] = useSchemaForm(SaveCredentialSchema, {
    id: "save-credential",
    lastResult: actionData && "result" in actionData ? actionData.result : null,
  });
  const saved = actionData && "saved" in actionData ? actionData.saved : null;
  const error = actionData && "error" in actionData && actionData.error ? actionData : null;
  useEffect(() => {
    if (saved) formRef.current?.reset();
  }, [saved]);

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{t("page.heading")}</h1>
        <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-200">{t("page.intro")}</p>
      </header>

      <ul className="grid gap-3 sm:grid-cols-2" aria-label={t("page.heading")}>
        {credentials.map((credential) => (
          <li
            key={credential.kind}
            data-credential={credential.kind}
            className={`${sectionClass} ${credential.standing === "expired" ? "border-red-300 dark:border-red-800" : ""}`}
          >
            <h2 className="text-lg font-semibold text-slate-900 first-letter:uppercase dark:text-white">
              {t(`kinds.${credential.kind}`)}
            </h2>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {credential.isRequired ? t("page.required") : t("page.optional")}
            </p>
            {credential.expiresOn === null ? (
              <p className="mt-2 text-slate-700 dark:text-slate-200">{t("page.none")}</p>
            ) : (
              <>
                <p
                  className={`mt-2 font-medium ${
                    credential.standing === "expired"
                      ? "text-red-800 dark:text-red-200"
                      : credential.standing === "expiring"
                        ? "text-amber-900 dark:text-amber-100"
                        : "text-slate-800 dark:text-slate-100"
                  }`}
                >
                  {credential.standing === "expired"
                    ? t("page.expiredOn", { date: day(credential.expiresOn) })
                    : t("page.expiresOn", { date: day(credential.expiresOn) })}
                </p>
                <p className="mt-1 flex items-center gap-1 text-sm text-slate-700 dark:text-slate-200">
                  {credential.isVerified && <BadgeCheck aria-hidden="true" className="size-4 text-teal-800" />}
                  {credential.isVerified ? t("page.verified") : t("page.notVerified")}
                </p>
                {credential.documentUrl && (
                  <a
                    href={credential.documentUrl}
                    className={`${linkClass} mt-1 inline-flex min-h-11 items-center`}
                    target="_blank"
                    rel="noreferrer"
                  >
                    {t("page.viewDocument")}
                  </a>
                )}
              </>
            )}
          </li>
        ))}
      </ul>

      <section aria-labelledby="credential-form-heading" className={sectionClass}>
        <h2 id="credential-form-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          {t("page.formHeading")}
        </h2>
        {saved && (
          <FormNotice tone="success" className="mt-3">
            {t("page.saved", {
              credential: t(`kinds.${saved.kind as (typeof CREDENTIAL_KINDS)[number]}`),
              date: day(saved.expiresOn),
            })}
          </FormNotice>
        )}
        {error && (
          <FormNotice tone="error" className="mt-3">
            {error.error}
          </FormNotice>
        )}
        <Form
          method="post"
          encType="multipart/form-data"
          ref={formRef}
          {...getFormProps(form)}
          className="mt-4 grid gap-4 sm:grid-cols-2"
        >
          <SelectField label={t("page.kind")} field={fields.kind}>
            {CREDENTIAL_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {sentenceStart(t(`kinds.${kind}`))}
              </option>
            ))}
          </SelectField>
          <TextField
            type="date"
            label={t("page.expiry")}
            hint={t("page.expiryHint")}
            field={fields.expiresOn}
            error={error?.field === "expiresOn" ? error.error : undefined}
            required
          />
          <FileField
            label={t("page.file")}
            name="file"
            accept="application/pdf,image/jpeg,image/png,image/webp,image/heic"
            error={error?.field === "file" ? error.error : undefined}
            required
            className="sm:col-span-2"
          />
          <div className="sm:col-span-2">
            <SubmitButton isPending={navigation.state === "submitting"} pendingLabel={t("page.saving")}>
              {t("page.save")}
            </SubmitButton>
          </div>
        </Form>
      </section>
    </div>
  );
}
