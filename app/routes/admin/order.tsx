import { format } from "date-fns";
import { data, Link, useFetcher } from "react-router";
import { requireRole } from "~/auth/session.server";
import { FormNotice, SubmitButton, TextField, linkClass, sectionClass } from "~/components/form-controls";
import { CARE_LANGUAGES } from "~/features/care-requests/care-request.schema";
import { languageName } from "~/features/matching/score";
import { assignCaregiver, cancelOrder } from "~/features/orders/offers.server";
import { AssignCaregiverSchema, CancelOrderSchema, ORDER_STATUS_LABELS } from "~/features/orders/orders.schema";
import { getAdminOrder } from "~/features/orders/queries.server";
import { formatCents } from "~/features/pricing/quote";
import { isAppError } from "~/utils/app-error";
import { SERVICES, type CareSkill } from "~/utils/services";
import { OrderError } from "../shared/order-error";
import type { Route } from "./+types/order";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.order.orderNumber ?? "Order"} | Tendly` },
  { name: "description", content: "One order, its offers and its visits." },
];

function utc(date: Date | null, pattern = "MMM d, yyyy HH:mm 'UTC'") {
  return date ? format(new Date(date.getTime() + date.getTimezoneOffset() * 60_000), pattern) : "";
}

const serviceTitle = (id: string) => SERVICES.find((service) => service.id === id)?.title ?? id;
const SKILL_WORDS: Record<CareSkill, string> = {
  dementia: "Dementia or memory care",
  "mobility-transfers": "Mobility and transfers",
  diabetes: "Diabetes care",
  "post-surgery": "Recovery after surgery",
  "hospice-support": "Hospice support",
  "medication-reminders": "Medication reminders",
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireRole(request, ["admin"]);
  try {
    const order = await getAdminOrder({ actor, orderId: params.orderId, request });
    const care = order.request;
    return {
      order: {
        id: order.id,
        orderNumber: order.orderNumber,
        status: order.status,
        submitted: utc(order.createdAt),
        client: order.client,
        caregiver: order.caregiver
          ? { name: `${order.caregiver.firstName} ${order.caregiver.lastInitial}.`, slug: order.caregiver.slug }
          : null,
        scheduleSummary: order.scheduleSummary,
        area: `${order.area.city ?? ""}${order.area.state ? `, ${order.area.state}` : ""} ${order.area.zip}`.trim(),
        request: {
          recipient: `${care.fullName}, ${care.age}, ${care.gender.replace(/-/g, " ")}`,
          forWhom: care.careRecipient === "self" ? "The client themself" : "A loved one",
          phone: care.phoneNumber,
          address: `${care.streetAddress}, ${care.zipCode}`,
          services: care.serviceTypes.map(serviceTitle).join(", "),
          healthNeeds: care.healthNeeds.map((need) => SKILL_WORDS[need] ?? need).join(", ") || "None given",
          details: care.additionalDetails || "None given",
          language:
            CARE_LANGUAGES.find((language) => language.code === care.preferredLanguage)?.label ??
            care.preferredLanguage,
          gender: care.caregiverGender === "no-preference" ? "No preference" : care.caregiverGender,
          careType: care.careType === "live-in" ? "Live-in" : "Hourly",
          promoCode: care.promoCode || "None",
        },
        quote: {
          lines: order.quote.lines.map((line) => ({ label: line.label, amount: formatCents(line.amountCents) })),
          total: `${formatCents(order.quote.totalCents)}${order.quote.period === "week" ? " a week" : ""}`,
          pay: `${formatCents(order.quote.caregiverPayCents)}${order.quote.period === "week" ? " a week" : ""}`,
        },
        offers: order.offers.map((offer) => ({
          ...offer,
          offeredAt: utc(offer.offeredAt),
          respondedAt: utc(offer.respondedAt),
          expiresAt: utc(offer.expiresAt),
        })),
        timeline: order.timeline.map((entry) => ({
          label: ORDER_STATUS_LABELS[entry.status],
          at: utc(entry.at),
          note: entry.note,
          by: entry.actorRole,
        })),
        visits: order.visits.map((visit) => ({
          id: visit.id,
          when: `${utc(visit.startsAt, "EEE, MMM d, yyyy HH:mm")}–${utc(visit.endsAt, "HH:mm")} UTC`,
          status: visit.status.replace("_", " "),
        })),
        matches: order.matches.map((match) => ({
          caregiverId: match.caregiverId,
          name: `${match.firstName} ${match.lastInitial}.`,
          score: match.score,
          languages: match.languages.map(languageName).join(", "),
          reasons: match.reasons,
        })),
        canAssign: order.canAssign,
        canCancel: order.canCancel,
        cancellation: order.cancellation
          ? {
              by: order.cancellation.byRole === "client" ? "the client" : "an administrator",
              reason: order.cancellation.reason,
              at: utc(order.cancellation.at),
            }
          : null,
      },
    };
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") throw data(error.message, { status: 404 });
    throw error;
  }
}

type ActionResult = { intent: string; ok: boolean; message?: string; fieldErrors?: Record<string, string> };

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireRole(request, ["admin"]);
  const form = Object.fromEntries(await request.formData());
  const intent = String(form.intent ?? "");
  try {
    if (intent === "cancel") {
      const parsed = CancelOrderSchema.safeParse(form);
      if (!parsed.success) {
        return data<ActionResult>(
          { intent, ok: false, fieldErrors: { reason: parsed.error.issues[0]?.message ?? "Give a reason" } },
          { status: 400 },
        );
      }
      await cancelOrder({ actor, orderId: params.orderId, reason: parsed.data.reason, as: "admin", request });
      return { intent, ok: true, message: "The order is cancelled. The client and the caregiver were emailed." };
    }
    if (intent === "assign") {
      const parsed = AssignCaregiverSchema.safeParse(form);
      if (!parsed.success)
        return data<ActionResult>({ intent, ok: false, message: "Choose a caregiver." }, { status: 400 });
      await assignCaregiver({ actor, orderId: params.orderId, caregiverId: parsed.data.caregiverId, request });
      return { intent, ok: true, message: "Caregiver assigned: the order is confirmed and its visits are booked." };
    }
  } catch (error) {
    if (isAppError(error)) return data<ActionResult>({ intent, ok: false, message: error.message }, { status: 409 });
    throw error;
  }
  return data<ActionResult>({ intent, ok: false, message: "Unknown action." }, { status: 400 });
}

function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold text-slate-700 dark:text-slate-200">{term}</dt>
          <dd className="break-words text-slate-900 dark:text-white">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function AdminOrder({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  return (
    <div className="space-y-8">
      <header>
        <p>
          <Link to="/admin/orders" className={linkClass}>
            All orders
          </Link>
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{order.orderNumber}</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">
          {ORDER_STATUS_LABELS[order.status]} · submitted {order.submitted}
        </p>
      </header>
      <ActionsResult />
      <section aria-labelledby="summary-heading" className={sectionClass}>
        <h2 id="summary-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          Summary
        </h2>
        <Facts
          rows={[
            ["Status", ORDER_STATUS_LABELS[order.status]],
            ["Client", `${order.client.name} (${order.client.email})`],
            ["Caregiver", order.caregiver?.name ?? "Not yet"],
            ["Schedule", order.scheduleSummary],
            ["Area", order.area],
            ...(order.cancellation
              ? ([
                  [
                    "Cancelled",
                    `By ${order.cancellation.by} on ${order.cancellation.at}: ${order.cancellation.reason}`,
                  ],
                ] as [string, string][])
              : []),
          ]}
        />
      </section>
      <section aria-labelledby="request-heading" className={sectionClass}>
        <h2 id="request-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          Care request
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Includes health information: your viewing is recorded.
        </p>
        <Facts
          rows={[
            ["Care recipient", order.request.recipient],
            ["Requested for", order.request.forWhom],
            ["Phone", order.request.phone],
            ["Address", order.request.address],
            ["Services", order.request.services],
            ["Health needs", order.request.healthNeeds],
            ["Details", order.request.details],
            ["Language", order.request.language],
            ["Caregiver gender", order.request.gender],
            ["Type of care", order.request.careType],
            ["Promo code", order.request.promoCode],
          ]}
        />
      </section>
      <section aria-labelledby="quote-heading" className={sectionClass}>
        <h2 id="quote-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          Quote as booked
        </h2>
        <Facts
          rows={[
            ...order.quote.lines.map((line): [string, string] => [line.label, line.amount]),
            ["Total", order.quote.total],
            ["Caregiver pay", order.quote.pay],
          ]}
        />
      </section>
      {order.canAssign && <AssignSection matches={order.matches} />}
      <section aria-labelledby="offers-heading" className={sectionClass}>
        <h2 id="offers-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          Offers
        </h2>
        {order.offers.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">Not offered to any caregiver yet.</p>
        ) : (
          <ol className="mt-3 space-y-2 text-sm">
            {order.offers.map((offer) => (
              <li key={`${offer.caregiverId}-${offer.rank}`} className="text-slate-900 dark:text-white">
                <span className="font-semibold">
                  {offer.rank}. {offer.caregiverName}
                </span>{" "}
                · {offer.status} · offered {offer.offeredAt}
                {offer.respondedAt ? ` · answered ${offer.respondedAt}` : ` · expires ${offer.expiresAt}`}
                {offer.reason ? ` · ${offer.reason}` : ""}
              </li>
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby="timeline-heading" className={sectionClass}>
        <h2 id="timeline-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          Timeline
        </h2>
        <ol className="mt-3 space-y-2 text-sm">
          {order.timeline.map((entry, index) => (
            <li key={index} className="text-slate-900 dark:text-white">
              <span className="font-semibold">{entry.label}</span> · {entry.at} · by {entry.by}
              {entry.note ? ` · ${entry.note}` : ""}
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="visits-heading" className={sectionClass}>
        <h2 id="visits-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          Visits
        </h2>
        {order.visits.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">No visits booked yet.</p>
        ) : (
          <ul className="mt-3 space-y-1 text-sm">
            {order.visits.map((visit) => (
              <li key={visit.id} className="text-slate-900 dark:text-white">
                {visit.when} · {visit.status}
              </li>
            ))}
          </ul>
        )}
      </section>
      {order.canCancel && <CancelSection />}
    </div>
  );
}

function ActionsResult() {
  const assign = useFetcher<ActionResult>({ key: "assign" });
  const cancel = useFetcher<ActionResult>({ key: "cancel" });
  const result = [assign, cancel].find((fetcher) => fetcher.state === "idle" && fetcher.data?.ok)?.data;
  return result?.message ? <FormNotice tone="success">{result.message}</FormNotice> : null;
}

function AssignSection({ matches }: { matches: Route.ComponentProps["loaderData"]["order"]["matches"] }) {
  const fetcher = useFetcher<ActionResult>({ key: "assign" });
  const error = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.message : undefined;
  return (
    <section aria-labelledby="assign-heading" className={sectionClass}>
      <h2 id="assign-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        Assign a caregiver
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        Caregivers who fit the request, best first. Assigning confirms the order with them and books the visits.
      </p>
      {error && (
        <div className="mt-3">
          <FormNotice tone="error">{error}</FormNotice>
        </div>
      )}
      {matches.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
          No approved caregiver fits this request right now (services, area, availability and other bookings).
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
          {matches.map((match) => (
            <li
              key={match.caregiverId}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0 text-sm">
                <p className="font-semibold text-slate-900 dark:text-white">
                  {match.name} · score {match.score}
                </p>
                <p className="text-slate-600 dark:text-slate-300">Speaks {match.languages}</p>
                <p className="text-slate-700 dark:text-slate-200">{match.reasons.join(" · ")}</p>
              </div>
              <fetcher.Form method="post">
                <input type="hidden" name="intent" value="assign" />
                <input type="hidden" name="caregiverId" value={match.caregiverId} />
                <SubmitButton
                  isPending={fetcher.state !== "idle" && fetcher.formData?.get("caregiverId") === match.caregiverId}
                  pendingLabel="Assigning..."
                  variant="secondary"
                >
                  Assign {match.name}
                </SubmitButton>
              </fetcher.Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CancelSection() {
  const fetcher = useFetcher<ActionResult>({ key: "cancel" });
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <section aria-labelledby="cancel-heading" className={sectionClass}>
      <h2 id="cancel-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        Cancel this order
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        The client and the caregiver are emailed with your reason; upcoming visits are cancelled.
      </p>
      <fetcher.Form method="post" noValidate className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="cancel" />
        <TextField
          label="Reason for cancelling"
          name="reason"
          maxLength={1000}
          required
          error={result?.fieldErrors?.reason}
        />
        <SubmitButton isPending={fetcher.state !== "idle"} pendingLabel="Cancelling...">
          Cancel order
        </SubmitButton>
      </fetcher.Form>
      {result && !result.ok && result.message && (
        <div className="mt-3">
          <FormNotice tone="error">{result.message}</FormNotice>
        </div>
      )}
    </section>
  );
}

// An unknown order stays inside the admin area, its menu kept.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <OrderError error={error} backTo="/admin/orders" backLabel="Back to all orders" />;
}
