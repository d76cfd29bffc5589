import { formatInZone, formatTimeOfDay, formatVisitDateTime, zoneLongName } from "~/utils/datetime";
import { data, Link, useFetcher } from "react-router";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { requireRole } from "~/platform/auth/session.server";
import {
  FormNotice,
  SubmitButton,
  TextAreaField,
  TextField,
  linkClass,
  sectionClass,
} from "~/components/form-controls";
import { useZonedTime, ZoneLabel } from "~/components/viewer-time-zone";
import { assignCaregiver } from "~/features/orders/assign-caregiver.server";
import { cancelOrder } from "~/features/orders/cancel-order.server";
import { AdminOrderActionSchema, AssignCaregiverSchema, CancelOrderSchema } from "~/features/orders/orders.schema";
import { getAdminOrder } from "~/features/orders/admin-orders.server";
import { getOrderTimeline } from "~/features/visit-notes/timeline.server";
import { formatMoney } from "~/utils/money";
import { getServerT, getTranslate, labelsFor } from "~/i18n/i18n.server";
import { quoteLineText } from "~/components/orders/care-quote";
import { ruleMissText } from "~/components/admin/rule-miss-text";
import { milesFigure } from "~/components/orders/match-reason-text";
import { metaT, useLabels, useT, useValidationMessage } from "~/i18n/react";
import { useSchemaForm } from "~/components/use-schema-form";
import { refusalData, throwRefusal } from "~/i18n/refusal-response";
import { OrderError } from "~/components/orders/order-error";
import { AdminVisitNotes } from "~/components/admin/visit-notes-section";
import { Facts } from "~/components/admin/facts";
import { VisitAttentionBadges } from "~/components/admin/visit-attention";
import { getOrderVisitAttention } from "~/features/visits/visit-attention.server";
import { SharedDocuments } from "~/components/care-documents/shared-documents";
import { listOrderSharedDocuments } from "~/features/care-documents/care-documents.server";
import type { Route } from "./+types/order";
import { parseForm } from "~/utils/form-data.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = metaT(matches, "admin");
  const orderNumber = loaderData?.order.orderNumber;
  return [
    { title: orderNumber ? t("order.metaTitle", { orderNumber }) : t("order.metaTitleFallback") },
    { name: "description", content: t("order.metaDescription") },
  ];
};

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireRole(request, ["admin"]);
  const { locale, t } = getServerT(request, "admin", actor.locale);
  const labels = labelsFor(locale);
  const requestT = getTranslate(locale, "request");
  const adminT = getTranslate(locale, "admin");
  const weekly = (cents: number, period: string) =>
    period === "week" ? t("common.perWeek", { amount: formatMoney(cents, locale) }) : formatMoney(cents, locale);
  try {
    const order = await getAdminOrder({ actor, orderId: params.orderId, request, locale });
    const careTimeline = await getOrderTimeline({ actor, orderId: order.id, as: "admin" });
    const attention = await getOrderVisitAttention({ actor, orderId: order.id });
    // The family's documents shared with this order: each opening is audited (admin_data_access).
    const sharedDocuments = await listOrderSharedDocuments({ actor, orderId: order.id, request });
    const care = order.request;
    return {
      order: {
        id: order.id,
        orderNumber: order.orderNumber,
        status: order.status,
        // The order's times read on the clock where care happens, as on the family's and the caregiver's pages;
        // the page names the zone when it is not the administrator's (components/viewer-time-zone.tsx).
        timeZone: order.timeZone,
        /** Always stated on this page: "Central Time (America/Chicago)". */
        timeZoneName: `${zoneLongName(order.createdAt, order.timeZone, locale, "longGeneric")} (${order.timeZone})`,
        createdAt: order.createdAt,
        client: order.client,
        caregiver: order.caregiver
          ? { name: `${order.caregiver.firstName} ${order.caregiver.lastInitial}.`, slug: order.caregiver.slug }
          : null,
        scheduleSummary: order.scheduleSummary,
        area: `${order.area.city ?? ""}${order.area.state ? `, ${order.area.state}` : ""} ${order.area.zip}`.trim(),
        request: {
          recipient: `${care.fullName}, ${care.age}, ${t(`order.genders.${care.gender}`, { defaultValue: care.gender.replace(/-/g, " ") })}`,
          forWhom: care.careRecipient === "self" ? t("order.forSelf") : t("order.forLovedOne"),
          phone: care.phoneNumber,
          address: `${care.streetAddress}, ${care.zipCode}`,
          services: care.serviceTypes.map(labels.service).join(", "),
          healthNeeds: care.healthNeeds.map(labels.healthNeed).join(", ") || t("order.noneGiven"),
          details: care.additionalDetails || t("order.noneGiven"),
          language: labels.language(care.preferredLanguage),
          gender:
            care.caregiverGender === "no-preference"
              ? t("order.noPreference")
              : t(`order.genders.${care.caregiverGender}`, { defaultValue: care.caregiverGender }),
          careType: care.careType === "live-in" ? t("order.liveIn") : t("order.hourly"),
          promoCode: care.promoCode || t("order.none"),
        },
        quote: {
          // The lines of the quote the order was booked at, in the reader's language.
          lines: order.quote.lines.map((line) => ({
            label: quoteLineText(line, requestT, labels, (cents) => formatMoney(cents, locale)),
            amount: formatMoney(line.amountCents, locale),
          })),
          total: weekly(order.quote.totalCents, order.quote.period),
          pay: weekly(order.quote.caregiverPayCents, order.quote.period),
        },
        offers: order.offers.map((offer) => ({
          ...offer,
          statusWords: lowerFirst(labels.offerStatus(offer.status)),
        })),
        timeline: order.timeline.map((entry) => ({
          label: labels.orderStatus(entry.status),
          at: entry.at,
          // The app's line in the page's language; a reason a person typed reads as typed.
          note: entry.note,
          by: t(`order.actorRoles.${entry.actorRole}`, { defaultValue: entry.actorRole }),
        })),
        visits: order.visits.map((visit) => ({
          id: visit.id,
          // A visit reads in its own zone, where care happens: "Mon, Dec 7, 2026 at 9:00 AM–1:00 PM", and the
          // page adds "CST" when that is not the administrator's zone.
          when: `${formatVisitDateTime(visit.startsAt, visit.timeZone, { locale })}–${formatTimeOfDay(formatInZone(visit.endsAt, visit.timeZone, "HH:mm"), locale)}`,
          startsAt: visit.startsAt,
          timeZone: visit.timeZone,
          status: labels.visitStatusWords(visit.status),
          attention: attention.get(visit.id) ?? null,
        })),
        needsCaregiverSince: order.needsCaregiverSince,
        // Nearest first, each with the matching rules choosing them overrides (none: they fit).
        candidates: order.candidates.map((candidate) => {
          const name = `${candidate.firstName} ${candidate.lastName}`;
          const miles = milesFigure(candidate.distanceMiles);
          return {
            caregiverId: candidate.caregiverId,
            label:
              candidate.misses.length === 0
                ? t("order.fits", { name, miles })
                : t("order.overrides", {
                    name,
                    miles,
                    rules: candidate.misses.map((miss) => ruleMissText(miss, adminT, labels)).join("; "),
                  }),
          };
        }),
        canAssign: order.canAssign,
        canCancel: order.canCancel,
        cancellation: order.cancellation
          ? {
              byClient: order.cancellation.byRole === "client",
              reason: order.cancellation.reason,
              at: order.cancellation.at,
            }
          : null,
      },
      careTimeline,
      sharedDocuments,
    };
  } catch (error) {
    throwRefusal(error, locale);
  }
}

