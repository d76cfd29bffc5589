import { useState } from "react";
import { Form, Link, redirect, useFetcher, useNavigation } from "react-router";
import { currentUserContext } from "~/platform/auth/guards.server";
import { AreaError } from "~/components/area-error";
import { FormNotice, fieldErrors, linkClass, secondaryButtonClass, sectionClass } from "~/components/form-controls";
import { ClientInfoFields, HealthNeedsFields } from "~/components/request/person-fields";
import type { DraftData } from "~/components/request/wizard";
import { CareRecipientSchema } from "~/features/care-requests/care-request.schema";
import { getCareRecipient, removeCareRecipient, updateCareRecipient } from "~/features/care-requests/recipients.server";
import { getServerT } from "~/i18n/i18n.server";
import { localeOfRequest } from "~/i18n/locale";
import { metaT, useFieldErrors, useT } from "~/i18n/react";
import { refusalData, throwRefusal } from "~/i18n/refusal-response";
import { readForm } from "~/utils/form-data.server";
import { toastCookie } from "~/utils/toast.server";
import type { Route } from "./+types/care-recipient";

// One of the family's saved care recipients (docs/product-rules.md, "Care recipients"): the same questions and
// rules as the wizard's first two steps, to change what the next request for them starts with, or to remove them.
// Only the family's own: another family's person is "not found".

const PROFILE = "/dashboard/profile";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "request");
  return [
    { title: t("recipients.editMetaTitle") },
    { name: "description", content: t("recipients.editMetaDescription") },
  ];
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = context.get(currentUserContext);
  try {
    return { recipient: await getCareRecipient({ actor: user, recipientId: params.recipientId }) };
  } catch (error) {
    throwRefusal(error, localeOfRequest(request, user.locale));
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = context.get(currentUserContext);
  const { locale, t } = getServerT(request, "request", user.locale);
  const form = await readForm(request);
  try {
    if (form.get("intent") === "remove") {
      const { fullName } = await removeCareRecipient({ actor: user, recipientId: params.recipientId });
      const toast = toastCookie({ type: "success", title: t("recipients.removed", { name: fullName }) });
      return redirect(PROFILE, { headers: { "Set-Cookie": toast } });
    }
    let details: unknown = null;
    try {
      details = JSON.parse(String(form.get("recipient") ?? ""));
    } catch {
      details = null;
    }
    const saved = await updateCareRecipient({ actor: user, recipientId: params.recipientId, details });
    const toast = toastCookie({ type: "success", title: t("recipients.saved", { name: saved.fullName }) });
    return redirect(PROFILE, { headers: { "Set-Cookie": toast } });
  } catch (error) {
    return refusalData(error, locale, ({ text, field }) => ({ error: text, field }));
  }
}

export default function CareRecipientPage({ loaderData }: Route.ComponentProps) {
  const { recipient } = loaderData;
  const { t } = useT("request");
  const [answers, setAnswers] = useState<DraftData>(recipient.details);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const translateErrors = useFieldErrors();
  const fetcher = useFetcher<{ error: string; field?: string }>();
  const navigation = useNavigation();
  const isSaving = fetcher.state !== "idle";
  const isRemoving = navigation.state !== "idle" && navigation.formData?.get("intent") === "remove";
  const refusal = fetcher.data;
  const shownErrors = translateErrors({
    ...errors,
    ...(refusal?.field && !errors[refusal.field] ? { [refusal.field]: refusal.error } : {}),
  });

  const update = (changes: Partial<DraftData>) => setAnswers((current) => ({ ...current, ...changes }));
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = CareRecipientSchema.safeParse(answers);
    const problems = parsed.success ? {} : fieldErrors(parsed.error.issues);
    setErrors(problems);
    if (!parsed.success) {
      // The first field in error takes the focus, as in the wizard.
      requestAnimationFrame(() => form.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
      return;
    }
    void fetcher.submit({ intent: "save", recipient: JSON.stringify(parsed.data) }, { method: "post" });
  };

  return (
    <div className="space-y-6">
      <div>
        <Link to={PROFILE} className={linkClass}>
          {t("recipients.back")}
        </Link>
        <h1 className="mt-2 text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl dark:text-white">
          {recipient.fullName}
        </h1>
        <p className="mt-1 max-w-3xl text-slate-600 dark:text-slate-300">{t("recipients.editIntro")}</p>
      </div>
      <form noValidate onSubmit={onSubmit} className="space-y-6">
        <section aria-labelledby="person-heading" className={`${sectionClass} space-y-6`}>
          <h2 id="person-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            {t("recipients.personHeading")}
          </h2>
          <ClientInfoFields data={answers} update={update} errors={shownErrors} />
        </section>
        <section aria-labelledby="needs-heading" className={`${sectionClass} space-y-8`}>
          <h2 id="needs-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            {t("recipients.needsHeading")}
          </h2>
          <HealthNeedsFields data={answers} update={update} errors={shownErrors} />
        </section>
        {refusal && !refusal.field && <FormNotice tone="error">{refusal.error}</FormNotice>}
        <button
          type="submit"
          disabled={isSaving}
          aria-busy={isSaving || undefined}
          className="inline-flex min-h-12 w-full items-center justify-center rounded-lg bg-teal-700 px-6 py-3 text-lg font-semibold text-white hover:bg-teal-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600 disabled:cursor-progress disabled:opacity-80 sm:w-auto"
        >
          {isSaving ? t("recipients.saving") : t("recipients.save")}
        </button>
      </form>
      <section aria-labelledby="remove-heading" className={sectionClass}>
        <h2 id="remove-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t("recipients.removeHeading")}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("recipients.removeHint")}</p>
        <Form method="post" className="mt-3">
          <button
            type="submit"
            name="intent"
            value="remove"
            disabled={isRemoving}
            aria-busy={isRemoving || undefined}
            className={`${secondaryButtonClass} w-full sm:w-auto`}
          >
            {t("recipients.remove", { name: recipient.fullName })}
          </button>
        </Form>
      </section>
    </div>
  );
}

/** Another family's person, a removed one, or an unknown id: "not found" inside the area, with the way back. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useT("request");
  return (
    <AreaError
      error={error}
      heading={t("recipients.notFoundHeading")}
      text={t("recipients.notFoundText")}
      backTo={PROFILE}
      backLabel={t("recipients.back")}
    />
  );
}
