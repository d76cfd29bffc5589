import { getFormProps } from "@conform-to/react";
import { data, Form, Link } from "react-router";
import { ctaClass } from "~/components/public/page-parts";
import { FormNotice } from "~/components/form-controls";
import { confirmNewsletter } from "~/features/support/newsletter.server";
import { metaT, useT } from "~/i18n/react";
import { useSchemaForm } from "~/components/use-schema-form";
import type { Route } from "./+types/newsletter-confirm";
import { parseForm } from "~/utils/form-data.server";
import { NewsletterConfirmSchema } from "~/features/support/support.schema";

// The link in the confirmation email opens this page; the button confirms,
// so that mail scanners following links never subscribe anyone.

/** The robots directive that keeps this page out of search results (a code, not words). */
const NOINDEX = "noindex";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaT(matches, "public")("newsletter.confirm.metaTitle") },
  { name: "robots", content: NOINDEX },
];

export function loader({ url }: Route.LoaderArgs) {
  return { token: url.searchParams.get("token") ?? "" };
}

export async function action({ request }: Route.ActionArgs) {
  const submission = await parseForm(request, NewsletterConfirmSchema);
  // A post without its token is a link that cannot be confirmed: the page says so as for an expired one.
  if (submission.status !== "success")
    return data({ ok: false as const, status: "invalid" as const, result: submission.reply() }, 400);
  const confirmed = await confirmNewsletter({ token: submission.value.token });
  return confirmed ? { ok: true as const, email: confirmed.email } : { ok: false as const };
}

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("public");
  const [form] = useSchemaForm(NewsletterConfirmSchema, {
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
  });
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
        {t("newsletter.confirm.title")}
      </h1>
      {actionData?.ok ? (
        <div className="mt-6 space-y-4">
          <FormNotice tone="success">{t("newsletter.confirm.done", { email: actionData.email })}</FormNotice>
          <Link to="/blog" className={ctaClass}>
            {t("newsletter.confirm.readGuides")}
          </Link>
        </div>
      ) : actionData ? (
        <div className="mt-6">
          <FormNotice tone="error">{t("newsletter.confirm.expired")}</FormNotice>
        </div>
      ) : (
        <Form method="post" className="mt-6 space-y-4" {...getFormProps(form)}>
          <p className="text-slate-800 dark:text-slate-200">{t("newsletter.confirm.oneMoreClick")}</p>
          <input type="hidden" name="token" value={loaderData.token} />
          <button type="submit" className={ctaClass}>
            {t("newsletter.confirm.button")}
          </button>
        </Form>
      )}
    </section>
  );
}
