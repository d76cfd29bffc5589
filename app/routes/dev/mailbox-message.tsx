import { Link } from "react-router";
import { readOutboxEntry } from "~/platform/email/mailer.server";
import { requireMailbox } from "./mailbox.server";
import type { Route } from "./+types/mailbox-message";
import { metaT, useT } from "~/i18n/react";
import { formatTimestamp } from "~/utils/datetime";

/** The robots directive that keeps this page out of search results (a code, not words). */
const NOINDEX = "noindex";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = metaT(matches, "public");
  return [
    { title: t("dev.mailbox.messageTitle", { subject: loaderData?.message.subject ?? t("dev.mailbox.email") }) },
    { name: "robots", content: NOINDEX },
  ];
};

export async function loader({ params, request }: Route.LoaderArgs) {
  requireMailbox(request);
  const message = await readOutboxEntry(params.id);
  if (!message) throw new Response("Not Found", { status: 404 });
  return { message };
}

export default function MailboxMessage({ loaderData }: Route.ComponentProps) {
  const { message } = loaderData;
  const { t, locale } = useT("public");
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6">
      <Link to="/dev/mailbox" className="text-teal-700 underline dark:text-teal-300">
        {t("dev.mailbox.back")}
      </Link>
      <h1 className="mt-4 text-2xl font-bold text-slate-900 dark:text-white">{message.subject}</h1>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
        <dt className="font-semibold">{t("dev.mailbox.from")}</dt>
        <dd>{message.from}</dd>
        <dt className="font-semibold">{t("dev.mailbox.toLabel")}</dt>
        <dd>{message.to}</dd>
        <dt className="font-semibold">{t("dev.mailbox.sent")}</dt>
        <dd>
          <time dateTime={message.sentAt}>{formatTimestamp(message.sentAt, undefined, locale)}</time>
        </dd>
      </dl>
      <h2 className="mt-8 text-lg font-semibold">{t("dev.mailbox.html")}</h2>
      {/* sandbox without scripts: the email's HTML cannot run code in our origin */}
      <iframe
        title={t("dev.mailbox.asHtml")}
        sandbox="allow-popups allow-top-navigation-by-user-activation"
        srcDoc={`<base target="_top">${message.html}`}
        className="mt-2 h-[560px] w-full rounded-lg border border-slate-200 bg-white"
      />
      <h2 className="mt-8 text-lg font-semibold">{t("dev.mailbox.plainText")}</h2>
      <pre className="mt-2 whitespace-pre-wrap rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100">
        {message.text}
      </pre>
    </section>
  );
}
