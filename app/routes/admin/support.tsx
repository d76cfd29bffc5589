import { format } from "date-fns";
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { requireRole } from "~/auth/session.server";
import { sectionClass, secondaryButtonClass } from "~/components/form-controls";
import { closeSupportTicket, listSupportTickets } from "~/features/support/contact.server";
import { topicLabel } from "~/features/support/support.schema";
import type { Route } from "./+types/support";

// Messages sent through the contact page, for administrators to answer.

export const meta: Route.MetaFunction = () => [
  { title: "Support messages | Tendly" },
  { name: "description", content: "Messages sent through the contact page." },
];

const StatusSchema = z.enum(["open", "closed"]).catch("open");

function formatUtc(date: Date) {
  // Formatted on the server in UTC so that the hydrated page shows the same text.
  return format(new Date(date.getTime() + date.getTimezoneOffset() * 60_000), "MMM d, yyyy 'at' HH:mm 'UTC'");
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const actor = await requireRole(request, ["admin"]);
  const status = StatusSchema.parse(url.searchParams.get("status"));
  const tickets = await listSupportTickets({ actor, status });
  return {
    status,
    tickets: tickets.map((ticket) => ({
      id: ticket.id,
      name: ticket.name,
      email: ticket.email,
      topic: topicLabel(ticket.topic),
      message: ticket.message,
      received: formatUtc(ticket.createdAt),
    })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireRole(request, ["admin"]);
  const form = await request.formData();
  const ticketId = z.uuid().safeParse(form.get("ticketId"));
  if (form.get("intent") !== "close" || !ticketId.success) throw new Response("Bad Request", { status: 400 });
  await closeSupportTicket({ actor, ticketId: ticketId.data });
  return { ok: true };
}

const tabClass = (isActive: boolean) =>
  `rounded-full px-4 py-1.5 text-sm font-semibold ${isActive ? "bg-teal-700 text-white" : "bg-slate-100 text-slate-800 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-100"}`;

export default function AdminSupport({ loaderData }: Route.ComponentProps) {
  const { status, tickets } = loaderData;
  const navigation = useNavigation();
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Support messages</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Messages from the contact page. Reply by email, then mark them answered.
      </p>
      <nav aria-label="Message status" className="mt-6 flex gap-2">
        <Link
          to="?status=open"
          className={tabClass(status === "open")}
          aria-current={status === "open" ? "page" : undefined}
        >
          Open
        </Link>
        <Link
          to="?status=closed"
          className={tabClass(status === "closed")}
          aria-current={status === "closed" ? "page" : undefined}
        >
          Answered
        </Link>
      </nav>
      {tickets.length === 0 ? (
        <p className={`${sectionClass} mt-6`}>
          {status === "open" ? "No open messages. Everything has been answered." : "No answered messages yet."}
        </p>
      ) : (
        <ul className="mt-6 space-y-4">
          {tickets.map((ticket) => (
            <li key={ticket.id}>
              <article className={sectionClass} aria-labelledby={`ticket-${ticket.id}`}>
                <header className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 id={`ticket-${ticket.id}`} className="text-lg font-semibold">
                    {ticket.topic}: {ticket.name}
                  </h2>
                  <p className="text-sm text-slate-600 dark:text-slate-300">{ticket.received}</p>
                </header>
                <p className="mt-1 text-sm">
                  <a
                    href={`mailto:${ticket.email}`}
                    className="font-semibold text-teal-800 hover:underline dark:text-teal-300"
                  >
                    {ticket.email}
                  </a>
                </p>
                <p className="mt-3 whitespace-pre-wrap">{ticket.message}</p>
                {status === "open" && (
                  <Form method="post" className="mt-4">
                    <input type="hidden" name="ticketId" value={ticket.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="close"
                      className={secondaryButtonClass}
                      disabled={navigation.state === "submitting" && navigation.formData?.get("ticketId") === ticket.id}
                    >
                      Mark as answered
                    </button>
                  </Form>
                )}
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
