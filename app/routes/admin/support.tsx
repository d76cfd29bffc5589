import { VIEWER_TIME_ZONE, formatDateTime } from "~/utils/datetime";
import { Form, Link, useNavigation } from "react-router";
import { requireRole } from "~/platform/auth/session.server";
import { linkClass, sectionClass, secondaryButtonClass } from "~/components/form-controls";
import { closeSupportTicket, listSupportTickets } from "~/features/support/contact.server";
import { MessagesScreen } from "~/components/messages/messages-screen";
import {
  invalidPageMessage,
  loadMessagesPage,
  MESSAGE_FORM_MAX_BYTES,
  sendFromPage,
  WAITING_PARAM,
} from "~/routes/client/messages.server";
import { AdminSupportSchema, CloseTicketSchema } from "~/features/messaging/messaging.schema";
import { SUPPORT_TOPIC_IDS, SupportQuerySchema } from "~/features/support/support.schema";
import { FilterSelect, ListPager, ListSearch, SortLinks, listView, viewHref } from "~/components/list-kit";
import { searchParamsObject } from "~/utils/list-params";
import { useSchemaForm } from "~/components/use-schema-form";
import { getFormProps } from "@conform-to/react";
import { getServerT } from "~/i18n/i18n.server";
import { metaT, useLabels, useT } from "~/i18n/react";
import type { Locale } from "~/i18n/config";
import type { Route } from "./+types/support";
import { parseForm } from "~/utils/form-data.server";

// Support for administrators to answer: conversations families and caregivers
// open with Tendly Support (docs/product-rules.md, "Messages"; ?c=<id> opens
// one), then the messages sent through the contact page.

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "admin");
  return [{ title: t("support.metaTitle") }, { name: "description", content: t("support.metaDescription") }];
};

