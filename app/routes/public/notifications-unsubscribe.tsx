import { getFormProps } from "@conform-to/react";
import { data, Form, Link } from "react-router";
import { ctaClass } from "~/components/public/page-parts";
import { FormNotice, linkClass } from "~/components/form-controls";
import { readUnsubscribeLink, unsubscribeFromEmails } from "~/features/notifications/unsubscribe.server";
import { metaT, useT } from "~/i18n/react";
import { useSchemaForm } from "~/components/use-schema-form";
import { UnsubscribeFormSchema } from "~/features/notifications/delivery-settings.schema";
import { parseForm } from "~/utils/form-data.server";
import type { Route } from "./+types/notifications-unsubscribe";

// An email's unsubscribe link (docs/product-rules.md, "Notification delivery"),
// signed in or not. Opening it changes nothing: the page says what would stop
// and asks. The button, or a mail client's one-click POST (RFC 8058) to the
// same address, turns the emails off.

/** The robots directive that keeps this page out of search results (a code, not words). */
const NOINDEX = "noindex";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaT(matches, "delivery")("unsubscribe.metaTitle") },
  { name: "robots", content: NOINDEX },
];

/** The link's parameters: from the form's fields, else from the address (a one-click POST sends none). */
function linkParameters(url: URL, form?: Partial<Record<"u" | "t" | "type", string>>) {
  const field = (name: "u" | "t" | "type") => {
    const value = form?.[name] ?? url.searchParams.get(name);
    return typeof value === "string" && value !== "" ? value : undefined;
  };
  return { u: field("u"), t: field("t"), type: field("type") };
}

export async function loader({ url }: Route.LoaderArgs) {
  const target = await readUnsubscribeLink(linkParameters(url));
  return {
    link: target ? { ...linkParameters(url), email: target.email, type: target.type } : null,
    settingsPath: target?.settingsPath ?? null,
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  const submission = await parseForm(request, UnsubscribeFormSchema);
  // A field that is not text (a file in a hand-made post) is no link: the page says so.
  if (submission.status !== "success")
    return data({ ok: false, status: "invalid" as const, result: submission.reply() }, 400);
  const target = await unsubscribeFromEmails(linkParameters(url, submission.value));
  return { ok: target !== null };
}

export default function NotificationsUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("delivery");
  const [form] = useSchemaForm(UnsubscribeFormSchema, {
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
  });
  const { link, settingsPath } = loaderData;
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{t("unsubscribe.title")}</h1>
      {actionData?.ok ? (
        <div className="mt-6 space-y-4">
          <FormNotice tone="success">{t("unsubscribe.done")}</FormNotice>
          {settingsPath && (
            <p>
              <Link to={settingsPath} className={linkClass}>
                {t("unsubscribe.settings")}
              </Link>
            </p>
          )}
        </div>
      ) : !link || actionData ? (
        <div className="mt-6">
          <FormNotice tone="error">{t("unsubscribe.invalid")}</FormNotice>
        </div>
      ) : (
        <Form method="post" className="mt-6 space-y-4" {...getFormProps(form)}>
          <p className="text-lg text-slate-800 dark:text-slate-200">
            {link.type
              ? t("unsubscribe.questionType", { type: t(`typeNames.${link.type}`), email: link.email })
              : t("unsubscribe.questionAll", { email: link.email })}
          </p>
          <p className="text-slate-700 dark:text-slate-300">{t("unsubscribe.keep")}</p>
          <input type="hidden" name="u" value={link.u} />
          <input type="hidden" name="t" value={link.t} />
          {link.type && <input type="hidden" name="type" value={link.type} />}
          <button type="submit" className={ctaClass}>
            {t("unsubscribe.button")}
          </button>
        </Form>
      )}
    </section>
  );
}
