import { Form } from "react-router";
import { ctaClass } from "~/components/public/page-parts";
import { FormNotice } from "~/components/form-controls";
import { isValidUnsubscribeToken, unsubscribeFromNewsletter } from "~/features/support/newsletter.server";
import { metaT, useT } from "~/i18n/react";
import type { Route } from "./+types/newsletter-unsubscribe";
import { readForm } from "~/utils/form-data.server";

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
  const form = await readForm(request);
  const ok = await unsubscribeFromNewsletter({
    email: String(form.get("email") ?? ""),
    token: String(form.get("token") ?? ""),
  });
  return { ok };
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("public");
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
        <Form method="post" className="mt-6 space-y-4">
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
