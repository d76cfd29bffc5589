import { getFormProps } from "@conform-to/react";
import { data, Form } from "react-router";
import { ctaClass } from "~/components/public/page-parts";
import { FormNotice } from "~/components/form-controls";
import { isValidUnsubscribeToken, unsubscribeFromNewsletter } from "~/features/support/newsletter.server";
import { metaT, useT } from "~/i18n/react";
import { useSchemaForm } from "~/components/use-schema-form";
import type { Route } from "./+types/newsletter-unsubscribe";
import { parseForm } from "~/utils/form-data.server";
import { NewsletterUnsubscribeSchema } from "~/features/support/support.schema";

/** The robots directive that keeps this page out of search results (a code, not words). */
const NOINDEX = "noindex";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaT(matches, "public")("newsletter.unsubscribe.metaTitle") },
  { name: "robots", content: NOINDEX },
];

export function loader({ url }: Route.LoaderArgs) {
  const email = url.searchParams.get("email") ?? "";
  const token = url.searchParams.get("token") ?? "";
  return { email, token, isValid: !!email && !!token && isValidUnsubscribeToken(email, token) };
}

export async function action({ request }: Route.ActionArgs) {
  const submission = await parseForm(request, NewsletterUnsubscribeSchema);
  // A post without its address or token is a link that cannot be used: the page says so.
  if (submission.status !== "success")
    return data({ ok: false, status: "invalid" as const, result: submission.reply() }, 400);
  const ok = await unsubscribeFromNewsletter(submission.value);
  return { ok };
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("public");
  const [form] = useSchemaForm(NewsletterUnsubscribeSchema, {
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
  });
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
        {t("newsletter.unsubscribe.title")}
      </h1>
      {actionData?.ok ? (
        <div className="mt-6">
          <FormNotice tone="success">{t("newsletter.unsubscribe.done", { email: loaderData.email })}</FormNotice>
        </div>
      ) : !loaderData.isValid || actionData ? (
        <div className="mt-6">
          <FormNotice tone="error">{t("newsletter.unsubscribe.invalid")}</FormNotice>
        </div>
      ) : (
        <Form method="post" className="mt-6 space-y-4" {...getFormProps(form)}>
          <p className="text-slate-800 dark:text-slate-200">
            {t("newsletter.unsubscribe.question", { email: loaderData.email })}
          </p>
          <input type="hidden" name="email" value={loaderData.email} />
          <input type="hidden" name="token" value={loaderData.token} />
          <button type="submit" className={ctaClass}>
            {t("newsletter.unsubscribe.button")}
          </button>
        </Form>
      )}
    </section>
  );
}
