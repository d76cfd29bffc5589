import { data, Form, useNavigation } from "react-router";
import { clientAddress } from "~/platform/auth/client-address";
import { FormNotice, SubmitButton, TextField } from "~/components/form-controls";
import { PageHero } from "~/components/public/page-parts";
import { subscribeToNewsletter } from "~/features/support/newsletter.server";
import { NewsletterSchema } from "~/features/support/support.schema";
import { getServerT, validationText } from "~/i18n/i18n.server";
import { metaT, useT } from "~/i18n/react";
import { publicMeta } from "~/components/public/seo";
import type { Route } from "./+types/newsletter";
import { parseForm } from "~/utils/form-data.server";

// The footer's newsletter box posts here (with JavaScript it stays in the
// footer; without, this page shows the outcome). The outcome comes back in
// the visitor's language, and so does the confirmation email.

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "public");
  return publicMeta({
    matches,
    title: t("newsletter.metaTitle"),
    description: t("newsletter.metaDescription"),
    path: "/newsletter",
  });
};

export async function action({ request }: Route.ActionArgs) {
  const submission = await parseForm(request, NewsletterSchema);
  const { locale, t } = getServerT(request, "public");
  if (submission.status !== "success") {
    // The footer's box shows one line: the schema's first message (a key), worded in the visitor's language.
    const error = submission.error?.email?.[0];
    return data({ ok: false, message: error ? validationText(locale, error) : t("contact.errors.emailInvalid") }, 400);
  }
  const result = await subscribeToNewsletter({
    email: submission.value.email,
    ipAddress: clientAddress(request),
    locale,
  });
  const message = t(`newsletter.results.${result.status}`);
  return data({ ok: result.status !== "limited", message }, result.status === "limited" ? 429 : 200);
}

export default function Newsletter({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { t } = useT("public");
  return (
    <>
      <PageHero title={t("newsletter.title")} intro={t("newsletter.intro")} />
      <div className="mx-auto w-full max-w-xl px-4 py-12 sm:px-6">
        {actionData && <FormNotice tone={actionData.ok ? "success" : "error"}>{actionData.message}</FormNotice>}
        <Form method="post" className="mt-4 space-y-4">
          <TextField label={t("newsletter.email")} name="email" type="email" autoComplete="email" required />
          <SubmitButton isPending={navigation.state === "submitting"} pendingLabel={t("newsletter.subscribing")}>
            {t("newsletter.subscribe")}
          </SubmitButton>
        </Form>
      </div>
    </>
  );
}
