import { Link } from "react-router";
import { listOutbox } from "~/platform/email/mailer.server";
import { requireMailbox } from "./mailbox.server";
import type { Route } from "./+types/mailbox";
import { metaT, Trans, useT } from "~/i18n/react";
import { formatTimestamp } from "~/utils/datetime";

/** The robots directive that keeps this page out of search results (a code, not words). */
const NOINDEX = "noindex";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaT(matches, "public")("dev.mailbox.metaTitle") },
  { name: "robots", content: NOINDEX },
];

export async function loader({ request }: Route.LoaderArgs) {
  requireMailbox(request);
  return { messages: (await listOutbox()).map(({ id, to, subject, sentAt }) => ({ id, to, subject, sentAt })) };
}

export default function Mailbox({ loaderData }: Route.ComponentProps) {
  const { messages } = loaderData;
  const { t, locale } = useT("public");
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{t("dev.mailbox.title")}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        <Trans ns="public" i18nKey="dev.mailbox.intro" components={{ code: <code /> }} />
      </p>
      {messages.length === 0 ? (
        <p className="mt-8 rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-600 dark:text-slate-300">
          {t("dev.mailbox.empty")}
        </p>
      ) : (
        <ul className="mt-6 divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
          {messages.map((message) => (
            <li key={message.id}>
              <Link
                to={`/dev/mailbox/${message.id}`}
                className="flex flex-col gap-1 p-4 hover:bg-slate-50 sm:flex-row sm:items-center sm:justify-between dark:hover:bg-slate-800"
              >
                <span className="font-medium text-slate-900 dark:text-white">{message.subject}</span>
                <span className="text-sm text-slate-600 dark:text-slate-300">
                  {t("dev.mailbox.to", { to: message.to })} ·{" "}
                  <time dateTime={message.sentAt}>{formatTimestamp(message.sentAt, undefined, locale)}</time>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
