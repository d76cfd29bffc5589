import { CircleCheck, Mail, Phone } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { clientAddress } from "~/platform/auth/client-address";
import { getFormProps } from "@conform-to/react";
import { FormNotice, SelectField, SubmitButton, TextAreaField, TextField } from "~/components/form-controls";
import { ConnectionNotice } from "~/components/connection-notice";
import { useSchemaForm } from "~/components/use-schema-form";
import { PageHero } from "~/components/public/page-parts";
import { submitContactMessage } from "~/features/support/contact.server";
import { CONTACT_TOPICS, ContactSchema, MESSAGE_MAX } from "~/features/support/support.schema";
import { getServerT } from "~/i18n/i18n.server";
import { metaT, useLabels, useT, useValidationMessage } from "~/i18n/react";
import { useRootData } from "~/root";
import { OfficeLinks } from "~/components/office-link";
import { parseForm } from "~/utils/form-data.server";
import { IDEMPOTENCY_FIELD, IDEMPOTENCY_MESSAGES, idempotencyKeyOf } from "~/utils/idempotency";
import { publicMeta } from "~/components/public/seo";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "public");
  return publicMeta({
    matches,
    title: t("contact.metaTitle"),
    description: t("contact.metaDescription"),
    path: "/contact",
  });
};

export async function loader({ url }: Route.LoaderArgs) {
  const topic = url.searchParams.get("topic");
  return {
    topic: CONTACT_TOPICS.find((t) => t.id === topic)?.id ?? "general",
    // The form's idempotency key (docs/decisions/0019-idempotency-keys.md): the same for a double
    // click or a resend of this page's form, a new one with the next page.
    idempotencyKey: crypto.randomUUID(),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const submission = await parseForm(request, ContactSchema);
  if (submission.status !== "success") return data({ status: "invalid" as const, result: submission.reply() }, 400);
  const idempotencyKey = idempotencyKeyOf(submission.payload);
  if (!idempotencyKey) {
    // A copy of the page from before the key (or a hand-made post): nothing is lost, the values come back.
    return data(
      { status: "invalid" as const, result: submission.reply({ formErrors: [IDEMPOTENCY_MESSAGES.missing] }) },
      400,
    );
  }
  const { locale } = getServerT(request, "public");
  const result = await submitContactMessage({
    input: submission.value,
    ipAddress: clientAddress(request),
    locale,
    idempotencyKey,
  });
  if (result.status === "limited") return data({ status: "limited" as const, result: submission.reply() }, 429);
  return { status: "sent" as const, email: submission.value.email };
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const contact = useRootData()?.contact;
  const navigation = useNavigation();
  const isSending = navigation.state === "submitting" && navigation.formAction === "/contact";
  const { t } = useT("public");
  const translate = useValidationMessage();
  // The same schema checks the message in the browser first; the server's answer brings the values back.
  const [form, fields] = useSchemaForm(ContactSchema, {
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
  });
  const labels = useLabels();

  return (
    <>
      <PageHero title={t("contact.title")} intro={t("contact.intro")} />
      <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-5">
        <section aria-labelledby="reach-title" className="lg:col-span-2">
          <h2 id="reach-title" className="text-2xl font-bold text-slate-900">
            {t("contact.reachTitle")}
          </h2>
          {contact && (
            <ul className="mt-5 space-y-4">
              <li>
                <a
                  href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`}
                  className="inline-flex gap-3 font-semibold text-teal-800 hover:underline"
                >
                  <Phone aria-hidden="true" className="size-5" />
                  {contact.phone}
                </a>
                <p className="ml-8 text-sm text-slate-700">{t("contact.phoneSupport")}</p>
              </li>
              <li>
                <a
                  href={`mailto:${contact.email}`}
                  className="inline-flex gap-3 font-semibold break-all text-teal-800 hover:underline"
                >
                  <Mail aria-hidden="true" className="size-5" />
                  {contact.email}
                </a>
              </li>
            </ul>
          )}
          <h3 className="mt-8 text-lg font-semibold text-slate-900">{t("contact.offices")}</h3>
          <ul className="mt-3 space-y-4">
            <OfficeLinks tone="light" />
          </ul>
        </section>

        <section
          aria-labelledby="message-title"
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:col-span-3"
        >
          <h2 id="message-title" className="text-2xl font-bold text-slate-900">
            {t("contact.messageTitle")}
          </h2>
          {actionData?.status === "sent" ? (
            <output className="mt-5 flex gap-3 rounded-xl bg-teal-50 p-5 text-slate-800">
              <CircleCheck aria-hidden="true" className="size-6 shrink-0 text-teal-700" />
              <p>
                <strong className="block text-slate-900">{t("contact.sentTitle")}</strong>
                {t("contact.sentBody", { email: actionData.email })}
              </p>
            </output>
          ) : (
            <Form method="post" className="mt-5 space-y-4" {...getFormProps(form)}>
              <input type="hidden" name={IDEMPOTENCY_FIELD} value={loaderData.idempotencyKey} />
              {actionData?.status === "limited" && <FormNotice tone="error">{t("contact.limited")}</FormNotice>}
              {form.errors?.[0] && (
                <FormNotice id={form.errorId} tone="error">
                  {translate(form.errors[0])}
                </FormNotice>
              )}
              <TextField label={t("contact.name")} field={fields.name} autoComplete="name" required />
              <TextField label={t("contact.email")} field={fields.email} type="email" autoComplete="email" required />
              <SelectField
                label={t("contact.topic")}
                field={fields.topic}
                defaultValue={fields.topic.defaultValue ?? loaderData.topic}
              >
                {CONTACT_TOPICS.map((topic) => (
                  <option key={topic.id} value={topic.id}>
                    {labels.contactTopic(topic.id)}
                  </option>
                ))}
              </SelectField>
              <TextAreaField
                label={t("contact.message")}
                field={fields.message}
                rows={6}
                required
                maxLength={MESSAGE_MAX}
              />
              <ConnectionNotice />
              <SubmitButton isPending={isSending} pendingLabel={t("contact.sending")}>
                {t("contact.send")}
              </SubmitButton>
            </Form>
          )}
        </section>
      </div>
    </>
  );
}