type ActionResult = {
  intent: string;
  ok: boolean;
  message?: string;
  /** The form's errors and values, when its schema or a field's refusal turned it back. */
  result?: SubmissionResult<string[]>;
};

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireRole(request, ["admin"]);
  const { locale, t } = getServerT(request, "admin", actor.locale);
  const submission = await parseForm(request, AdminOrderActionSchema);
  const intent = String(submission.payload.intent ?? "");
  if (intent !== "cancel" && intent !== "assign")
    return data<ActionResult>({ intent, ok: false, message: t("common.unknownAction") }, { status: 400 });
  if (submission.status !== "success")
    return data<ActionResult>({ intent, ok: false, result: submission.reply() }, { status: 400 });
  const value = submission.value;
  try {
    if (value.intent === "cancel") {
      await cancelOrder({ actor, orderId: params.orderId, reason: value.reason, as: "admin", request });
      return { intent, ok: true, message: t("order.cancelledNotice") };
    }
    const { caregiverName } = await assignCaregiver({
      actor,
      orderId: params.orderId,
      caregiverId: value.caregiverId,
      reason: value.reason,
      request,
    });
    return { intent, ok: true, message: t("order.assignedNotice", { name: caregiverName }) };
  } catch (error) {
    return refusalData<ActionResult>(error, locale, ({ text, field }) => ({
      intent,
      ok: false,
      ...(field ? { result: submission.reply({ fieldErrors: { [field]: [text] } }) } : { message: text }),
    }));
  }
}

