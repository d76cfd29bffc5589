import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { data, Form, Link, redirect, useFetcher, useNavigation } from "react-router";
import { currentUserContext } from "~/platform/auth/guards.server";
import { AreaError } from "~/components/area-error";
import { FormNotice, linkClass, secondaryButtonClass, sectionClass } from "~/components/form-controls";
import { useSchemaForm } from "~/components/use-schema-form";
import { ClientInfoFields, HealthNeedsFields } from "~/components/request/person-fields";
import type { DraftData } from "~/components/request/wizard";
import { CareRecipientPostSchema, CareRecipientSaveSchema } from "~/features/care-requests/care-request.schema";
import { getCareRecipient, removeCareRecipient, updateCareRecipient } from "~/features/care-requests/recipients.server";
import { getServerT } from "~/i18n/i18n.server";
import { localeOfRequest } from "~/i18n/locale";
import { metaT, useT, useValidationMessage } from "~/i18n/react";
import { refusalData, throwRefusal } from "~/i18n/refusal-response";
import { parseForm } from "~/utils/form-data.server";
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
  const submission = await parseForm(request, CareRecipientPostSchema);
  // The answers' field errors go back as message keys: the page words them in its language.
  if (submission.status !== "success") return data({ result: submission.reply() }, 400);
  const value = submission.value;
  try {
    if (value.intent === "remove") {
      const { fullName } = await removeCareRecipient({ actor: user, recipientId: params.recipientId });
      const toast = toastCookie({ type: "success", title: t("recipients.removed", { name: fullName }) });
      return redirect(PROFILE, { headers: { "Set-Cookie": toast } });
    }
    const saved = await updateCareRecipient({
      actor: user,
      recipientId: params.recipientId,
      details: value.recipient,
    });
    const toast = toastCookie({ type: "success", title: t("recipients.saved", { name: saved.fullName }) });
    return redirect(PROFILE, { headers: { "Set-Cookie": toast } });
  } catch (error) {
    // A refusal about one answer (the name already saved) shows at that answer, any other above the button.
    return refusalData(error, locale, ({ text, field }) => ({
      result: submission.reply(field ? { fieldErrors: { [field]: [text] } } : { formErrors: [text] }),
    }));
  }
}

export default function CareRecipientPage({ loaderData }: Route.ComponentProps) {
  const { recipient } = loaderData;
  const { t } = useT("request");
  const [answers, setAnswers] = useState<DraftData>(recipient.details);
  const translate = useValidationMessage();
  const fetcher = useFetcher<{ result: SubmissionResult<string[]> }>();
  const navigation = useNavigation();
  const isSaving = fetcher.state !== "idle";
  const isRemoving = navigation.state !== "idle" && navigation.formData?.get("intent") === "remove";
  // The answers, as JSON in the form's one field, are checked with the schema before they are sent.
  const [form] = useSchemaForm(CareRecipientSaveSchema, { id: "care-recipient", lastResult: fetcher.data?.result });
  const formProps = getFormProps(form);
  const shownErrors = Object.fromEntries(
    Object.entries(form.allErrors).map(([field, messages]) => [field, translate(messages[0])]),
  );
  const json = JSON.stringify(answers);

  const update = (changes: Partial<DraftData>) => setAnswers((current) => ({ ...current, ...changes }));
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    formProps.onSubmit(event);
    if (event.defaultPrevented) {
      // The first field in error takes the focus, as in the wizard.
      const element = event.currentTarget;
      requestAnimationFrame(() => element.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
      return;
    }
    event.preventDefault();
    void fetcher.submit({ intent: "save", recipient: json }, { method: "post" });
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
      <form className="space-y-6" {...formProps} onSubmit={onSubmit}>
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="recipient" value={json} />
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
        {form.errors?.[0] && (
          <FormNotice id={form.errorId} tone="error">
            {translate(form.errors[0])}
          </FormNotice>
        )}
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
