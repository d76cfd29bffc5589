import { data, Form, useActionData, useNavigation } from "react-router";
import { currentUserContext } from "~/platform/auth/guards.server";
import { FormNotice, linkClass, sectionClass, SubmitButton } from "~/components/form-controls";
import { VerifyCredentialSchema } from "~/features/credentials/credentials.schema";
import { listCredentialsExpiring, verifyCredential } from "~/features/credentials/credentials.server";
import { getServerT, refusalText } from "~/i18n/i18n.server";
import { localeOfRequest } from "~/i18n/locale";
import { metaT, useLocale, useT } from "~/i18n/react";
import { throwRefusal } from "~/i18n/refusal-response";
import { isAppError } from "~/utils/app-error";
import { formatCalendarDate } from "~/utils/datetime";
import { parseForm } from "~/utils/form-data.server";
import type { Route } from "./+types/credentials";

// /admin/credentials (docs/product-rules.md, "Credentials that expire"): the list the admin home's count opens,
// read with the count's own condition (docs/decisions/0039-admin-home-and-analytics.md): caregiver, credential,
// date, whether checked, the document, and a way to mark it verified.

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaT(matches, "credentials")("meta.adminTitle") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(currentUserContext);
  try {
    return { rows: await listCredentialsExpiring({ actor: user }) };
  } catch (error) {
    throwRefusal(error, localeOfRequest(request, user.locale));
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(currentUserContext);
  const { locale, t } = getServerT(request, "credentials", user.locale);
  const submission = await parseForm(request, VerifyCredentialSchema);
  if (submission.status !== "success") return data({ error: t("refusals.notFound"), done: false }, 400);
  try {
    await verifyCredential({ actor: user, credentialId: submission.value.credentialId, request });
    return data({ error: null, done: true });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ error: refusalText(locale, error), done: false }, error.status);
  }
}

export default function AdminCredentials({ loaderData }: Route.ComponentProps) {
  const { rows } = loaderData;
  const { t } = useT("credentials");
  const locale = useLocale();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{t("admin.heading")}</h1>
        <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-200">{t("admin.intro")}</p>
      </header>
      {actionData?.done && <FormNotice tone="success">{t("admin.verifiedDone")}</FormNotice>}
      {actionData?.error && <FormNotice tone="error">{actionData.error}</FormNotice>}
      <section className={sectionClass} aria-label={t("admin.heading")}>
        {rows.length === 0 ? (
          <p className="text-slate-700 dark:text-slate-200">{t("admin.empty")}</p>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-700" data-credential-rows={rows.length}>
            {rows.map((row) => {
              const credential = t(`kinds.${row.kind}`);
              return (
                <li key={row.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                  <div>
                    <a href={`/admin/caregivers/${row.caregiverId}`} className={linkClass}>
                      {row.name}
                    </a>
                    <p className="text-slate-800 first-letter:uppercase dark:text-slate-100">{credential}</p>
                    <p className="text-sm text-slate-700 dark:text-slate-200">
                      <span
                        className={`font-semibold ${row.standing === "expired" ? "text-red-800 dark:text-red-200" : "text-amber-900 dark:text-amber-100"}`}
                      >
                        {row.standing === "expired" ? t("admin.expired") : t("admin.expiring")}
                      </span>
                      {" · "}
                      {t("admin.date")}: {formatCalendarDate(row.expiresOn, "date", locale)}
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center gap-3">
                    {row.documentUrl && (
                      <a
                        href={row.documentUrl}
                        target="_blank"
                        rel="noreferrer"
                        className={`${linkClass} inline-flex min-h-11 items-center`}
                      >
                        {t("admin.document")}
                      </a>
                    )}
                    {row.isVerified ? (
                      <span className="text-sm font-medium text-teal-800 dark:text-teal-200">
                        {t("admin.verified")}
                      </span>
                    ) : (
                      <Form method="post">
                        <input type="hidden" name="intent" value="verify" />
                        <input type="hidden" name="credentialId" value={row.id} />
                        <SubmitButton
                          variant="secondary"
                          isPending={navigation.formData?.get("credentialId") === row.id}
                          pendingLabel={t("page.saving")}
                        >
                          <span aria-hidden="true">{t("admin.verifyShort")}</span>
                          <span className="sr-only">{t("admin.verify", { credential, name: row.name })}</span>
                        </SubmitButton>
                      </Form>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
