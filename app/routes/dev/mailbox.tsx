import { Link } from "react-router";
import { listOutbox } from "~/email/mailer.server";
import { requireMailbox } from "./mailbox.server";
import type { Route } from "./+types/mailbox";

export const meta: Route.MetaFunction = () => [{ title: "Mailbox | Tendly" }, { name: "robots", content: "noindex" }];

export async function loader() {
  requireMailbox();
  return { messages: (await listOutbox()).map(({ id, to, subject, sentAt }) => ({ id, to, subject, sentAt })) };
}

export default function Mailbox({ loaderData }: Route.ComponentProps) {
  const { messages } = loaderData;
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Mailbox</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Emails written to the local outbox (<code>data/outbox/</code>). This page exists only while the server listens
        on loopback and sends no real email.
      </p>
      {messages.length === 0 ? (
        <p className="mt-8 rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-600 dark:text-slate-300">
          No emails yet. Emails such as verification and password-reset links appear here.
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
                  to {message.to} ·{" "}
                  <time dateTime={message.sentAt}>{new Date(message.sentAt).toLocaleString("en-US")}</time>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