export default function AdminOrder({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const { t } = useT("admin");
  const labels = useLabels();
  const zoned = useZonedTime();
  const when = (date: Date | null) => (date ? zoned.dateTime(date, order.timeZone) : "");
  return (
    <div className="space-y-8">
      <header>
        <p>
          <Link to="/admin/orders" className={linkClass}>
            {t("order.allOrders")}
          </Link>
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight whitespace-nowrap text-slate-900 dark:text-white">
          {order.orderNumber}
        </h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">
          {t("order.submittedLine", { status: labels.orderStatus(order.status), date: when(order.createdAt) })}
        </p>
      </header>
      <ActionsResult />
      <section aria-labelledby="summary-heading" className={sectionClass}>
        <h2 id="summary-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          {t("order.summary")}
        </h2>
        <Facts
          rows={[
            [t("order.facts.status"), labels.orderStatus(order.status)],
            [t("order.facts.client"), `${order.client.name} (${order.client.email})`],
            [t("order.facts.caregiver"), order.caregiver?.name ?? t("common.notYet")],
            [t("order.facts.schedule"), order.scheduleSummary],
            [t("order.facts.timeZone"), order.timeZoneName],
            [t("order.facts.area"), order.area],
            ...(order.cancellation
              ? ([
                  [
                    t("order.facts.cancelled"),
                    t(order.cancellation.byClient ? "order.cancelledByClient" : "order.cancelledByAdmin", {
                      date: when(order.cancellation.at),
                      reason: order.cancellation.reason,
                    }),
                  ],
                ] as [string, string][])
              : []),
          ]}
        />
      </section>
      <section aria-labelledby="request-heading" className={sectionClass}>
        <h2 id="request-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          {t("order.careRequest")}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("order.healthInfoNotice")}</p>
        <Facts
          rows={[
            [t("order.facts.careRecipient"), order.request.recipient],
            [t("order.facts.requestedFor"), order.request.forWhom],
            [t("order.facts.phone"), order.request.phone],
            [t("order.facts.address"), order.request.address],
            [t("order.facts.services"), order.request.services],
            [t("order.facts.healthNeeds"), order.request.healthNeeds],
            [t("order.facts.details"), order.request.details],
            [t("order.facts.language"), order.request.language],
            [t("order.facts.caregiverGender"), order.request.gender],
            [t("order.facts.careType"), order.request.careType],
            [t("order.facts.promoCode"), order.request.promoCode],
          ]}
        />
      </section>
      <SharedDocuments documents={loaderData.sharedDocuments} viewer="admin" />
      <section aria-labelledby="quote-heading" className={sectionClass}>
        <h2 id="quote-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          {t("order.quoteHeading")}
        </h2>
        <Facts
          rows={[
            ...order.quote.lines.map((line): [string, string] => [line.label, line.amount]),
            [t("order.facts.total"), order.quote.total],
            [t("order.facts.caregiverPay"), order.quote.pay],
          ]}
        />
      </section>
      {order.needsCaregiverSince && (
        <FormNotice tone="warning">{t("order.needsCaregiver", { date: when(order.needsCaregiverSince) })}</FormNotice>
      )}
      {order.canAssign && <AssignSection candidates={order.candidates} />}
      <section aria-labelledby="offers-heading" className={sectionClass}>
        <h2 id="offers-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          {t("order.offers")}
        </h2>
        {order.offers.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t("order.noOffers")}</p>
        ) : (
          <ol className="mt-3 space-y-2 text-sm">
            {order.offers.map((offer) => (
              <li key={`${offer.caregiverId}-${offer.rank}`} className="text-slate-900 dark:text-white">
                <span className="font-semibold">
                  {offer.rank}. {offer.caregiverName}
                </span>{" "}
                {offer.respondedAt
                  ? t("order.offerAnswered", {
                      status: offer.statusWords,
                      offeredAt: when(offer.offeredAt),
                      respondedAt: when(offer.respondedAt),
                    })
                  : t("order.offerOpen", {
                      status: offer.statusWords,
                      offeredAt: when(offer.offeredAt),
                      expiresAt: when(offer.expiresAt),
                    })}
                {offer.byHand ? ` · ${t("order.offeredByHand", { reason: offer.byHand.reason })}` : ""}
                {offer.reason ? ` · ${offer.reason}` : ""}
              </li>
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby="timeline-heading" className={sectionClass}>
        <h2 id="timeline-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          {t("order.timeline")}
        </h2>
        <ol className="mt-3 space-y-2 text-sm">
          {order.timeline.map((entry, index) => (
            <li key={index} className="text-slate-900 dark:text-white">
              <span className="font-semibold">{entry.label}</span>{" "}
              {t("order.timelineEntry", { at: when(entry.at), by: entry.by })}
              {entry.note ? ` · ${entry.note}` : ""}
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="visits-heading" className={sectionClass}>
        <h2 id="visits-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          {t("order.visits")}
        </h2>
        {order.visits.some((visit) => visit.attention?.isLate || visit.attention?.hasNoBackup) && (
          <div className="mt-3">
            <FormNotice tone="warning">
              {t("order.visitAttention.needsYou")}{" "}
              <Link to="/admin/visits" className={linkClass}>
                {t("order.visitAttention.queueLink")}
              </Link>
            </FormNotice>
          </div>
        )}
        {order.visits.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t("order.noVisits")}</p>
        ) : (
          <ul className="mt-3 space-y-1 text-sm">
            {order.visits.map((visit) => (
              <li key={visit.id} className="text-slate-900 dark:text-white" data-visit-id={visit.id}>
                {visit.when}
                <ZoneLabel at={visit.startsAt} timeZone={visit.timeZone} /> · {visit.status}{" "}
                <VisitAttentionBadges attention={visit.attention} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <AdminVisitNotes timeline={loaderData.careTimeline} />
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

function AssignSection({ candidates }: { candidates: Route.ComponentProps["loaderData"]["order"]["candidates"] }) {
  const fetcher = useFetcher<ActionResult>({ key: "assign" });
  const result = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  const { t } = useT("admin");
  const translate = useValidationMessage();
  // The same schema checks the choice and the reason in the browser first.
  const [form, fields] = useSchemaForm(AssignCaregiverSchema, { id: "assign", lastResult: result?.result });
  const caregiverError = translate(fields.caregiverId.errors?.[0]);
  return (
    <section aria-labelledby="assign-heading" className={sectionClass}>
      <h2 id="assign-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        {t("order.assignHeading")}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("order.assignIntro")}</p>
      {result?.message && (
        <div className="mt-3">
          <FormNotice tone="error">{result.message}</FormNotice>
        </div>
      )}
      {candidates.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{t("order.noCandidates")}</p>
      ) : (
        <fetcher.Form method="post" className="mt-3 space-y-4" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="assign" />
          <fieldset aria-describedby={caregiverError ? "assign-caregiver-error" : undefined}>
            <legend className="text-sm font-medium text-slate-800 dark:text-slate-100">
              {t("order.candidatesLegend")}
            </legend>
            <ul className="mt-2 max-h-96 divide-y divide-slate-200 overflow-y-auto rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
              {candidates.map((candidate) => (
                <li key={candidate.caregiverId}>
                  <label className="flex cursor-pointer items-start gap-3 px-3 py-2 text-sm text-slate-900 hover:bg-slate-50 dark:text-white dark:hover:bg-slate-800">
                    <input
                      type="radio"
                      name={fields.caregiverId.name}
                      value={candidate.caregiverId}
                      required
                      className="mt-1 size-4 shrink-0 accent-teal-700"
                    />
                    <span className="min-w-0">{candidate.label}</span>
                  </label>
                </li>
              ))}
            </ul>
            {caregiverError && (
              <p id="assign-caregiver-error" className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
                {caregiverError}
              </p>
            )}
          </fieldset>
          <TextAreaField
            label={t("order.assignReasonLabel")}
            field={fields.reason}
            hint={t("order.assignReasonHint")}
            maxLength={1000}
            rows={3}
            required
          />
          <SubmitButton isPending={fetcher.state !== "idle"} pendingLabel={t("order.assigning")}>
            {t("order.assign")}
          </SubmitButton>
        </fetcher.Form>
      )}
    </section>
  );
}

function CancelSection() {
  const fetcher = useFetcher<ActionResult>({ key: "cancel" });
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const { t } = useT("admin");
  // The same schema checks the reason in the browser first.
  const [form, fields] = useSchemaForm(CancelOrderSchema, { id: "cancel", lastResult: result?.result });
  return (
    <section aria-labelledby="cancel-heading" className={sectionClass}>
      <h2 id="cancel-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        {t("order.cancelHeading")}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("order.cancelIntro")}</p>
      <fetcher.Form method="post" className="mt-3 space-y-3" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="cancel" />
        <TextField label={t("order.reasonLabel")} field={fields.reason} maxLength={1000} required />
        <SubmitButton isPending={fetcher.state !== "idle"} pendingLabel={t("order.cancelling")}>
          {t("order.cancelOrder")}
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
  const { t } = useT("admin");
  return <OrderError error={error} backTo="/admin/orders" backLabel={t("order.backToAll")} />;
}