function formatUtc(date: Date, locale: Locale) {
  // "Nov 25, 2026 at 19:14 UTC": a stated zone, the same text on the server and after hydration.
  return formatDateTime(date, VIEWER_TIME_ZONE, locale);
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const actor = await requireRole(request, ["admin"]);
  const query = SupportQuerySchema.parse(searchParamsObject(url.searchParams));
  const list = await listSupportTickets({ actor, query });
  const { locale } = getServerT(request, "admin", actor.locale);
  const messages = await loadMessagesPage({ user: actor, area: "admin", url });
  return {
    messages,
    isWaitingOnly: url.searchParams.get(WAITING_PARAM) === "1",
    view: listView("/admin/support", query, list),
    topics: [...SUPPORT_TOPIC_IDS],
    tickets: list.rows.map((ticket) => ({
      id: ticket.id,
      name: ticket.name,
      email: ticket.email,
      topic: ticket.topic,
      message: ticket.message,
      received: formatUtc(ticket.createdAt, locale),
    })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireRole(request, ["admin"]);
  const submission = await parseForm(request, AdminSupportSchema, { maxBytes: MESSAGE_FORM_MAX_BYTES });
  if (submission.status !== "success") {
    // An answer missing a field goes back to the composer; anything else is no form of this page.
    if (submission.payload.intent !== "send") throw new Response("Bad Request", { status: 400 });
    return invalidPageMessage(getServerT(request, "messages", actor.locale).locale, submission.reply());
  }
  const input = submission.value;
  if (input.intent === "send") return sendFromPage({ request, user: actor, area: "admin", fields: input });
  await closeSupportTicket({ actor, ticketId: input.ticketId, request });
  return { ok: true, error: null };
}

/** "Mark as answered": one form per ticket. */
function CloseTicketForm({ ticketId, isClosing }: { ticketId: string; isClosing: boolean }) {
  const { t } = useT("admin");
  const [form] = useSchemaForm(CloseTicketSchema, { id: `close-ticket-${ticketId}` });
  return (
    <Form method="post" className="mt-4" {...getFormProps(form)}>
      <input type="hidden" name="ticketId" value={ticketId} />
      <button type="submit" name="intent" value="close" className={secondaryButtonClass} disabled={isClosing}>
        {t("support.markAnswered")}
      </button>
    </Form>
  );
}

const tabClass = (isActive: boolean) =>
  `rounded-full px-4 py-1.5 text-sm font-semibold ${isActive ? "bg-teal-700 text-white" : "bg-slate-100 text-slate-800 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-100"}`;

export default function AdminSupport({ loaderData, actionData }: Route.ComponentProps) {
  const { view, tickets, messages, topics, isWaitingOnly } = loaderData;
  const { status } = view.params;
  const { t: tl } = useT("lists");
  const navigation = useNavigation();
  const { t } = useT("admin");
  const { t: tm } = useT("messages");
  const { t: tc } = useT("console");
  const labels = useLabels();
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{t("support.heading")}</h1>
      <section aria-labelledby="support-conversations" className="mt-6">
        <MessagesScreen
          data={messages}
          actionError={actionData?.error}
          titleLevel={3}
          heading={
            <div>
              <h2 id="support-conversations" className="text-2xl font-bold tracking-tight">
                {tm("admin.heading")}
              </h2>
              <p className="mt-1 text-slate-600 dark:text-slate-300">{tm("admin.intro")}</p>
              {isWaitingOnly && (
                <p className="mt-2 font-medium">
                  {tc("support.waitingOnly")}{" "}
                  <Link to="/admin/support" className={linkClass}>
                    {tc("support.showAll")}
                  </Link>
                </p>
              )}
            </div>
          }
        />
      </section>
      <h2 id="tickets" className="mt-10 text-2xl font-bold tracking-tight">
        {tm("admin.ticketsHeading")}
      </h2>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t("support.intro")}</p>
      <nav aria-label={t("support.statusNav")} className="mt-6 flex gap-2">
        {(["open", "closed"] as const).map((each) => (
          <Link
            key={each}
            to={viewHref(view, { status: each, page: 1 })}
            className={tabClass(status === each)}
            aria-current={status === each ? "page" : undefined}
          >
            {each === "open" ? t("support.open") : t("support.answered")}
          </Link>
        ))}
      </nav>
      <div className="mt-6 space-y-4">
        <ListSearch
          key={viewHref(view, { page: 1 })}
          view={view}
          label={tl("support.search")}
          hint={tl("support.searchHint")}
          fields={["topic"]}
        >
          <FilterSelect
            label={tl("support.topic")}
            name="topic"
            value={view.params.topic}
            anyLabel={tl("support.anyTopic")}
            values={topics}
            labelOf={(topic) => labels.contactTopic(topic)}
          />
        </ListSearch>
        <SortLinks
          view={view}
          label={tl("support.sortLabel")}
          columns={[
            { column: "received", label: tl("support.sort.received"), firstDir: "desc" },
            { column: "name", label: tl("support.sort.name") },
            { column: "topic", label: tl("support.sort.topic") },
          ]}
        />
        <ListPager view={view} label={tl("support.pagesLabel")} className="" />
      </div>
      {tickets.length === 0 ? (
        <p className={`${sectionClass} mt-6`}>
          {view.params.q || view.params.topic
            ? tl("support.noMatch")
            : status === "open"
              ? t("support.noOpen")
              : t("support.noAnswered")}
        </p>
      ) : (
        <ul className="mt-6 space-y-4">
          {tickets.map((ticket) => (
            <li key={ticket.id}>
              <article className={sectionClass} aria-labelledby={`ticket-${ticket.id}`}>
                <header className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 id={`ticket-${ticket.id}`} className="text-lg font-semibold">
                    {labels.contactTopic(ticket.topic)}: {ticket.name}
                  </h3>
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
                  <CloseTicketForm
                    ticketId={ticket.id}
                    isClosing={navigation.state === "submitting" && navigation.formData?.get("ticketId") === ticket.id}
                  />
                )}
              </article>
            </li>
          ))}
        </ul>
      )}
      <ListPager view={view} label={tl("support.pagesLabel")} />
    </section>
  );
}
